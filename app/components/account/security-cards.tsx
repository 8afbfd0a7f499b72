/**
 * The cards of a user's own security settings that the profile and the admin's Settings share
 * (issue "Security and scale"): 'Two-step verification' (on or off; turning it on goes to
 * /two-factor/setup, off asks for the password; staff must keep it) and 'Where you're signed
 * in' (each session's device, client address, start and last activity; end any other one).
 * Both post to the page's own action (intents of app/server/actions/account-security.server.ts).
 */
import { Laptop, Loader2, LogOut, ShieldCheck, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { Link, useFetcher } from 'react-router';
import { PasswordField } from '~/components/forms';
import { Badge } from '~/components/ui/badge';
import { Button, buttonClasses } from '~/components/ui/button';
import { Card, CardHeader } from '~/components/ui/card';
import { formatDateTime } from '~/lib/format';
import { useActionAnswer, type ActionAnswer } from '~/lib/use-action-answer';
import type { SignedInSession } from '~/lib/sessions';

export function TwoFactorCard({ enabled, required, back }: { enabled: boolean; required: boolean; back: string }) {
  const fetcher = useFetcher<ActionAnswer>();
  useActionAnswer(fetcher);
  const [turningOff, setTurningOff] = useState(false);
  return (
    <Card pad="lg">
      <CardHeader
        title="Two-step verification"
        icon={<ShieldCheck aria-hidden className="size-5 text-brass-600" />}
        action={<Badge tone={enabled ? 'success' : 'neutral'}>{enabled ? 'On' : 'Off'}</Badge>}
      />
      <p className="text-sm text-muted">
        {enabled
          ? 'Each sign-in asks for a code from your authenticator app (or a recovery code) after your password.'
          : 'Add a code from an authenticator app on your phone to your password, so a stolen password alone cannot open your account.'}
      </p>
      {!enabled && (
        <Link to={`/two-factor/setup?redirectTo=${encodeURIComponent(back)}`} className={buttonClasses('navy', 'md', 'mt-4')}>
          Turn on two-step verification
        </Link>
      )}
      {enabled && required && <p className="mt-3 text-sm text-muted">Staff accounts keep it on.</p>}
      {enabled && !required && !turningOff && (
        <Button variant="secondary" className="mt-4" onClick={() => setTurningOff(true)}>
          Turn off
        </Button>
      )}
      {enabled && !required && turningOff && (
        <fetcher.Form method="post" className="mt-4 grid max-w-md gap-3">
          <input type="hidden" name="intent" value="two-factor-off" />
          <PasswordField
            label="Your password"
            inputProps={{ name: 'password', required: true, autoComplete: 'current-password' }}
          />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" variant="navy" disabled={fetcher.state !== 'idle'}>
              {fetcher.state !== 'idle' ? 'Turning off…' : 'Turn off two-step verification'}
            </Button>
            <Button type="button" variant="secondary" onClick={() => setTurningOff(false)}>
              Cancel
            </Button>
          </div>
        </fetcher.Form>
      )}
    </Card>
  );
}

function SessionRow({ s }: { s: SignedInSession }) {
  const fetcher = useFetcher<ActionAnswer>();
  useActionAnswer(fetcher);
  const phone = /iOS|Android/.test(s.device);
  const Icon = phone ? Smartphone : Laptop;
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 gap-3">
        <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-navy-700" />
        <div className="min-w-0 text-sm">
          <p className="font-medium text-navy-900">
            {s.device} {s.current && <Badge tone="success">This device</Badge>}
          </p>
          <p className="text-muted">{s.clientIp ?? 'Unknown address'}</p>
          <p className="text-muted">
            Signed in {formatDateTime(s.startedAt)} · Last active {formatDateTime(s.lastActiveAt)}
          </p>
        </div>
      </div>
      {!s.current && (
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="end-session" />
          <input type="hidden" name="sessionId" value={s.id} />
          <Button
            type="submit"
            variant="secondary"
            size="sm"
            disabled={fetcher.state !== 'idle'}
            aria-label={`Sign out ${s.device}, signed in ${formatDateTime(s.startedAt)}`}
          >
            {fetcher.state !== 'idle' ? (
              <Loader2 aria-hidden className="size-4 animate-spin" />
            ) : (
              <LogOut aria-hidden className="size-4" />
            )}
            Sign out
          </Button>
        </fetcher.Form>
      )}
    </li>
  );
}

export function SignedInSessions({ sessions }: { sessions: SignedInSession[] }) {
  return (
    <Card pad="lg">
      <CardHeader title="Where you’re signed in" icon={<Laptop aria-hidden className="size-5 text-brass-600" />} />
      <p className="text-sm text-muted">If you don’t recognise a device, sign it out and change your password.</p>
      <ul className="mt-2 divide-y divide-line" aria-label="Sessions">
        {sessions.map((s) => (
          <SessionRow key={s.id} s={s} />
        ))}
      </ul>
    </Card>
  );
}
