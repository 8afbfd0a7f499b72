/**
 * /reset-password: the page a reset e-mail's link opens (better-auth checks the token and
 * redirects here with `?token=` or `?error=INVALID_TOKEN`). The new password follows the
 * sign-up rule; on success every session of the user is signed out (better-auth
 * revokeSessionsOnPasswordReset) and the visitor goes to the sign-in page they came from.
 */
import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { parseForm } from '~/lib/parse-form';
import { useState } from 'react';
import { Form, Link, useActionData, useNavigation } from 'react-router';
import type { Route } from './+types/reset-password';
import { AuthShell } from '~/components/auth/auth-shell';
import { PasswordChecklist } from '~/components/auth/password-checklist';
import { ErrorList, Field } from '~/components/forms';
import { Button } from '~/components/ui/button';
import { newPasswordSchema } from '~/lib/schemas/auth';
import { useActionAnswer } from '~/lib/use-action-answer';
import { answerRefusals } from '~/server/answers.server';
import { resetPasswordAction } from '~/server/auth-actions.server';
import { readForm } from '~/server/forms.server';
import { requestInfo } from '~/load-context';

function signInPath(url: URL) {
  return url.searchParams.get('from') === 'admin' ? '/admin-login' : '/login';
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get('token') ?? '';
  return { token, invalid: !token || url.searchParams.has('error'), signIn: signInPath(url) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return answerRefusals(async () =>
    resetPasswordAction(request, requestInfo(context).clientIp, await readForm(request), signInPath(new URL(request.url))),
  );
}

export default function ResetPasswordPage({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [form, fields] = useForm({
    id: 'reset-password',
    lastResult: navigation.state === 'idle' ? actionData?.result : undefined,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, { schema: newPasswordSchema }),
  });
  useActionAnswer({ state: useNavigation().state, data: actionData });

  return (
    <AuthShell
      eyebrow="Account"
      title="Choose a new password"
      lead="A strong password keeps your documents and investments private."
    >
      {loaderData.invalid ? (
        <div role="alert" className="py-8">
          <h2 className="text-2xl">This link is invalid or has expired</h2>
          <p className="mt-3 text-muted">Reset links are valid for one hour and can be used once. Please request a new one.</p>
          <Link to={loaderData.signIn} className="mt-6 inline-block font-semibold text-navy-800 underline underline-offset-4">
            Back to sign in
          </Link>
        </div>
      ) : (
        <Form method="post" {...getFormProps(form)} className="mt-6 grid max-w-lg gap-5 lg:mt-0">
          <h2 className="text-2xl">Set a new password</h2>
          <input type="hidden" name="token" value={loaderData.token} />
          <Field
            label="New password"
            errors={fields.newPassword.errors}
            inputProps={{
              ...getInputProps(fields.newPassword, { type: 'password' }),
              autoComplete: 'new-password',
              onInput: (e) => setPassword(e.currentTarget.value),
            }}
          />
          <Field
            label="Confirm new password"
            errors={fields.confirmPassword.errors}
            inputProps={{
              ...getInputProps(fields.confirmPassword, { type: 'password' }),
              autoComplete: 'new-password',
              onInput: (e) => setConfirmation(e.currentTarget.value),
            }}
          />
          <PasswordChecklist id="new-password-rules" password={password} confirmation={confirmation} />
          <ErrorList id={form.errorId} errors={form.errors} />
          <Button type="submit" variant="navy" size="lg" disabled={navigation.state !== 'idle'}>
            {navigation.state !== 'idle' ? 'Updating...' : 'Update Password'}
          </Button>
        </Form>
      )}
    </AuthShell>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: 'Reset Password | Ormsby Lending' },
  { name: 'robots', content: 'noindex' },
];
