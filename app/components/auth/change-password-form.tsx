/**
 * The change-password form (product §5 change password, §8 Password change; product decisions): Current
 * Password, New Password and Confirm New Password with the live rule checklist; 'Update
 * Password' stays disabled until all three are filled and reads 'Updating...' while working.
 * Used by the profile's security settings and the admin 'Change Admin Password' dialog; the
 * route's action answers with `changePasswordAction`.
 */
import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseForm } from '~/lib/parse-form';
import { useState, type ReactNode } from 'react';
import type { useFetcher } from 'react-router';
import { PasswordChecklist } from './password-checklist';
import { ErrorList, Field } from '~/components/forms';
import { Button } from '~/components/ui/button';
import { changePasswordSchema } from '~/lib/schemas/auth';
import type { Toast } from '~/lib/toast';
import { useActionAnswer } from '~/lib/use-action-answer';

export interface ChangePasswordAnswer {
  ok: boolean;
  toast?: Toast | null;
  result?: SubmissionResult<string[]>;
}

const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordForm({
  id,
  fetcher,
  onSuccess,
  extraButtons,
  className,
}: {
  id: string;
  fetcher: ReturnType<typeof useFetcher<ChangePasswordAnswer>>;
  onSuccess?: () => void;
  extraButtons?: ReactNode;
  className?: string;
}) {
  const [values, setValues] = useState(empty);
  const [changed, setChanged] = useState(false);
  const [form, fields] = useForm({
    id,
    lastResult: fetcher.state === 'idle' ? fetcher.data?.result : undefined,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, { schema: changePasswordSchema }),
  });
  useActionAnswer(fetcher, {
    onSuccess() {
      setValues(empty);
      setChanged(true);
      onSuccess?.();
    },
  });
  const busy = fetcher.state !== 'idle';
  const filled = values.currentPassword && values.newPassword && values.confirmPassword;
  const track = (name: keyof typeof values) => (e: React.FormEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [name]: value }));
  };
  const password = (name: keyof typeof values, label: string, autoComplete: string) => (
    <Field
      label={label}
      errors={fields[name].errors}
      inputProps={{ ...getInputProps(fields[name], { type: 'password' }), autoComplete, onInput: track(name) }}
    />
  );
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className={className}>
      <input type="hidden" name="intent" value="change-password" />
      {password('currentPassword', 'Current Password', 'current-password')}
      {password('newPassword', 'New Password', 'new-password')}
      {password('confirmPassword', 'Confirm New Password', 'new-password')}
      <PasswordChecklist id={`${id}-rules`} password={values.newPassword} confirmation={values.confirmPassword} />
      <ErrorList id={form.errorId} errors={form.errors} />
      {changed && !values.currentPassword && (
        <p role="status" className="text-sm text-success">
          Password updated successfully
        </p>
      )}
      <div className={extraButtons ? 'flex justify-end gap-3' : 'flex'}>
        {extraButtons}
        <Button type="submit" variant="navy" disabled={!filled || busy}>
          {busy ? 'Updating...' : 'Update Password'}
        </Button>
      </div>
    </fetcher.Form>
  );
}
