/**
 * The shapes of a funded loan's Servicing view (issue 24), drawn by app/components/servicing/
 * and filled by app/server/domain/servicing/view.server.ts: cents, percent, the lender's days
 * 'YYYY-MM-DD', ISO times.
 */
import type { Cents } from '../money';
import type { DelinquencyBucket } from './vocabulary';
import type { EntryKind } from './ledger';

/** One line of the ledger's history as a page shows it (cents; the parts of a payment, reversal or payoff). */
export interface HistoryLine {
  id: string;
  day: string;
  kind: EntryKind;
  amountCents: Cents;
  parts: { feesCents: Cents; interestCents: Cents; principalCents: Cents; suspenseCents: Cents } | null;
  /** A fee's description, a reversal's or adjustment's reason, an interest bill's period. */
  detail: string | null;
  period: { from: string; to: string } | null;
  bucket: string | null;
  method: string | null;
  reference: string | null;
  /** The payment a reversal undoes; for a payment, whether it was reversed. */
  reverses: string | null;
  reversed: boolean;
  principalAfterCents: Cents;
  /** Staff only: who recorded it (null: the system). */
  actorName: string | null;
  recordedAt: string;
}

/** A funded loan's servicing figures (cents, percent, the lender's days). */
export interface ServicingSummary {
  fundedOn: string;
  noteAmountCents: Cents;
  ratePercent: number;
  points: number;
  interestMethod: '30/360' | 'actual/360';
  accrual: 'disbursed' | 'whole-note';
  firstPaymentOn: string;
  maturityOn: string;
  lateChargePercent: number;
  graceDays: number;
  defaultRatePercent: number | null;
  drawFeeCents: Cents;
  extensionPoints: number;
  reconveyanceFeeCents: Cents;
  principalCents: Cents;
  holdbackTotalCents: Cents;
  holdbackRemainingCents: Cents;
  holdbackDrawnCents: Cents;
  interestDueCents: Cents;
  feesDueCents: Cents;
  suspenseCents: Cents;
  perDiemCents: Cents;
  /** The next due day and what it is expected to ask: unpaid interest and fees, the period's interest to that day (on today's entries), the balloon at maturity, less suspense. */
  nextPayment: { dueOn: string; amountCents: Cents; periodInterestCents: Cents } | null;
  pastDueSince: string | null;
  daysPastDue: number;
  bucket: DelinquencyBucket;
  history: HistoryLine[];
}
