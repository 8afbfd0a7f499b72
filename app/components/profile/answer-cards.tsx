/**
 * Investment Profile (investors) and Borrower Preferences (borrowers) (product §2 Profile;
 * decision record 0002): the answers given at sign-up, shown in words and edited with the same
 * questions as sign-up.
 */
import { getFormProps, useForm } from '@conform-to/react';
import { useState } from 'react';
import { EditButton, Facts, FormButtons, SaveResult, useProfileFetcher, type ProfileView } from './parts';
import { BorrowerQuestions } from '~/components/account/borrower-questions';
import { InvestorQuestions } from '~/components/account/investor-questions';
import { ErrorList } from '~/components/forms';
import { Card, CardHeader } from '~/components/ui/card';
import { borrowerAnswerRows, investorAnswerRows } from '~/lib/account-answers';
import { parseForm } from '~/lib/parse-form';
import { borrowerPreferencesSchema, investmentProfileSchema } from '~/lib/schemas/profile';

const yesNo = (value: boolean | null) => (value === null ? '' : value ? 'yes' : 'no');
const amount = (value: number | null) => (value === null ? '' : String(value));

export function InvestmentProfile({ profile }: { profile: ProfileView }) {
  const [editing, setEditing] = useState(false);
  const fetcher = useProfileFetcher(() => setEditing(false));
  const [form, fields] = useForm({
    id: 'investment-profile',
    lastResult: fetcher.state === 'idle' && fetcher.data?.intent === 'investment' ? fetcher.data.result : undefined,
    defaultValue: {
      accredited: yesNo(profile.isAccredited),
      income: profile.income ?? '',
      netWorth: profile.netWorth ?? '',
      investmentExperience: profile.investmentExperience ?? '',
    },
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, { schema: investmentProfileSchema }),
  });
  return (
    <Card pad="lg">
      <CardHeader
        title="Investment Profile"
        action={
          !editing && (
            <div className="flex items-center gap-3">
              <SaveResult fetcher={fetcher} />
              <EditButton label="Edit investment profile" onClick={() => setEditing(true)} />
            </div>
          )
        }
      />
      {editing ? (
        <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-5 sm:grid-cols-2">
          <input type="hidden" name="intent" value="investment" />
          <InvestorQuestions fields={fields} />
          <ErrorList id={form.errorId} errors={form.errors} />
          <FormButtons busy={fetcher.state !== 'idle'} onCancel={() => setEditing(false)} />
        </fetcher.Form>
      ) : (
        <Facts items={investorAnswerRows(profile)} />
      )}
    </Card>
  );
}

export function BorrowerPreferences({ profile }: { profile: ProfileView }) {
  const [editing, setEditing] = useState(false);
  const fetcher = useProfileFetcher(() => setEditing(false));
  const [form, fields] = useForm({
    id: 'borrower-preferences',
    lastResult: fetcher.state === 'idle' && fetcher.data?.intent === 'borrower' ? fetcher.data.result : undefined,
    defaultValue: {
      loanType: profile.loanType ?? '',
      loanAmountRange: profile.loanAmountRange ?? '',
      propertyTypes: profile.propertyTypes,
      hasSpecificAddress: yesNo(profile.hasSpecificAddress),
      propertyAddress: profile.propertyAddress ?? '',
      desiredLoanAmount: amount(profile.desiredLoanAmount),
      estimatedPropertyValue: amount(profile.estimatedPropertyValue),
      projectDescription: profile.projectDescription ?? '',
    },
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, { schema: borrowerPreferencesSchema }),
  });
  return (
    <Card pad="lg">
      <CardHeader
        title="Borrower Preferences"
        action={
          !editing && (
            <div className="flex items-center gap-3">
              <SaveResult fetcher={fetcher} />
              <EditButton label="Edit borrower preferences" onClick={() => setEditing(true)} />
            </div>
          )
        }
      />
      {editing ? (
        <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-5 sm:grid-cols-2">
          <input type="hidden" name="intent" value="borrower" />
          <BorrowerQuestions fields={fields} />
          <ErrorList id={form.errorId} errors={form.errors} />
          <FormButtons busy={fetcher.state !== 'idle'} onCancel={() => setEditing(false)} />
        </fetcher.Form>
      ) : (
        <Facts items={borrowerAnswerRows(profile)} />
      )}
    </Card>
  );
}
