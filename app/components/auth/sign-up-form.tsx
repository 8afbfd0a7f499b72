/**
 * The Create Account tab of /login (product §2 Login / sign-up, §3 sign-up metadata, §5
 * sign-up): name, e-mail, password with its live checklist and a show-password toggle, the roles,
 * then the investor's and the borrower's questions (one set with the profile's, shown while their
 * role is ticked, by CSS), and the terms.
 * Errors appear on submit and clear as each field is fixed; the server checks everything again.
 */
import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { useState } from 'react';
import { Form, Link, useActionData, useNavigation } from 'react-router';
import { BorrowerQuestions } from '~/components/account/borrower-questions';
import { InvestorQuestions } from '~/components/account/investor-questions';
import { PasswordChecklist } from '~/components/auth/password-checklist';
import type { AuthAnswer } from '~/components/auth/sign-in-form';
import { Choice, ChoiceGroup, ErrorList, Field, PasswordField } from '~/components/forms';
import { Button } from '~/components/ui/button';
import { parseForm } from '~/lib/parse-form';
import { BORROWER_DOLLARS, signUpSchema } from '~/lib/schemas/auth';

export function SignUpForm() {
  const actionData = useActionData<AuthAnswer>();
  const navigation = useNavigation();
  const last = actionData?.intent === 'signup' ? actionData : undefined;
  const [form, fields] = useForm({
    id: 'sign-up',
    lastResult: navigation.state === 'idle' ? last?.result : undefined,
    // Errors appear on submit, then clear as each field is fixed: no layout shift under a click.
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, { schema: signUpSchema, dollars: BORROWER_DOLLARS }),
  });
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'signup';

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
      <PasswordField
        label="Password"
        errors={fields.password.errors}
        inputProps={{
          ...getInputProps(fields.password, { type: 'password' }),
          autoComplete: 'new-password',
          onInput: (e) => setPassword(e.currentTarget.value),
          'aria-describedby': 'password-rules',
        }}
      />
      <PasswordField
        label="Confirm password"
        inputProps={{
          ...getInputProps(fields.confirmPassword, { type: 'password' }),
          autoComplete: 'new-password',
          onInput: (e) => setConfirmation(e.currentTarget.value),
        }}
      />
      <div className="-mt-2 sm:col-span-2">
        <PasswordChecklist id="password-rules" password={password} confirmation={confirmation} />
      </div>

      <ChoiceGroup className="sm:col-span-2" legend="I am joining as" errors={form.allErrors.roles} errorId="roles-error">
        <Choice
          label="Borrower"
          description="I am looking for a loan"
          inputProps={getInputProps(fields.isBorrower, { type: 'checkbox' })}
        />
        <Choice
          label="Investor"
          description="I want to invest in deeds of trust"
          inputProps={getInputProps(fields.isInvestor, { type: 'checkbox' })}
        />
      </ChoiceGroup>

      {/* Each role's questions show while its box is ticked: CSS (`[data-shown-with]` in app.css), no script. */}
      {
        <section
          data-shown-with="isInvestor"
          aria-labelledby="investor-questions"
          className="grid gap-5 rounded-xl border border-line bg-ivory p-5 sm:col-span-2 sm:grid-cols-2"
        >
          <h3 id="investor-questions" className="text-lg sm:col-span-2">
            Investor questions
          </h3>
          <InvestorQuestions fields={fields} />
        </section>
      }

      {
        <section
          data-shown-with="isBorrower"
          aria-labelledby="borrower-questions"
          className="grid gap-5 rounded-xl border border-line bg-ivory p-5 sm:col-span-2 sm:grid-cols-2"
        >
          <h3 id="borrower-questions" className="text-lg sm:col-span-2">
            Borrower questions
          </h3>
          <BorrowerQuestions fields={fields} />
        </section>
      }

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
