/**
 * Security Settings (product §2 Profile, §5 change password; product decisions): the real last
 * sign-in, a reset e-mail, change password (the current one checked by the server, other sessions
 * signed out) and 'Logout All Devices' (every session, this one included).
 */
import { KeyRound, LogOut, Mail, ShieldCheck } from 'lucide-react';
import { useFetcher } from 'react-router';
import { useProfileFetcher, type ProfileAnswer, type ProfileView } from './parts';
import { ChangePasswordForm } from '~/components/auth/change-password-form';
import { Button } from '~/components/ui/button';
import { Card, CardHeader } from '~/components/ui/card';
import { formatDateTime } from '~/lib/format';

export function SecuritySettings({ profile }: { profile: ProfileView }) {
  const reset = useProfileFetcher();
  const change = useFetcher<ProfileAnswer>();
  const logout = useFetcher<ProfileAnswer>();
  return (
    <Card pad="lg">
      <CardHeader title="Security Settings" icon={<ShieldCheck aria-hidden className="size-5 text-brass-600" />} />
      <div className="grid gap-8">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h3 className="font-sans text-base font-semibold text-navy-900">Last Login</h3>
            <p className="text-sm text-muted">{profile.lastLoginAt ? formatDateTime(profile.lastLoginAt) : 'Never'}</p>
          </div>
        </div>

        <div className="border-t border-line pt-6">
          <h3 className="font-sans text-base font-semibold text-navy-900">Reset password by e-mail</h3>
          <p className="mt-1 text-sm text-muted">We send a link to {profile.email} to choose a new password.</p>
          {reset.data?.intent === 'reset-email' && reset.data.ok && (
            <p role="status" className="mt-3 rounded-lg bg-navy-50 p-3 text-sm text-navy-900">
              Password reset email sent. Check your inbox for instructions.
            </p>
          )}
          <reset.Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="reset-email" />
            <Button type="submit" variant="secondary" disabled={reset.state !== 'idle'}>
              <Mail aria-hidden className="size-4" />
              {reset.state !== 'idle' ? 'Sending…' : 'Send reset email'}
            </Button>
          </reset.Form>
        </div>

        <div className="border-t border-line pt-6">
          <h3 className="flex items-center gap-2 font-sans text-base font-semibold text-navy-900">
            <KeyRound aria-hidden className="size-4" /> Change password
          </h3>
          <ChangePasswordForm id="change-password" fetcher={change} className="mt-4 grid max-w-xl gap-4" />
        </div>

        <div className="border-t border-line pt-6">
          <h3 className="font-sans text-base font-semibold text-navy-900">Sessions</h3>
          <p className="mt-1 text-sm text-muted">Sign out on every device where you are signed in, this one included.</p>
          <logout.Form
            method="post"
            className="mt-3"
            onSubmit={(e) => {
              if (!window.confirm('Sign out on every device, including this one?')) e.preventDefault();
            }}
          >
            <input type="hidden" name="intent" value="logout-all" />
            <Button type="submit" variant="secondary" disabled={logout.state !== 'idle'}>
              <LogOut aria-hidden className="size-4" />
              Logout All Devices
            </Button>
          </logout.Form>
        </div>
      </div>
    </Card>
  );
}
