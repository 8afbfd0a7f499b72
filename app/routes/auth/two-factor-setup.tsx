/**
 * /two-factor/setup (issue "Security and scale"): turning on two-step verification with an
 * authenticator app. Staff are sent here before any admin page until it is done; borrowers and
 * investors come from their profile. Step one checks the password; step two shows the secret as
 * a QR code and as text with the ten recovery codes, and turns the factor on once a code from
 * the app is right. Done: back to `redirectTo`, the other sessions signed out. A set-up started
 * and not confirmed shows its step two again on a reload (issue 23), until 'Start over'; staff
 * who have just given their password at /admin-login start at step two.
 */
import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { Download } from 'lucide-react';
import { Form, Link, redirect, useActionData, useNavigation, useSearchParams } from 'react-router';
import type { Route } from './+types/two-factor-setup';
import { SecurePanel } from '~/components/auth/secure-panel';
import { ErrorList, Field, PasswordField } from '~/components/forms';
import { Button, buttonClasses } from '~/components/ui/button';
import { parseForm } from '~/lib/parse-form';
import { enrolmentSchema } from '~/lib/schemas/auth';
import { useActionAnswer } from '~/lib/use-action-answer';
import { requestInfo } from '~/load-context';
import { pendingEnrolment, twoFactorSetupAction, type Enrolment } from '~/server/actions/two-factor.server';
import { answerRefusals } from '~/server/answers.server';
import { readForm } from '~/server/forms.server';
import { requireUser, safeRedirectTo } from '~/server/guards.server';

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireUser({ request, context });
  const back = safeRedirectTo(new URL(request.url).searchParams.get('redirectTo'));
  if (viewer.twoFactorEnabled) throw redirect(back ?? (viewer.isAdmin ? '/admin-dashboard' : '/dashboard/profile'));
  return { email: viewer.email, required: viewer.isAdmin, pending: await pendingEnrolment(viewer.id, viewer.email) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireUser({ request, context });
  return answerRefusals(async () =>
    twoFactorSetupAction(request, requestInfo(context).clientIp, viewer, await readForm(request)),
  );
}

/** The enrolment an answer carries (step two), if any. */
const enrolmentIn = (answer: unknown): Enrolment | undefined =>
  answer && typeof answer === 'object' && 'enrolment' in answer ? (answer.enrolment as Enrolment | undefined) : undefined;

function Step({ n, title, children }: { n: number; title: string; children: React.ReactNode }) {
  return (
    <li className="grid grid-cols-[2rem_minmax(0,1fr)] gap-3">
      <span aria-hidden className="grid size-8 place-items-center rounded-full bg-navy-900 text-sm font-semibold text-white">
        {n}
      </span>
      <div>
        <h2 className="font-sans text-base font-semibold text-navy-900">{title}</h2>
        <div className="mt-2 text-sm text-ink">{children}</div>
      </div>
    </li>
  );
}

