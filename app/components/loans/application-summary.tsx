/**
 * The application as submitted, read-only (issue "The loan file"): the property, the loan
 * with its ratios, and the borrower's answers (phone and estimated credit score since issue 23),
 * for the borrower's loan page and staff review.
 */
import { formatCalendarDay, percent, usd } from '~/lib/format';
import {
  CREDIT_SCORE_RANGES,
  ENTITY_TYPES,
  EXIT_STRATEGIES,
  LENDING_STATES,
  LOAN_PURPOSES,
  PURCHASE_PURPOSES,
  labelOf,
  type LoanPurpose,
  type LoanRatios,
} from '~/lib/loans';
import { PROPERTY_TYPES } from '~/lib/vocabulary';

export interface ApplicationFields {
  propertyAddress: string | null;
  propertyCity: string | null;
  propertyState: string | null;
  propertyType: string | null;
  purpose: string | null;
  propertyValue: number | null;
  rehabBudget: number | null;
  afterRepairValue: number | null;
  loanAmount: number | null;
  exitStrategy: string | null;
  entityType: string | null;
  entityName: string | null;
  projectsLast36Months: number | null;
  targetClosingDate: string | null;
  phone: string | null;
  creditScoreRange: string | null;
}

/** The label of the value asked for `purpose`: the purchase price, or the as-is value. */
export function valueLabel(purpose: string | null | undefined): string {
  return PURCHASE_PURPOSES.includes(purpose as LoanPurpose) ? 'Purchase price' : 'As-is value';
}

export function ApplicationSummary({ application: a, ratios }: { application: ApplicationFields; ratios: LoanRatios }) {
  const money = (n: number | null) => (n === null ? null : usd(n));
  const rows: [string, string | null][] = [
    ['Property', [a.propertyAddress, a.propertyCity, labelOf(LENDING_STATES, a.propertyState)].filter(Boolean).join(', ')],
    ['Property type', a.propertyType ? labelOf(PROPERTY_TYPES, a.propertyType) : null],
    ['Purpose', labelOf(LOAN_PURPOSES, a.purpose)],
    [valueLabel(a.purpose), money(a.propertyValue)],
    ['Rehab budget', money(a.rehabBudget)],
    ['After-repair value (ARV)', money(a.afterRepairValue)],
    ['Loan amount requested', money(a.loanAmount)],
    ['Loan-to-value (LTV)', ratios.ltv === null ? null : percent(ratios.ltv)],
    ['Loan-to-cost (LTC)', ratios.ltc === null ? null : percent(ratios.ltc)],
    ['ARV loan-to-value', ratios.arvLtv === null ? null : percent(ratios.arvLtv)],
    ['Exit strategy', labelOf(EXIT_STRATEGIES, a.exitStrategy)],
    ['Borrower', [labelOf(ENTITY_TYPES, a.entityType), a.entityName].filter(Boolean).join(': ')],
    ['Projects completed in the last 36 months', a.projectsLast36Months === null ? null : String(a.projectsLast36Months)],
    ['Target closing date', a.targetClosingDate ? formatCalendarDay(a.targetClosingDate) : null],
    ['Phone', a.phone],
    ['Estimated credit score', a.creditScoreRange ? labelOf(CREDIT_SCORE_RANGES, a.creditScoreRange) : null],
  ];
  return (
    <dl className="grid gap-x-8 gap-y-4 text-sm sm:grid-cols-2">
      {rows
        .filter(([, v]) => v)
        .map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-muted">{label}</dt>
            <dd className="mt-0.5 font-medium break-words text-ink">{value}</dd>
          </div>
        ))}
    </dl>
  );
}
