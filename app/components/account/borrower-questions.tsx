/**
 * The borrower's questions (product §2 Login / sign-up, §2 Profile; decision record 0002): one
 * set for sign-up and the profile's Borrower Preferences, on the one vocabulary. The property
 * address is asked only when the borrower has one. `fields` are Conform's fields of a form
 * whose schema includes `borrowerAnswers`.
 */
import { getInputProps, getTextareaProps, type FieldMetadata } from '@conform-to/react';
import { ChoiceList, ChoiceSelect, Field, MoneyField, TextareaField } from '~/components/forms';
import { LOAN_AMOUNT_RANGES, LOAN_TYPES, PROPERTY_TYPES, YES_NO } from '~/lib/vocabulary';

type Fields = Record<
  | 'loanType'
  | 'loanAmountRange'
  | 'propertyTypes'
  | 'hasSpecificAddress'
  | 'propertyAddress'
  | 'desiredLoanAmount'
  | 'estimatedPropertyValue'
  | 'projectDescription',
  FieldMetadata<unknown>
>;

export function BorrowerQuestions({ fields }: { fields: Fields }) {
  return (
    <>
      <ChoiceSelect label="Loan type" field={fields.loanType} choices={LOAN_TYPES} />
      <ChoiceSelect label="Loan amount range" field={fields.loanAmountRange} choices={LOAN_AMOUNT_RANGES} />
      <ChoiceList
        className="sm:col-span-2"
        legend="Property types"
        field={fields.propertyTypes}
        choices={PROPERTY_TYPES}
        multiple
      />
      <ChoiceList
        className="sm:col-span-2"
        legend="Do you have a specific property address?"
        field={fields.hasSpecificAddress}
        choices={YES_NO}
      />
      {/* Shown while 'Yes' is chosen: CSS (`[data-shown-with]` in app.css), so also on /login, which does not hydrate. */}
      <div data-shown-with="hasSpecificAddress=yes" className="sm:col-span-2">
        <Field
          label="Property address"
          errors={fields.propertyAddress.errors}
          inputProps={{ ...getInputProps(fields.propertyAddress, { type: 'text' }), autoComplete: 'street-address' }}
        />
      </div>
      <MoneyField label="Desired loan amount (USD)" field={fields.desiredLoanAmount} />
      <MoneyField label="Estimated property value (USD)" field={fields.estimatedPropertyValue} />
      <TextareaField
        className="sm:col-span-2"
        label="Project description"
        errors={fields.projectDescription.errors}
        textareaProps={{ ...getTextareaProps(fields.projectDescription), rows: 4 }}
      />
    </>
  );
}
