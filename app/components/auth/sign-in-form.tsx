/**
 * The Sign In tab of /login (product §2 Login / sign-up, §8 Login): e-mail and password with a
 * show-password toggle, 'Forgot password?' (needs only the e-mail), and, after a sign-in refused
 * for an unconfirmed address, 'Resend verification e-mail'. Posts to the page's action.
 */
import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { CheckCircle2, MailWarning } from 'lucide-react';
import { Form, Link, useActionData, useNavigation, useSearchParams } from 'react-router';
import { ErrorList, Field, PasswordField } from '~/components/forms';
import { Button } from '~/components/ui/button';
import { parseForm } from '~/lib/parse-form';
import { forgotPasswordSchema, signInSchema } from '~/lib/schemas/auth';
import type { Toast } from '~/lib/toast';

/** What the account actions of /login answer (auth-actions.server.ts). */
export interface AuthAnswer {
  intent?: 'signin' | 'signup' | 'forgot' | 'reset' | 'resend';
  ok: boolean;
  result?: SubmissionResult<string[]>;
  toast?: Toast | null;
  /** A sign-in refused because the address is not confirmed yet. */
  unverified?: boolean;
  /** The address an account was created for, or a verification e-mail sent to. */
  email?: string;
  /** A resend asked from the 'Account Created' panel (the page keeps showing it). */
  fromCreated?: boolean;
}

export function SignInForm() {
  const actionData = useActionData<AuthAnswer>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const last = actionData?.intent === 'signin' || actionData?.intent === 'forgot' ? actionData : undefined;
  const [form, fields] = useForm({
    id: 'sign-in',
    lastResult: navigation.state === 'idle' ? last?.result : undefined,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate({ formData }) {
      // 'Forgot password?' and 'Resend' need only the e-mail (a subset of the sign-in shape).
      const schema = formData.get('intent') === 'signin' ? signInSchema : forgotPasswordSchema;
      return parseForm(formData, { schema: schema as typeof signInSchema });
    },
  });
  const pending = navigation.state !== 'idle' ? navigation.formData?.get('intent') : null;
  const resetSent = actionData?.intent === 'forgot' && actionData.ok;
  const resent = actionData?.intent === 'resend' && actionData.ok;
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-5">
      <h2 className="sr-only">Sign In</h2>
      <input type="hidden" name="redirectTo" value={params.get('redirectTo') ?? ''} />
      {(resetSent || resent) && (
        <p role="status" className="flex gap-2 rounded-lg bg-navy-50 p-3 text-sm text-navy-900">
          <CheckCircle2 aria-hidden className="size-5 shrink-0 text-success" />
          {resetSent
            ? 'Reset Email Sent. Check your email for password reset instructions'
            : 'Verification e-mail sent. If this address has an account waiting for confirmation, a new link is on its way.'}
        </p>
      )}
      <Field
        label="Email"
        errors={fields.email.errors}
        inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
      />
      <PasswordField
        label="Password"
        errors={fields.password.errors}
        inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'current-password' }}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      {/* The main action comes first in the form, so Enter in a field signs in (implicit submission). */}
      <div className="flex flex-col gap-4 sm:flex-row-reverse sm:items-center sm:justify-between">
        <Button type="submit" name="intent" value="signin" variant="navy" size="lg" disabled={pending === 'signin'}>
          {pending === 'signin' ? 'Signing in…' : 'Sign In'}
        </Button>
        <button
          type="submit"
          name="intent"
          value="forgot"
          formNoValidate
          className="min-h-11 text-left text-sm font-medium text-navy-700 underline-offset-4 hover:underline"
        >
          Forgot password?
        </button>
      </div>
      {last?.unverified && (
        <div className="flex flex-col gap-3 rounded-lg border border-brass-300 bg-brass-50 p-4 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p className="flex gap-2 text-navy-900">
            <MailWarning aria-hidden className="size-5 shrink-0 text-brass-700" />
            The link we sent may have expired or gone astray.
          </p>
          <Button type="submit" name="intent" value="resend" variant="secondary" size="sm" formNoValidate disabled={!!pending}>
            {pending === 'resend' ? 'Sending…' : 'Resend verification e-mail'}
          </Button>
        </div>
      )}
      <p className="text-sm text-muted">
        New here? Use the Create Account tab. Staff sign in on the{' '}
        <Link to="/admin-login" className="font-medium text-navy-800 underline underline-offset-4">
          admin login
        </Link>
        .
      </p>
    </Form>
  );
}
