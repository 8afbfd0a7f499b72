/**
 * /login (product §2 Login / sign-up): tabs 'Sign In' and 'Create Account' (`?signup=true` opens
 * the second). A signed-in visitor goes to /dashboard. Every form posts to this route's
 * action, which validates with the shared schemas and forwards to better-auth's HTTP handler.
 */
import { getFormProps, getInputProps, getTextareaProps, useForm } from '@conform-to/react';
import { parseForm } from '~/lib/parse-form';
import { CheckCircle2, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Form, Link, redirect, useActionData, useNavigation, useSearchParams } from 'react-router';
import type { Route } from './+types/login';
import { AuthShell } from '~/components/auth/auth-shell';
import { PasswordChecklist } from '~/components/auth/password-checklist';
import { Choice, ChoiceGroup, ErrorList, Field, SelectField, TextareaField } from '~/components/forms';
import { Button } from '~/components/ui/button';
import { Tabs } from '~/components/ui/tabs';
import {
  ACCREDITED,
  enumLabels,
  forgotPasswordSchema,
  INCOME,
  INVESTMENT_EXPERIENCE,
  LOAN_AMOUNT_RANGES,
  NET_WORTH,
  SIGN_UP_LOAN_TYPES,
  SIGN_UP_PROPERTY_TYPES,
  signInSchema,
  signUpSchema,
} from '~/lib/schemas/auth';
import { seo, originFromMatches } from '~/lib/seo';
import { useActionAnswer } from '~/lib/use-action-answer';
import { answerRefusals } from '~/server/answers.server';
import { forgotPasswordAction, signInAction, signUpAction } from '~/server/auth-actions.server';
import { readForm } from '~/server/forms.server';
import { getViewer } from '~/server/viewer.server';

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getViewer({ request, context })) throw redirect('/dashboard');
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  if (await getViewer({ request, context })) throw redirect('/dashboard');
  return answerRefusals(async () => {
    const formData = await readForm(request);
    const intent = formData.get('intent');
    if (intent === 'signup') return signUpAction(request, context.clientIp, formData);
    if (intent === 'forgot') return forgotPasswordAction(request, context.clientIp, formData, '/reset-password');
    return signInAction(request, context.clientIp, formData, { admin: false });
  });
}

const options = (values: readonly string[]) => values.map((v) => ({ value: v, label: enumLabels[v] ?? v }));

