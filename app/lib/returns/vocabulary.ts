/**
 * The investor-returns vocabulary (issue 25 "Investor returns"): who receives a loan's fees, a
 * distribution run's statuses, a position's loan status as investors read it, the kinds of loan
 * update, and a tax statement's status. Shared by pages, PDFs, e-mails, exports and the schema's
 * CHECK constraints (app/server/db/schema.ts).
 */
import type { Choice } from '../vocabulary';

/** Who receives the late charges and fees a deal's loan collects (staff set it per deal). */
export const FEES_TO = [
  { value: 'lender', label: 'The lender' },
  { value: 'investors', label: 'The investors, by share' },
] as const satisfies readonly Choice[];
export type FeesTo = (typeof FEES_TO)[number]['value'];

/** A distribution run: Open (preview) → Approved (amounts fixed) → Paid (with the payment reference). */
export const RUN_STATUSES = [
  { value: 'open', label: 'Open' },
  { value: 'approved', label: 'Approved' },
  { value: 'paid', label: 'Paid' },
] as const satisfies readonly Choice[];
export type RunStatus = (typeof RUN_STATUSES)[number]['value'];

/** A position's loan as its investors read it (app/lib/returns/status.ts `positionStatus`). */
export const POSITION_STATUSES = [
  { value: 'current', label: 'Current' },
  { value: 'late-1-29', label: 'Late 1–29 days' },
  { value: 'late-30-59', label: 'Late 30–59 days' },
  { value: 'late-60-plus', label: 'Late 60+ days' },
  { value: 'default', label: 'In default' },
  { value: 'extended', label: 'Extended' },
  { value: 'paid-off', label: 'Paid off' },
] as const satisfies readonly Choice[];
export type PositionStatus = (typeof POSITION_STATUSES)[number]['value'];

/** What a loan update tells its investors: the four events the platform announces, and staff's own posts. */
export const LOAN_UPDATE_KINDS = [
  { value: 'late-30', label: '30 days late' },
  { value: 'default', label: 'In default' },
  { value: 'extended', label: 'Extended' },
  { value: 'paid-off', label: 'Paid off' },
  { value: 'note', label: 'Update from the lender' },
] as const satisfies readonly Choice[];
export type LoanUpdateKind = (typeof LOAN_UPDATE_KINDS)[number]['value'];

/** A year's tax statement: expected (the year is not issued yet) or available (issued, as a PDF). */
export const TAX_STATEMENT_STATUSES = [
  { value: 'expected', label: 'Expected' },
  { value: 'available', label: 'Available' },
] as const satisfies readonly Choice[];
