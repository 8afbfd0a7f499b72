/**
 * The answers an applicant gave at sign-up (and keeps on the profile), as people read them
 * (issue "Solid ground" 3): label and shown value for each question, on the one vocabulary.
 * The profile, the admin user directory and the lender's new-account e-mail all use these rows.
 */
import { usd } from './format';
import {
  INCOME_RANGES,
  INVESTMENT_EXPERIENCE,
  LOAN_AMOUNT_RANGES,
  LOAN_TYPES,
  NET_WORTH_RANGES,
  PROPERTY_TYPES,
  labelOf,
} from './vocabulary';

/** The stored answers (profile columns). Amounts in whole dollars. */
export interface StoredAnswers {
  isAccredited: boolean | null;
  income: string | null;
  netWorth: string | null;
  investmentExperience: string | null;
  loanType: string | null;
  propertyTypes: string[];
  hasSpecificAddress: boolean | null;
  propertyAddress: string | null;
  loanAmountRange: string | null;
  projectDescription: string | null;
  desiredLoanAmount: number | null;
  estimatedPropertyValue: number | null;
}

/** One answer as shown: the question's label and the answer in words (null: not given). */
export type AnswerRow = [label: string, value: string | null];

const yesNo = (value: boolean | null) => (value === null ? null : value ? 'Yes' : 'No');

/** The investor's answers (accreditation, income, net worth, experience). */
export function investorAnswerRows(a: StoredAnswers): AnswerRow[] {
  return [
    ['Accredited investor', yesNo(a.isAccredited)],
    ['Annual income', labelOf(INCOME_RANGES, a.income)],
    ['Net worth', labelOf(NET_WORTH_RANGES, a.netWorth)],
    ['Investment experience', labelOf(INVESTMENT_EXPERIENCE, a.investmentExperience)],
  ];
}

/** The borrower's answers (loan, property, amounts, project). */
export function borrowerAnswerRows(a: StoredAnswers): AnswerRow[] {
  return [
    ['Loan type', labelOf(LOAN_TYPES, a.loanType)],
    ['Loan amount range', labelOf(LOAN_AMOUNT_RANGES, a.loanAmountRange)],
    ['Property types', a.propertyTypes.map((t) => labelOf(PROPERTY_TYPES, t)).join(', ') || null],
    ['Property address', a.hasSpecificAddress === false ? 'No specific property yet' : a.propertyAddress],
    ['Desired loan amount', a.desiredLoanAmount === null ? null : usd(a.desiredLoanAmount)],
    ['Estimated property value', a.estimatedPropertyValue === null ? null : usd(a.estimatedPropertyValue)],
    ['Project description', a.projectDescription],
  ];
}