export default function LoginPage() {
  const [params] = useSearchParams();
  const actionData = useActionData<typeof action>();
  const created = actionData?.intent === 'signup' && actionData.ok;

  useActionAnswer({ state: useNavigation().state, data: actionData });

  return (
    <AuthShell
      eyebrow="Client portal"
      title="Welcome to Ormsby Lending"
      lead="Borrowers upload loan documents and follow their file; accredited investors review deeds of trust and express interest."
    >
      {created ? (
        <AccountCreated />
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

function AccountCreated() {
  return (
    <div role="status" className="flex flex-col items-center py-10 text-center">
      <MailCheck aria-hidden className="size-12 text-success" />
      <h2 className="mt-4 text-3xl">Account Created</h2>
      <p className="mt-3 max-w-md text-muted">Please check your email to verify your account.</p>
      <p className="mt-2 max-w-md text-sm text-muted">
        The link in that e-mail confirms your address and signs you in. It is valid for 24 hours.
      </p>
      <Link to="/" className="mt-8 text-sm font-semibold text-navy-800 underline underline-offset-4">
        Return to Home
      </Link>
    </div>
  );
}

/** The e-mail and password form with 'Forgot password?' (used by /login; /admin-login has its own). */
function SignInForm() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const last = actionData && (actionData.intent === 'signin' || actionData.intent === 'forgot') ? actionData : undefined;
  const [form, fields] = useForm({
    id: 'sign-in',
    lastResult: navigation.state === 'idle' ? last?.result : undefined,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate({ formData }) {
      // 'Forgot password?' needs only the e-mail (a subset of the sign-in shape).
      const schema = formData.get('intent') === 'forgot' ? forgotPasswordSchema : signInSchema;
      return parseForm(formData, { schema: schema as typeof signInSchema });
    },
  });
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') !== 'signup';
  const resetSent = actionData?.intent === 'forgot' && actionData.ok;
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-5">
      <h2 className="sr-only">Sign In</h2>
      <input type="hidden" name="redirectTo" value={params.get('redirectTo') ?? ''} />
      {resetSent && (
        <p role="status" className="flex gap-2 rounded-lg bg-navy-50 p-3 text-sm text-navy-900">
          <CheckCircle2 aria-hidden className="size-5 shrink-0 text-success" />
          Reset Email Sent. Check your email for password reset instructions
        </p>
      )}
      <Field
        label="Email"
        errors={fields.email.errors}
        inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
      />
      <Field
        label="Password"
        errors={fields.password.errors}
        inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'current-password' }}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="flex flex-col-reverse gap-4 sm:flex-row sm:items-center sm:justify-between">
        <button
          type="submit"
          name="intent"
          value="forgot"
          formNoValidate
          className="text-left text-sm font-medium text-navy-700 underline-offset-4 hover:underline"
        >
          Forgot password?
        </button>
        <Button type="submit" name="intent" value="signin" variant="navy" size="lg" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign In'}
        </Button>
      </div>
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

function SignUpForm() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const last = actionData?.intent === 'signup' ? actionData : undefined;
  const [form, fields] = useForm({
    id: 'sign-up',
    lastResult: navigation.state === 'idle' ? last?.result : undefined,
    // Errors appear on submit, then clear as each field is fixed: no layout shift under a click.
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, { schema: signUpSchema }),
  });
  const [roles, setRoles] = useState({ borrower: false, investor: false });
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [specificAddress, setSpecificAddress] = useState('');
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'signup';
  const roleErrors = form.allErrors.roles;

  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-5 sm:grid-cols-2">
      <h2 className="sr-only">Create Account</h2>
      <input type="hidden" name="intent" value="signup" />
      <Field
        className="sm:col-span-2"
        label="Full name"
        errors={fields.name.errors}
        inputProps={{ ...getInputProps(fields.name, { type: 'text' }), autoComplete: 'name' }}
      />
      <Field
        className="sm:col-span-2"
        label="Email"
        errors={fields.email.errors}
        inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
      />
      <div>
        <Field
          label="Password"
          errors={fields.password.errors}
          inputProps={{
            ...getInputProps(fields.password, { type: 'password' }),
            autoComplete: 'new-password',
            onInput: (e) => setPassword(e.currentTarget.value),
            'aria-describedby': 'password-rules',
          }}
        />
      </div>
      <Field
        label="Confirm password"
        errors={fields.confirmPassword.errors}
        inputProps={{
          ...getInputProps(fields.confirmPassword, { type: 'password' }),
          autoComplete: 'new-password',
          onInput: (e) => setConfirmation(e.currentTarget.value),
        }}
      />
      <div className="sm:col-span-2 -mt-2">
        <PasswordChecklist id="password-rules" password={password} confirmation={confirmation} />
      </div>

      <ChoiceGroup className="sm:col-span-2" legend="I am joining as" errors={roleErrors} errorId="roles-error">
        <Choice
          label="Borrower"
          description="I am looking for a loan"
          inputProps={{
            ...getInputProps(fields.isBorrower, { type: 'checkbox' }),
            onChange: (e) => {
              const borrower = e.currentTarget.checked;
              setRoles((r) => ({ ...r, borrower }));
            },
          }}
        />
        <Choice
          label="Investor"
          description="I want to invest in deeds of trust"
          inputProps={{
            ...getInputProps(fields.isInvestor, { type: 'checkbox' }),
            onChange: (e) => {
              const investor = e.currentTarget.checked;
              setRoles((r) => ({ ...r, investor }));
            },
          }}
        />
      </ChoiceGroup>

      {roles.investor && (
        <section
          aria-labelledby="investor-questions"
          className="grid gap-5 rounded-xl border border-line bg-ivory p-5 sm:col-span-2 sm:grid-cols-2"
        >
          <h3 id="investor-questions" className="text-lg sm:col-span-2">
            Investor questions
          </h3>
          <ChoiceGroup
            className="sm:col-span-2"
            legend="Are you an accredited investor?"
            errors={fields.accredited.errors}
            errorId={`${fields.accredited.id}-error`}
          >
            {ACCREDITED.map((v) => (
              <Choice
                key={v}
                label={enumLabels[v]}
                inputProps={{
                  ...getInputProps(fields.accredited, { type: 'radio', value: v }),
                  id: `${fields.accredited.id}-${v}`,
                }}
              />
            ))}
          </ChoiceGroup>
          <p className="-mt-2 text-sm text-muted sm:col-span-2">
            An accredited investor has had income over $200,000 ($300,000 joint) in each of the last two years, or a net worth
            over $1 million excluding the primary residence.
          </p>
          <SelectField
            label="Annual income"
            options={options(INCOME)}
            errors={fields.income.errors}
            selectProps={getInputProps(fields.income, { type: 'text' }) as never}
          />
          <SelectField
            label="Net worth"
            options={options(NET_WORTH)}
            errors={fields.netWorth.errors}
            selectProps={getInputProps(fields.netWorth, { type: 'text' }) as never}
          />
          <SelectField
            className="sm:col-span-2"
            label="Investment experience"
            options={options(INVESTMENT_EXPERIENCE)}
            errors={fields.investmentExperience.errors}
            selectProps={getInputProps(fields.investmentExperience, { type: 'text' }) as never}
          />
        </section>
      )}

      {roles.borrower && (
        <section
          aria-labelledby="borrower-questions"
          className="grid gap-5 rounded-xl border border-line bg-ivory p-5 sm:col-span-2 sm:grid-cols-2"
        >
          <h3 id="borrower-questions" className="text-lg sm:col-span-2">
            Borrower questions
          </h3>
          <SelectField
            label="Loan type"
            options={options(SIGN_UP_LOAN_TYPES)}
            errors={fields.loanType.errors}
            selectProps={getInputProps(fields.loanType, { type: 'text' }) as never}
          />
          <SelectField
            label="Loan amount range"
            options={options(LOAN_AMOUNT_RANGES)}
            errors={fields.loanAmountRange.errors}
            selectProps={getInputProps(fields.loanAmountRange, { type: 'text' }) as never}
          />
          <ChoiceGroup
            className="sm:col-span-2"
            legend="Property types"
            errors={fields.propertyTypes.errors}
            errorId={`${fields.propertyTypes.id}-error`}
          >
            {SIGN_UP_PROPERTY_TYPES.map((v) => (
              <Choice
                key={v}
                label={v}
                inputProps={{
                  ...getInputProps(fields.propertyTypes, { type: 'checkbox', value: v }),
                  id: `${fields.propertyTypes.id}-${v.replace(/\W+/g, '-')}`,
                }}
              />
            ))}
          </ChoiceGroup>
          <ChoiceGroup
            className="sm:col-span-2"
            legend="Do you have a specific property address?"
            errors={fields.hasSpecificAddress.errors}
            errorId={`${fields.hasSpecificAddress.id}-error`}
          >
            {(['yes', 'no'] as const).map((v) => (
              <Choice
                key={v}
                label={enumLabels[v]}
                inputProps={{
                  ...getInputProps(fields.hasSpecificAddress, { type: 'radio', value: v }),
                  id: `${fields.hasSpecificAddress.id}-${v}`,
                  onChange: () => setSpecificAddress(v),
                }}
              />
            ))}
          </ChoiceGroup>
          {specificAddress === 'yes' && (
            <Field
              className="sm:col-span-2"
              label="Property address"
              errors={fields.propertyAddress.errors}
              inputProps={{ ...getInputProps(fields.propertyAddress, { type: 'text' }), autoComplete: 'street-address' }}
            />
          )}
          <Field
            label="Desired loan amount (USD)"
            errors={fields.desiredLoanAmount.errors}
            inputProps={{ ...getInputProps(fields.desiredLoanAmount, { type: 'number' }), min: 0, step: 1, inputMode: 'numeric' }}
          />
          <Field
            label="Estimated property value (USD)"
            errors={fields.estimatedPropertyValue.errors}
            inputProps={{
              ...getInputProps(fields.estimatedPropertyValue, { type: 'number' }),
              min: 0,
              step: 1,
              inputMode: 'numeric',
            }}
          />
          <TextareaField
            className="sm:col-span-2"
            label="Project description"
            errors={fields.projectDescription.errors}
            textareaProps={{ ...getTextareaProps(fields.projectDescription), rows: 4 }}
          />
        </section>
      )}

      <div className="sm:col-span-2">
        <Choice
          label={
            <>
              I accept the{' '}
              <Link to="/terms-of-service" target="_blank" className="underline underline-offset-4">
                Terms of Service
              </Link>{' '}
              and the{' '}
              <Link to="/privacy-policy" target="_blank" className="underline underline-offset-4">
                Privacy Statement
              </Link>
            </>
          }
          inputProps={getInputProps(fields.acceptTerms, { type: 'checkbox' })}
        />
        <ErrorList id={`${fields.acceptTerms.id}-error`} errors={fields.acceptTerms.errors} />
      </div>
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="sm:col-span-2">
        <Button type="submit" variant="navy" size="lg" className="w-full sm:w-auto" disabled={busy}>
          {busy ? 'Creating account…' : 'Create Account'}
        </Button>
      </div>
    </Form>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Sign In or Create an Account',
    description: 'Sign in to the Ormsby Lending borrower and investor portal, or create an account.',
    path: '/login',
    origin: originFromMatches(matches),
  });
