/**
 * /admin-login (product §2 Admin login, §8 Admin login and Reset (admin)): e-mail, password with a
 * show/hide toggle, 'Forgot password?' (the reset link returns here) and 'Log In'. A signed-in
 * visitor goes to /admin-dashboard (which sends non-admins to /). A non-admin who signs in here
 * is told the account has no admin access and gets no session.
 */
import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { parseForm } from '~/lib/parse-form';
import { Form, redirect, useActionData, useNavigation, useSearchParams } from 'react-router';
import type { Route } from './+types/admin-login';
import { ErrorList, Field, PasswordField } from '~/components/forms';
import { SecurePanel } from '~/components/auth/secure-panel';
import { Button } from '~/components/ui/button';
import { forgotPasswordSchema, signInSchema } from '~/lib/schemas/auth';
import { useActionAnswer } from '~/lib/use-action-answer';
import { answerRefusals } from '~/server/answers.server';
import { forgotPasswordAction, signInAction } from '~/server/auth-actions.server';
import { readForm, readIntent } from '~/server/forms.server';
import { getViewer } from '~/server/viewer.server';
import { requestInfo } from '~/load-context';

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getViewer({ request, context })) throw redirect('/admin-dashboard');
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  return answerRefusals(async () => {
    const formData = await readForm(request);
    const { intent } = readIntent(formData, ['signin', 'forgot'], { absent: 'signin' });
    if (intent === 'forgot') {
      const sent = await forgotPasswordAction(request, requestInfo(context).clientIp, formData, '/reset-password?from=admin');
      // Spec §8 Reset (admin): its own success wording.
      if (sent.data.ok)
        sent.data.toast = {
          type: 'success',
          title: 'Reset Email Sent',
          description: 'Password reset email sent. Check your inbox for instructions.',
        };
      return sent;
    }
    return signInAction(request, requestInfo(context).clientIp, formData, { admin: true });
  });
}

export default function AdminLoginPage() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const [form, fields] = useForm({
    id: 'admin-login',
    lastResult: navigation.state === 'idle' ? actionData?.result : undefined,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate({ formData }) {
      const schema = formData.get('intent') === 'forgot' ? forgotPasswordSchema : signInSchema;
      return parseForm(formData, { schema: schema as typeof signInSchema });
    },
  });
  useActionAnswer({ state: useNavigation().state, data: actionData });
  const busy = navigation.state !== 'idle';
  const resetSent = actionData?.intent === 'forgot' && actionData.ok;

  return (
    <SecurePanel title="Admin Login" subtitle="For Ormsby Lending staff.">
      <Form method="post" {...getFormProps(form)} className="mt-6 grid gap-5">
        <input type="hidden" name="redirectTo" value={params.get('redirectTo') ?? ''} />
        {resetSent && (
          <p role="status" className="rounded-lg bg-navy-50 p-3 text-sm text-navy-900">
            Password reset email sent. Check your inbox for instructions.
          </p>
        )}
        <Field
          label="Email"
          errors={fields.email.errors}
          inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'username' }}
        />
        <PasswordField
          label="Password"
          errors={fields.password.errors}
          inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'current-password' }}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        {/* The main action comes first in the form, so Enter in a field logs in (implicit submission). */}
        <div className="flex flex-row-reverse items-center justify-between gap-4">
          <Button type="submit" name="intent" value="signin" variant="navy" size="lg" disabled={busy}>
            {busy ? 'Logging in…' : 'Log In'}
          </Button>
          <button
            type="submit"
            name="intent"
            value="forgot"
            formNoValidate
            className="min-h-11 text-sm font-medium text-navy-700 underline-offset-4 hover:underline"
          >
            Forgot password?
          </button>
        </div>
      </Form>
    </SecurePanel>
  );
}

export const meta: Route.MetaFunction = () => [{ title: 'Admin Login | Ormsby Lending' }, { name: 'robots', content: 'noindex' }];