function ConfirmStep({ enrolment, redirectTo }: { enrolment: Enrolment; redirectTo: string }) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: 'enrol-confirm',
    // Only a refused code is this form's result (the password step's answer is not).
    lastResult: navigation.state === 'idle' && actionData?.ok === false ? actionData.result : undefined,
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseForm(formData, { schema: enrolmentSchema }),
  });
  const codesFile = `data:text/plain;charset=utf-8,${encodeURIComponent(
    `Ormsby Lending recovery codes\nEach code works once.\n\n${enrolment.backupCodes.join('\n')}\n`,
  )}`;
  return (
    <ol className="mt-6 grid gap-7">
      <Step n={1} title="Scan the QR code">
        <p>Open your authenticator app (1Password, Google Authenticator, Microsoft Authenticator, Authy…) and scan this code.</p>
        <div className="mt-3 flex flex-col gap-4 sm:flex-row sm:items-center">
          <img
            src={enrolment.qr}
            alt="QR code of your two-step verification secret"
            width={176}
            height={176}
            className="size-44 rounded-lg border border-line bg-white p-2"
          />
          <div className="min-w-0">
            <p className="text-muted">Can’t scan? Enter this key instead:</p>
            <code data-testid="totp-secret" className="mt-1 block font-mono text-sm break-all text-navy-900 select-all">
              {enrolment.secret}
            </code>
          </div>
        </div>
      </Step>
      <Step n={2} title="Save your recovery codes">
        <p>If you lose your phone, each of these codes lets you sign in once. Keep them somewhere safe.</p>
        <ul
          aria-label="Recovery codes"
          className="mt-3 grid grid-cols-2 gap-x-6 gap-y-1 rounded-lg border border-line bg-ivory p-4 font-mono text-sm"
        >
          {enrolment.backupCodes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
        <a href={codesFile} download="ormsby-recovery-codes.txt" className={buttonClasses('secondary', 'md', 'mt-3')}>
          <Download aria-hidden className="size-4" /> Download codes
        </a>
      </Step>
      <Step n={3} title="Enter a code from the app">
        <Form method="post" {...getFormProps(form)} className="grid gap-4">
          <input type="hidden" name="intent" value="confirm" />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <Field
            label="Authentication code"
            errors={fields.code.errors}
            inputProps={{
              ...getInputProps(fields.code, { type: 'text' }),
              autoComplete: 'one-time-code',
              inputMode: 'numeric',
              placeholder: '123456',
              className: 'font-mono tracking-widest',
            }}
          />
          <ErrorList id={form.errorId} errors={form.errors} />
          <Button type="submit" variant="navy" size="lg" disabled={navigation.state !== 'idle'}>
            {navigation.state !== 'idle' ? 'Checking…' : 'Turn on two-step verification'}
          </Button>
        </Form>
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="cancel" />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <button type="submit" className="min-h-11 text-sm text-muted underline-offset-4 hover:underline">
            Start over with a new key
          </button>
        </Form>
      </Step>
    </ol>
  );
}

export default function TwoFactorSetupPage({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const redirectTo = params.get('redirectTo') ?? '';
  const [form, fields] = useForm({
    id: 'enrol-start',
    lastResult: navigation.state === 'idle' && !enrolmentIn(actionData) ? actionData?.result : undefined,
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseForm(formData, { schema: enrolmentSchema }),
  });
  useActionAnswer({ state: navigation.state, data: actionData });
  // The answer of this visit's own post, else the set-up already started (a reload, or the
  // password just given at /admin-login; none after 'Start over').
  const enrolment = enrolmentIn(actionData) ?? loaderData.pending ?? undefined;
  return (
    <SecurePanel
      wide
      title="Set up two-step verification"
      subtitle={
        loaderData.required
          ? 'Staff accounts open private borrower files, so they need a code from an authenticator app as well as the password. Set it up to continue.'
          : 'Each sign-in will ask for a code from an authenticator app on your phone as well as your password.'
      }
    >
      {enrolment ? (
        <ConfirmStep enrolment={enrolment} redirectTo={redirectTo} />
      ) : (
        <Form method="post" {...getFormProps(form)} className="mt-6 grid gap-5">
          <input type="hidden" name="intent" value="start" />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <p className="text-sm text-ink">
            First, confirm your password for <strong>{loaderData.email}</strong>.
          </p>
          <PasswordField
            label="Password"
            errors={fields.password.errors}
            inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'current-password' }}
          />
          <ErrorList id={form.errorId} errors={form.errors} />
          <Button type="submit" variant="navy" size="lg" disabled={navigation.state !== 'idle'}>
            {navigation.state !== 'idle' ? 'Checking…' : 'Continue'}
          </Button>
        </Form>
      )}
      <div className="mt-6 border-t border-line pt-5 text-sm">
        {loaderData.required ? (
          <Form method="post" action="/logout">
            <button type="submit" className="min-h-11 text-muted underline-offset-4 hover:underline">
              Sign out and do this later
            </button>
          </Form>
        ) : (
          <Link
            to="/dashboard/profile"
            className="inline-flex min-h-11 items-center text-muted underline-offset-4 hover:underline"
          >
            Back to your profile
          </Link>
        )}
      </div>
    </SecurePanel>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: 'Set up two-step verification | Ormsby Lending' },
  { name: 'robots', content: 'noindex' },
];
