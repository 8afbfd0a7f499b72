/**
 * The servicing vocabulary shared by the browser and the server (issue 24 "Servicing"): the
 * ledger's entry kinds, payment methods, how interest accrues, draw and extension statuses and
 * the delinquency buckets, each a `{ value, label }` list (app/lib/vocabulary.ts's `Choice`),
 * so the database's CHECK constraints, the forms and the pages read one list.
 */
import type { Choice } from '../vocabulary';

/** The kinds of a ledger entry, as `LedgerEntry['kind']` in ledger.ts. */
export const LEDGER_ENTRY_KINDS = [
  { value: 'closing-disbursement', label: 'Disbursed at closing' },
  { value: 'draw-disbursement', label: 'Draw funded' },
  { value: 'interest-billed', label: 'Interest billed' },
  { value: 'payment', label: 'Payment received' },
  { value: 'late-charge', label: 'Late charge' },
  { value: 'fee', label: 'Fee' },
  { value: 'payment-reversal', label: 'Payment reversed' },
  { value: 'adjustment', label: 'Adjustment' },
  { value: 'payoff', label: 'Payoff received' },
  { value: 'suspense-applied', label: 'Suspense applied' },
  { value: 'refund', label: 'Refund to the borrower' },
] as const satisfies readonly Choice[];

/** How a payment reached the lender. */
export const PAYMENT_METHODS = [
  { value: 'ach', label: 'ACH' },
  { value: 'wire', label: 'Wire' },
  { value: 'check', label: 'Check' },
  { value: 'other', label: 'Other' },
] as const satisfies readonly Choice[];
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]['value'];

/** The day count of a loan's interest (day-count.ts's `InterestMethod`). */
export const INTEREST_METHOD_CHOICES = [
  { value: '30/360', label: '30/360' },
  { value: 'actual/360', label: 'Actual/360' },
] as const satisfies readonly Choice[];

/** What a loan's interest is charged on (ledger.ts's `LoanTerms['accrual']`). */
export const ACCRUALS = [
  { value: 'disbursed', label: 'The disbursed balance' },
  { value: 'whole-note', label: 'The whole note' },
] as const satisfies readonly Choice[];

/** Where an overpayment goes, as staff choose when recording a payment. */
export const OVERPAYMENT_CHOICES = [
  { value: 'principal', label: 'Reduce principal' },
  { value: 'suspense', label: 'Hold in suspense' },
] as const satisfies readonly Choice[];

/** The balances an adjustment may correct (ledger.ts's `AdjustedBucket`). */
export const ADJUSTED_BUCKETS = [
  { value: 'principal', label: 'Principal' },
  { value: 'holdback', label: 'Holdback' },
  { value: 'interest', label: 'Interest due' },
  { value: 'fees', label: 'Fees due' },
  { value: 'suspense', label: 'Suspense' },
] as const satisfies readonly Choice[];

/** A draw request's statuses, in order; Declined ends it early. */
export const DRAW_STATUSES = [
  { value: 'submitted', label: 'Submitted' },
  { value: 'inspection', label: 'Inspection' },
  { value: 'approved', label: 'Approved' },
  { value: 'funded', label: 'Funded' },
  { value: 'declined', label: 'Declined' },
] as const satisfies readonly Choice[];
export type DrawStatus = (typeof DRAW_STATUSES)[number]['value'];

/** What a draw's file is. */
export const DRAW_FILE_KINDS = [
  { value: 'photo', label: 'Photo' },
  { value: 'invoice', label: 'Invoice' },
  { value: 'lien-waiver', label: 'Lien waiver' },
] as const satisfies readonly Choice[];

/** An extension request's statuses. */
export const EXTENSION_STATUSES = [
  { value: 'requested', label: 'Requested' },
  { value: 'approved', label: 'Approved' },
  { value: 'declined', label: 'Declined' },
] as const satisfies readonly Choice[];
export type ExtensionStatus = (typeof EXTENSION_STATUSES)[number]['value'];

/** Days past due, as staff filter and report them (issue 24's list). */
export const DELINQUENCY_BUCKETS = [
  { value: 'current', label: 'Current' },
  { value: '1-29', label: '1–29 days' },
  { value: '30-59', label: '30–59 days' },
  { value: '60-89', label: '60–89 days' },
  { value: '90-plus', label: '90+ days' },
] as const satisfies readonly Choice[];
export type DelinquencyBucket = (typeof DELINQUENCY_BUCKETS)[number]['value'];

/** The bucket of `daysPastDue` (0 or less: current). */
export function delinquencyBucket(daysPastDue: number): DelinquencyBucket {
  if (daysPastDue <= 0) return 'current';
  if (daysPastDue < 30) return '1-29';
  if (daysPastDue < 60) return '30-59';
  if (daysPastDue < 90) return '60-89';
  return '90-plus';
}
