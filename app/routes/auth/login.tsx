/**
 * /login (product §2 Login / sign-up): tabs 'Sign In' and 'Create Account' (`?signup=true` opens
 * the second). A signed-in visitor goes to /dashboard. Every form posts to this route's
 * action, which validates with the shared schemas and forwards to better-auth's HTTP handler.
 */
import { MailCheck } from 'lucide-react';
import { Form, Link, redirect, useActionData, useNavigation, useSearchParams } from 'react-router';
import type { Route } from './+types/login';
import { AuthShell } from '~/components/auth/auth-shell';
import { SignInForm, type AuthAnswer } from '~/components/auth/sign-in-form';
import { SignUpForm } from '~/components/auth/sign-up-form';
import { enhancePasswordFields } from '~/components/auth/password-field-enhancement';
import { Button } from '~/components/ui/button';
import { Tabs } from '~/components/ui/tabs';
import { CREATED_PANEL } from '~/lib/schemas/auth';
import { seo, originFromMatches } from '~/lib/seo';
import { useActionAnswer } from '~/lib/use-action-answer';
import { answerRefusals } from '~/server/answers.server';
import { forgotPasswordAction, resendVerificationAction, signInAction, signUpAction } from '~/server/auth-actions.server';
import { readForm, readIntent } from '~/server/forms.server';
import { getViewer } from '~/server/viewer.server';
import { requestInfo } from '~/load-context';
import type { RouteHandle } from '~/lib/route-handle';

/**
 * No React in the browser (issue 26, Speed): every form posts to the action and the server
 * answers with the page (errors at their fields); the role questions show by CSS; the inline
 * enhancement keeps the password toggles and the live password checklist.
 */
export const handle = { hydrate: false, enhance: enhancePasswordFields } satisfies RouteHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getViewer({ request, context })) throw redirect('/dashboard');
  return null;
}

/** The forms of this page; anything else is a sign-in (a browser without the button's value). */

export async function action({ request, context }: Route.ActionArgs) {
  if (await getViewer({ request, context })) throw redirect('/dashboard');
  return answerRefusals(async () => {
    const formData = await readForm(request);
    // Enter in a field submits without a button's intent: that is signing in.
    const { intent } = readIntent(formData, ['signin', 'signup', 'forgot', 'resend'], { absent: 'signin' });
    if (intent === 'signup') return signUpAction(request, requestInfo(context).clientIp, formData);
    if (intent === 'forgot') return forgotPasswordAction(request, requestInfo(context).clientIp, formData, '/reset-password');
    if (intent === 'resend') return resendVerificationAction(request, requestInfo(context).clientIp, formData);
    return signInAction(request, requestInfo(context).clientIp, formData, { admin: false });
  });
}

export default function LoginPage() {
  const [params] = useSearchParams();
  const actionData = useActionData<AuthAnswer>();
  useActionAnswer({ state: useNavigation().state, data: actionData });
  // The address of the account just created: from the answer itself, so the panel stays while
  // the visitor asks for another e-mail, with or without JavaScript.
  const created =
    (actionData?.intent === 'signup' && actionData.ok) || (actionData?.intent === 'resend' && actionData.fromCreated)
      ? (actionData.email ?? null)
      : null;

  return (
    <AuthShell
      eyebrow="Client portal"
      title="Welcome to Ormsby Lending"
      lead="Borrowers upload loan documents and follow their file; accredited investors review deeds of trust and express interest."
    >
      {created ? (
        <AccountCreated email={created} answer={actionData?.intent === 'resend' ? actionData : undefined} />
      ) : (
        <div className="mt-6 lg:mt-0">
          <Tabs
            label="Account"
            defaultValue={params.get('signup') === 'true' || actionData?.intent === 'signup' ? 'signup' : 'signin'}
            tabs={[
              { value: 'signin', label: 'Sign In', content: <SignInForm /> },
              { value: 'signup', label: 'Create Account', content: <SignUpForm /> },
            ]}
          />
        </div>
      )}
    </AuthShell>
  );
}

/**
 * 'Account Created', with 'Resend verification e-mail' for a link that does not arrive; after a
 * resend, its answer ('Verification e-mail sent', or why not) shows in the panel.
 */
function AccountCreated({ email, answer }: { email: string; answer?: AuthAnswer }) {
  const navigation = useNavigation();
  const sending = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'resend';
  return (
    <div className="flex flex-col items-center py-10 text-center">
      <MailCheck aria-hidden className="size-12 text-success" />
      <h2 className="mt-4 text-3xl">Account Created</h2>
      <p className="mt-3 max-w-md text-muted">Please check your email to verify your account.</p>
      <p className="mt-2 max-w-md text-sm text-muted">
        The link in that e-mail confirms your address and signs you in. It is valid for 24 hours.
      </p>
      <div role="status" className="mt-4 max-w-md text-sm empty:hidden">
        {answer?.toast && (
          <p className={answer.ok ? 'rounded-lg bg-navy-50 p-3 text-navy-900' : 'rounded-lg bg-red-50 p-3 text-danger'}>
            <strong className="font-semibold">{answer.toast.title}.</strong> {answer.toast.description}
          </p>
        )}
      </div>
      <Form method="post" className="mt-6">
        <input type="hidden" name="intent" value="resend" />
        <input type="hidden" name="from" value={CREATED_PANEL} />
        <input type="hidden" name="email" value={email} />
        <Button type="submit" variant="secondary" disabled={sending}>
          {sending ? 'Sending…' : 'Resend verification e-mail'}
        </Button>
      </Form>
      <Link
        to="/"
        className="mt-6 inline-flex min-h-11 items-center text-sm font-semibold text-navy-800 underline underline-offset-4"
      >
        Return to Home
      </Link>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Sign In or Create an Account',
    description: 'Sign in to the Ormsby Lending borrower and investor portal, or create an account.',
    path: '/login',
    origin: originFromMatches(matches),
  });
