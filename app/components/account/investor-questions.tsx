/**
 * The investor's questions (product §2 Login / sign-up, §2 Profile; decision record 0002): one
 * set for sign-up and the profile's Investment Profile, on the one vocabulary. `fields` are
 * Conform's fields of a form whose schema includes `investorAnswers`.
 */
import type { FieldMetadata } from '@conform-to/react';
import { ChoiceList, ChoiceSelect } from '~/components/forms';
import { ACCREDITATION, INCOME_RANGES, INVESTMENT_EXPERIENCE, NET_WORTH_RANGES } from '~/lib/vocabulary';

type Fields = Record<'accredited' | 'income' | 'netWorth' | 'investmentExperience', FieldMetadata<unknown>>;

export function InvestorQuestions({ fields }: { fields: Fields }) {
  return (
    <>
      <ChoiceList
        className="sm:col-span-2"
        legend="Are you an accredited investor?"
        field={fields.accredited}
        choices={ACCREDITATION}
      />
      <p className="-mt-2 text-sm text-muted sm:col-span-2">
        An accredited investor has had income over $200,000 ($300,000 joint) in each of the last two years, or a net worth over $1
        million excluding the primary residence.
      </p>
      <ChoiceSelect label="Annual income" field={fields.income} choices={INCOME_RANGES} />
      <ChoiceSelect label="Net worth" field={fields.netWorth} choices={NET_WORTH_RANGES} />
      <ChoiceSelect
        className="sm:col-span-2"
        label="Investment experience"
        field={fields.investmentExperience}
        choices={INVESTMENT_EXPERIENCE}
      />
    </>
  );
}
