/**
 * /two-factor, the second step of a sign-in (issue "Security and scale"): after a right password
 * for an account with an authenticator app, the 6-digit code, or one of the ten recovery codes
 * (each works once). Reached only with better-auth's signed challenge cookie (10 minutes);
 * without it, back to the sign-in page. `from=admin` returns to /admin-login.
 */
import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { useState } from 'react';
import { Form, Link, redirect, useActionData, useNavigation, useSearchParams } from 'react-router';
import type { Route } from './+types/two-factor';
import { SecurePanel } from '~/components/auth/secure-panel';
import { ErrorList, Field } from '~/components/forms';
import { Button } from '~/components/ui/button';
import { parseForm } from '~/lib/parse-form';
import { secondStepSchema } from '~/lib/schemas/auth';
import { useActionAnswer } from '~/lib/use-action-answer';
import { requestInfo } from '~/load-context';
import { answerRefusals } from '~/server/answers.server';
import { secondStepAction } from '~/server/auth-actions.server';
import { readForm } from '~/server/forms.server';
import { getViewer } from '~/server/viewer.server';
import { AUTH_COOKIE_PREFIX } from '~/server/auth.server';

const signInPathOf = (request: Request) =>
  new URL(request.url).searchParams.get('from') === 'admin' ? '/admin-login' : '/login';

/** better-auth's signed challenge cookie of a sign-in waiting for its second factor. */
const CHALLENGE_COOKIE = new RegExp(`(^|;\\s*)(__Secure-)?${AUTH_COOKIE_PREFIX}\\.two_factor=`);

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getViewer({ request, context })) throw redirect('/dashboard');
  // The challenge cookie is HttpOnly and signed; better-auth checks it at the code. Without one, start over.
  if (!CHALLENGE_COOKIE.test(request.headers.get('Cookie') ?? '')) throw redirect(signInPathOf(request));
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  return answerRefusals(async () =>
    secondStepAction(request, requestInfo(context).clientIp, await readForm(request), signInPathOf(request)),
  );
}

export default function TwoFactorPage() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const [mode, setMode] = useState<'totp' | 'recovery'>('totp');
  const [form, fields] = useForm({
    id: `second-step-${mode}`,
    lastResult: navigation.state === 'idle' ? actionData?.result : undefined,
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseForm(formData, { schema: secondStepSchema }),
  });
  useActionAnswer({ state: navigation.state, data: actionData });
  const busy = navigation.state !== 'idle';
  const fromAdmin = params.get('from') === 'admin';
  return (
    <SecurePanel
      title="Two-step verification"
      subtitle={
        mode === 'totp'
          ? 'Enter the 6-digit code your authenticator app shows for this account.'
          : 'Enter one of the recovery codes you saved when you turned on two-step verification. Each code works once.'
      }
    >
      <Form method="post" {...getFormProps(form)} className="mt-6 grid gap-5">
        <input type="hidden" name="intent" value={mode} />
        <input type="hidden" name="redirectTo" value={params.get('redirectTo') ?? ''} />
        <Field
          label={mode === 'totp' ? 'Authentication code' : 'Recovery code'}
          errors={fields.code.errors}
          inputProps={{
            ...getInputProps(fields.code, { type: 'text' }),
            autoComplete: 'one-time-code',
            inputMode: mode === 'totp' ? 'numeric' : 'text',
            autoFocus: true,
            spellCheck: false,
            placeholder: mode === 'totp' ? '123456' : 'xxxxx-xxxxx',
            className: 'font-mono tracking-widest',
          }}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Button type="submit" variant="navy" size="lg" disabled={busy}>
          {busy ? 'Verifying…' : 'Verify'}
        </Button>
      </Form>
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3 border-t border-line pt-5 text-sm">
        <button
          type="button"
          onClick={() => setMode(mode === 'totp' ? 'recovery' : 'totp')}
          className="min-h-11 font-medium text-navy-700 underline-offset-4 hover:underline"
        >
          {mode === 'totp' ? 'Use a recovery code instead' : 'Use the authenticator app instead'}
        </button>
        <Link
          to={fromAdmin ? '/admin-login' : '/login'}
          className="inline-flex min-h-11 items-center text-muted underline-offset-4 hover:underline"
        >
          Back to sign in
        </Link>
      </div>
    </SecurePanel>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: 'Two-step verification | Ormsby Lending' },
  { name: 'robots', content: 'noindex' },
];
