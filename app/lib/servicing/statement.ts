/**
 * A monthly statement's figures (issue 24 "Monthly statements"), computed from the ledger's
 * entries by the same functions the servicing pages use (ledger.ts `balancesOn`, schedule.ts
 * `billingPeriod`/`installmentCents`, day-count.ts `perDiemCents`), so the statement, its PDF,
 * its e-mail and the loan page show the same cents. Pure: the billing job
 * (app/server/domain/servicing/billing.server.ts) stores these figures with the statement, and the
 * statement list (components/servicing/statement-list.tsx) draws them.
 *
 * The rules (app/lib/servicing/README.md "Schedule and billing"): the statement issued on a due
 * day shows the period billed, the interest billed, the balances at the end of the due day, the
 * amount due = max(0, interest due + fees due + the principal when the due day is the maturity −
 * suspense), the late charge that applies after the grace days, the per diem, and every entry
 * since the previous statement. Units: cents, percent a year, the lender's days 'YYYY-MM-DD'.
 */
import type { Cents } from '../money';
import { addDays, perDiemCents } from './day-count';
import { balancesOn, type EntryKind, type LateChargeRule, type LedgerEntry, type LoanTerms } from './ledger';
import { billingPeriod, installmentLateCharge, previousDueOn, type ScheduleTerms } from './schedule';

/** One line of a statement's activity: an entry since the previous statement. */
export interface StatementActivity {
  day: string;
  kind: EntryKind;
  /** What the line says besides its kind (a fee's description, a reason). */
  detail: string | null;
  /** A bill's period: from (counted) to (not counted). */
  period?: { from: string; to: string };
  /** Cents; an adjustment's is signed. */
  amountCents: Cents;
}

/** What a statement shows, in cents, as its PDF prints it (stored as `loan_statement.figures`). */
export interface StatementFigures {
  reference: string;
  dueOn: string;
  periodFrom: string;
  /** The period's last day is the day before `periodTo` (not counted). */
  periodTo: string;
  ratePercent: number;
  interestMethod: LoanTerms['method'];
  maturityOn: string;
  /** The interest billed for the period on the due day. */
  interestBilledCents: Cents;
  principalCents: Cents;
  holdbackCents: Cents;
  /** Billed and unpaid interest, arrears included. */
  interestDueCents: Cents;
  /** Unpaid late charges and fees, arrears included. */
  feesDueCents: Cents;
  suspenseCents: Cents;
  /** The principal due with this installment (the balloon at maturity; 0 otherwise). */
  principalDueCents: Cents;
  /** max(0, interest due + fees due + principal due − suspense): a surplus in suspense lowers the balloon too. */
  amountDueCents: Cents;
  /** The late charge if the installment is not paid by the end of the grace days (on the scheduled installment, never the balloon). */
  lateChargeCents: Cents;
  /** The first day the late charge applies: due day + grace days + 1. */
  lateChargeFrom: string;
  graceDays: number;
  /** One day's interest on today's base (principal, or principal + holdback on a whole-note loan). */
  perDiemCents: Cents;
  activity: StatementActivity[];
}

/** A statement as the loan pages list it (components/servicing/statement-list.tsx). */
export interface StatementSummary {
  id: string;
  dueOn: string;
  periodFrom: string;
  periodTo: string;
  amountDueCents: Cents;
  /** The PDF's address (`statementHref`). */
  href: string;
}

/** The PDF of statement `id` of loan `reference`, for its borrower and staff (routes/resources/loan-statement.ts). */
export const statementHref = (reference: string, id: string) =>
  `/dashboard/loans/${encodeURIComponent(reference)}/statements/${encodeURIComponent(id)}`;

/** The statement's file name: 'statement-OL-2026-12345-2026-11-01.pdf'. */
export const statementFileName = (reference: string, dueOn: string) => `statement-${reference}-${dueOn}.pdf`;

function detailOf(e: LedgerEntry): string | null {
  switch (e.kind) {
    case 'fee':
      return e.description;
    case 'payment-reversal':
    case 'adjustment':
    case 'refund':
      return e.reason;
    default:
      return null;
  }
}

/**
 * The figures of the statement for the installment due on `dueOn`, from `entries` (the loan's
 * ledger in the order recorded, including that day's interest bill, each with its `dueOn`); the
 * balances are those at the end of the due day. The activity is every entry up to the due day
 * that the previous statement did not show: dated after the previous due day, or recorded after
 * that day's bill (the previous statement was issued with it). `terms` are the loan's (ledger.ts),
 * `schedule` its days with the maturity in force, `lateCharge` its boarded late-charge term.
 * @throws RangeError as the ledger's functions (a bad day or amount).
 */
export function statementFigures(
  entries: readonly (LedgerEntry & { dueOn?: string | null })[],
  terms: LoanTerms,
  schedule: ScheduleTerms,
  { reference, dueOn, lateCharge }: { reference: string; dueOn: string; lateCharge: LateChargeRule },
): StatementFigures {
  const b = balancesOn(entries, terms, dueOn);
  const bill = entries.find(
    (e): e is Extract<LedgerEntry, { kind: 'interest-billed' }> & { dueOn?: string | null } =>
      e.kind === 'interest-billed' && e.dueOn === dueOn,
  );
  // The bill's own period (the billing job may start it later than the schedule's, never earlier).
  const period = bill ? { from: bill.from, to: bill.to } : billingPeriod(schedule, dueOn);
  const principalDueCents = dueOn === schedule.maturityOn ? Math.max(0, b.principalCents) : 0;
  const since = previousDueOn(schedule, dueOn);
  // The previous statement was issued right after its bill: what was recorded after that bill,
  // even dated on or before its due day (a payment that day, a correction), was not on it.
  const previousBill = since === null ? -1 : entries.findIndex((e) => e.kind === 'interest-billed' && e.dueOn === since);
  const base = terms.accrual === 'disbursed' ? b.principalCents : b.principalCents + b.holdbackCents;
  return {
    reference,
    dueOn,
    periodFrom: period.from,
    periodTo: period.to,
    ratePercent: terms.ratePercent,
    interestMethod: terms.method,
    maturityOn: schedule.maturityOn,
    interestBilledCents: bill?.amountCents ?? 0,
    principalCents: b.principalCents,
    holdbackCents: b.holdbackCents,
    interestDueCents: b.interestDueCents,
    feesDueCents: b.feesDueCents,
    suspenseCents: b.suspenseCents,
    principalDueCents,
    amountDueCents: Math.max(0, b.interestDueCents + b.feesDueCents + principalDueCents - b.suspenseCents),
    lateChargeCents: installmentLateCharge(entries, schedule, lateCharge, {
      dueOn,
      paidDay: addDays(dueOn, lateCharge.graceDays + 1),
    }),
    lateChargeFrom: addDays(dueOn, lateCharge.graceDays + 1),
    graceDays: lateCharge.graceDays,
    perDiemCents: perDiemCents(Math.max(0, base), terms.ratePercent),
    activity: entries
      .filter((e, i) => e.day <= dueOn && (since === null || e.day > since || i > previousBill))
      .map((e) => ({
        day: e.day,
        kind: e.kind,
        detail: detailOf(e),
        ...(e.kind === 'interest-billed' ? { period: { from: e.from, to: e.to } } : {}),
        amountCents: e.amountCents,
      })),
  };
}
