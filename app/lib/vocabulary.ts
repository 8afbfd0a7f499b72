/**
 * The one vocabulary of the account questions (product §3 enumerations; decision record 0002):
 * each list is `{ value, label }` pairs, the value stored, the label shown. Sign-up, the profile,
 * the admin user directory and the e-mails to the lender all read these lists.
 */

export interface Choice {
  readonly value: string;
  readonly label: string;
}

/** Are you an accredited investor? */
export const ACCREDITATION = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
  { value: 'unsure', label: 'Not sure' },
] as const satisfies readonly Choice[];

/** Annual income, US dollars. */
export const INCOME_RANGES = [
  { value: 'under-200k', label: 'Under $200,000' },
  { value: '200k-300k', label: '$200,000 – $300,000' },
  { value: 'over-300k', label: 'Over $300,000' },
] as const satisfies readonly Choice[];

/** Net worth excluding the primary residence, US dollars. */
export const NET_WORTH_RANGES = [
  { value: 'under-1m', label: 'Under $1 million' },
  { value: '1m-5m', label: '$1 million – $5 million' },
  { value: 'over-5m', label: 'Over $5 million' },
] as const satisfies readonly Choice[];

export const INVESTMENT_EXPERIENCE = [
  { value: 'Beginner', label: 'Beginner' },
  { value: 'Intermediate', label: 'Intermediate' },
  { value: 'Advanced', label: 'Advanced' },
  { value: 'Expert', label: 'Expert' },
] as const satisfies readonly Choice[];

/** The loan a borrower looks for (the sign-up's five and the profile's, as one list). */
export const LOAN_TYPES = [
  { value: 'acquisition', label: 'Acquisition' },
  { value: 'bridge', label: 'Bridge' },
  { value: 'construction', label: 'Construction' },
  { value: 'development', label: 'Development' },
  { value: 'fix-and-flip', label: 'Fix & Flip' },
  { value: 'land', label: 'Land' },
  { value: 'refinance', label: 'Refinance' },
  { value: 'rental', label: 'Rental Property' },
] as const satisfies readonly Choice[];

/**
 * Property types, the one list (issue 23 "one vocabulary"): the sign-up's and profile's answer
 * (several may be chosen), the application's property type, and the types each loan program
 * lends on (app/lib/site-content.ts). Values are stored (loan.property_type's CHECK comes from
 * this list); migration 0012 widened it with the programs' commercial types.
 */
export const PROPERTY_TYPES = [
  { value: 'Single-Family Investment', label: 'Single-Family Investment' },
  { value: 'Multi-Family', label: 'Multi-Family' },
  { value: 'Mixed-Use', label: 'Mixed-Use' },
  { value: 'Retail', label: 'Retail' },
  { value: 'Office', label: 'Office' },
  { value: 'Industrial', label: 'Industrial' },
  { value: 'Self Storage', label: 'Self Storage' },
  { value: 'Hotel/Hospitality', label: 'Hotel/Hospitality' },
  { value: 'Mobile Home Park', label: 'Mobile Home Park' },
  { value: 'Commercial', label: 'Commercial' },
  { value: 'Land Development', label: 'Land Development' },
] as const satisfies readonly Choice[];
export type PropertyType = (typeof PROPERTY_TYPES)[number]['value'];

/** Loan amount range, US dollars. */
export const LOAN_AMOUNT_RANGES = [
  { value: 'under-500k', label: 'Under $500,000' },
  { value: '500k-1m', label: '$500,000 – $1 million' },
  { value: '1m-5m', label: '$1 million – $5 million' },
  { value: '5m-10m', label: '$5 million – $10 million' },
  { value: 'over-10m', label: 'Over $10 million' },
] as const satisfies readonly Choice[];

/** Yes or no, for a question that needs no 'not sure'. */
export const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
] as const satisfies readonly Choice[];

/** The values of `list`, for `z.enum`. */
export function valuesOf<const L extends readonly Choice[]>(list: L): [L[number]['value'], ...L[number]['value'][]] {
  return list.map((c) => c.value) as [L[number]['value'], ...L[number]['value'][]];
}

/**
 * The label of `value` in `list`; a value the list does not know (an older free-text answer)
 * is shown as it is; null for none.
 */
export function labelOf(list: readonly Choice[], value: string | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  return list.find((c) => c.value === value)?.label ?? value;
}
