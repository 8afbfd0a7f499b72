/**
 * Notification Preferences (product §2 Profile; product decisions: saved and honoured): e-mail,
 * SMS and marketing e-mails.
 */
import { Mail } from 'lucide-react';
import { SaveResult, useProfileFetcher, type ProfileView } from './parts';
import { Choice } from '~/components/forms';
import { Button } from '~/components/ui/button';
import { Card, CardHeader } from '~/components/ui/card';

export function NotificationPreferences({ profile }: { profile: ProfileView }) {
  const fetcher = useProfileFetcher();
  return (
    <Card pad="lg">
      <CardHeader
        title="Notification Preferences"
        icon={<Mail aria-hidden className="size-5 text-brass-600" />}
        action={<SaveResult fetcher={fetcher} />}
      />
      <fetcher.Form method="post" className="grid gap-4">
        <input type="hidden" name="intent" value="notifications" />
        <Choice
          label="Email notifications"
          description="Updates about your documents, deals and account. Security e-mails are always sent."
          inputProps={{ type: 'checkbox', name: 'notifyEmail', defaultChecked: profile.notifyEmail }}
        />
        <Choice
          label="SMS notifications"
          description="Text messages for time-sensitive updates."
          inputProps={{ type: 'checkbox', name: 'notifySms', defaultChecked: profile.notifySms }}
        />
        <Choice
          label="Marketing e-mails"
          description="New programmes, market letters and events."
          inputProps={{ type: 'checkbox', name: 'notifyMarketing', defaultChecked: profile.notifyMarketing }}
        />
        <div>
          <Button type="submit" variant="navy" disabled={fetcher.state !== 'idle'}>
            {fetcher.state !== 'idle' ? 'Saving…' : 'Save preferences'}
          </Button>
        </div>
      </fetcher.Form>
    </Card>
  );
}
