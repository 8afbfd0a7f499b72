/**
 * Investment Profile (investors) and Borrower Preferences (borrowers) (product §2 Profile;
 * decision record 0002): the answers given at sign-up, shown in words and edited with the same
 * questions as sign-up.
 */
import { EditableCard } from './editable-card';
import type { ProfileView } from './parts';
import { BorrowerQuestions } from '~/components/account/borrower-questions';
import { InvestorQuestions } from '~/components/account/investor-questions';
import { borrowerAnswerRows, investorAnswerRows } from '~/lib/account-answers';
import { BORROWER_DOLLARS } from '~/lib/schemas/auth';
import { borrowerPreferencesSchema, investmentProfileSchema } from '~/lib/schemas/profile';

const yesNo = (value: boolean | null) => (value === null ? '' : value ? 'yes' : 'no');
const amount = (value: number | null) => (value === null ? '' : String(value));

export function InvestmentProfile({ profile }: { profile: ProfileView }) {
  return (
    <EditableCard
      title="Investment Profile"
      editLabel="Edit investment profile"
      intent="investment"
      schema={investmentProfileSchema}
      defaultValue={{
        accredited: yesNo(profile.isAccredited),
        income: profile.income ?? '',
        netWorth: profile.netWorth ?? '',
        investmentExperience: profile.investmentExperience ?? '',
      }}
      facts={investorAnswerRows(profile)}
    >
      {(fields) => <InvestorQuestions fields={fields} />}
    </EditableCard>
  );
}

export function BorrowerPreferences({ profile }: { profile: ProfileView }) {
  return (
    <EditableCard
      title="Borrower Preferences"
      editLabel="Edit borrower preferences"
      intent="borrower"
      schema={borrowerPreferencesSchema}
      dollars={BORROWER_DOLLARS}
      defaultValue={{
        loanType: profile.loanType ?? '',
        loanAmountRange: profile.loanAmountRange ?? '',
        propertyTypes: profile.propertyTypes,
        hasSpecificAddress: yesNo(profile.hasSpecificAddress),
        propertyAddress: profile.propertyAddress ?? '',
        desiredLoanAmount: amount(profile.desiredLoanAmount),
        estimatedPropertyValue: amount(profile.estimatedPropertyValue),
        projectDescription: profile.projectDescription ?? '',
      }}
      facts={borrowerAnswerRows(profile)}
    >
      {(fields) => <BorrowerQuestions fields={fields} />}
    </EditableCard>
  );
}
