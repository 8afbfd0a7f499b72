/**
 * The 'Account' section of an expanded row of the user directory (issue "Security and scale"):
 * the account's state (enabled or disabled, admin, e-mail confirmed, two-step verification) and
 * what staff can do about it. Each action opens a small form asking for the reason (kept in the
 * audit log) and, for disabling and role changes when the last proof is older than 10 minutes,
 * the admin's password or a code; it posts to the directory's action.
 */
import { getFormProps, getInputProps, getTextareaProps, useForm } from '@conform-to/react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { useFetcher } from 'react-router';
import { ErrorList, Field, TextareaField } from '~/components/forms';
import { Badge } from '~/components/ui/badge';
import { Button, buttonClasses } from '~/components/ui/button';
import { dialogContentClasses, dialogOverlayClasses, dialogTitleClasses } from '~/components/ui/dialog';
import { formatDateTime } from '~/lib/format';
import { parseForm } from '~/lib/parse-form';
import { accountActionSchema, SENSITIVE_ACCOUNT_INTENTS, type AccountIntent } from '~/lib/schemas/account-admin';
import { useActionAnswer, type ActionAnswer } from '~/lib/use-action-answer';

export interface AccountView {
  email: string;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  isAdmin: boolean;
  disabledAt: string | null;
}

const LABELS: Record<AccountIntent, { button: string; title: string; explain: string }> = {
  disable: {
    button: 'Disable account',
    title: 'Disable this account',
    explain: 'Its sessions end at once and it cannot sign in until it is enabled again. Nothing is deleted.',
  },
  enable: { button: 'Enable account', title: 'Enable this account', explain: 'It can sign in again.' },
  'grant-admin': {
    button: 'Grant admin',
    title: 'Grant admin access',
    explain: 'The account will see every borrower’s files. It must set up two-step verification before any admin page.',
  },
  'remove-admin': { button: 'Remove admin', title: 'Remove admin access', explain: 'The account keeps its other roles.' },
  'reset-two-factor': {
    button: 'Reset two-step verification',
    title: 'Reset two-step verification',
    explain:
      'For a lost phone, once you are sure who is asking. The authenticator and recovery codes stop working and every session ends; the next sign-in needs only the password (an admin must enrol again).',
  },
  'send-reset': {
    button: 'Send password reset',
    title: 'Send a password-reset e-mail',
    explain: 'A link to choose a new password goes to the account’s address; it works for an hour.',
  },
  'resend-verification': {
    button: 'Resend verification',
    title: 'Resend the verification e-mail',
    explain: 'A new link to confirm the address goes to the account’s address.',
  },
};

function ActionDialog({
  userId,
  email,
  intent,
  confirm,
}: {
  userId: string;
  email: string;
  intent: AccountIntent;
  confirm: boolean;
}) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<ActionAnswer>();
  useActionAnswer(fetcher, { onSuccess: () => setOpen(false) });
  const [form, fields] = useForm({
    id: `account-${intent}-${userId}`,
    lastResult: fetcher.state === 'idle' ? fetcher.data?.result : undefined,
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseForm(formData, { schema: accountActionSchema }),
  });
  const label = LABELS[intent];
  const danger = intent === 'disable' || intent === 'remove-admin' || intent === 'reset-two-factor';
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className={buttonClasses('secondary', 'sm')}>{label.button}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={dialogOverlayClasses} />
        <Dialog.Content aria-describedby={undefined} className={dialogContentClasses('30rem')}>
          <Dialog.Title className={dialogTitleClasses}>{label.title}</Dialog.Title>
          <p className="mt-2 text-sm text-muted">
            <span className="font-medium text-navy-900">{email}</span>. {label.explain}
          </p>
          <fetcher.Form method="post" action="/admin-dashboard/users" {...getFormProps(form)} className="mt-5 grid gap-4">
            <input type="hidden" name="intent" value={intent} />
            <input type="hidden" name="userId" value={userId} />
            <TextareaField
              label="Reason"
              hint="Kept in the audit log with your name."
              errors={fields.reason.errors}
              textareaProps={{ ...getTextareaProps(fields.reason), rows: 3 }}
            />
            {confirm && SENSITIVE_ACCOUNT_INTENTS.has(intent) && (
              <Field
                label="Your password or authenticator code"
                hint="Asked again when you last confirmed more than 10 minutes ago."
                errors={fields.confirmation.errors}
                inputProps={{ ...getInputProps(fields.confirmation, { type: 'password' }), autoComplete: 'current-password' }}
              />
            )}
            <ErrorList id={form.errorId} errors={form.errors} />
            <div className="flex justify-end gap-3">
              <Dialog.Close className={buttonClasses('secondary')}>Cancel</Dialog.Close>
              <Button
                type="submit"
                variant="navy"
                className={danger ? 'bg-danger hover:bg-red-800' : undefined}
                disabled={fetcher.state !== 'idle'}
              >
                {fetcher.state !== 'idle' ? 'Working…' : label.button}
              </Button>
            </div>
          </fetcher.Form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export function AccountActions({
  userId,
  account,
  self,
  confirmationNeeded,
}: {
  userId: string;
  account: AccountView;
  self: boolean;
  confirmationNeeded: boolean;
}) {
  const intents: AccountIntent[] = [
    account.disabledAt ? 'enable' : 'disable',
    account.isAdmin ? 'remove-admin' : 'grant-admin',
    ...(account.twoFactorEnabled && !self ? (['reset-two-factor'] as const) : []),
    'send-reset',
    ...(account.emailVerified ? [] : (['resend-verification'] as const)),
  ];
  return (
    <section className="lg:col-span-2">
      <h3 className="font-sans text-sm font-semibold tracking-wide text-muted uppercase">Account</h3>
      <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
        {account.disabledAt ? (
          <Badge tone="danger">Disabled since {formatDateTime(account.disabledAt)}</Badge>
        ) : (
          <Badge tone="success">Enabled</Badge>
        )}
        {account.isAdmin && <Badge tone="attention">Admin</Badge>}
        <Badge tone={account.emailVerified ? 'neutral' : 'attention'}>
          {account.emailVerified ? 'E-mail confirmed' : 'E-mail not confirmed'}
        </Badge>
        <Badge tone={account.twoFactorEnabled ? 'success' : 'neutral'}>
          Two-step verification {account.twoFactorEnabled ? 'on' : 'off'}
        </Badge>
        {self && <span className="text-muted">(your own account)</span>}
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        {intents.map((intent) => (
          <ActionDialog key={intent} userId={userId} email={account.email} intent={intent} confirm={confirmationNeeded} />
        ))}
      </div>
    </section>
  );
}
