/**
 * What a funded loan's Servicing view shows (issue 24 "Borrower" and the staff's loan review):
 * the balances and terms, the next payment, the per diem, days past due and the ledger's history,
 * every figure computed from the stored entries with app/lib/servicing/ (so pages, PDFs and
 * e-mails show the same cents). Read-only; the caller has already found the loan for its
 * viewer (`borrowerLoan` / `staffLoan`).
 */
import { lenderDay } from '~/lib/format';
import { perDiemCents } from '~/lib/servicing/day-count';
import type { LoanStanding } from '~/lib/returns/status';
import { balances, balancesOn, periodInterest } from '~/lib/servicing/ledger';
import { billingPeriod, nextDueOn, pastDueSince } from '~/lib/servicing/schedule';
import { delinquencyBucket } from '~/lib/servicing/vocabulary';
import { daysBetween } from '~/lib/servicing/day-count';
import type { HistoryLine, ServicingSummary } from '~/lib/servicing/view';
import type { Reader } from '../../db/client.server';
import { loanRowOf, type Loan, type LoanRead } from '../loans/loan.server';
import { loanTerms, readEntries, scheduleTerms, servicingOf, stored, type StoredEntry } from './ledger.server';
import { loanServicingParts } from './loan-reads.server';

function historyLine(e: StoredEntry, reversedIds: Set<string>, staff: boolean): HistoryLine {
  const parts = 'application' in e ? { ...e.application } : null;
  return {
    id: e.id,
    day: e.day,
    kind: e.kind,
    amountCents: e.amountCents,
    parts,
    detail: e.kind === 'fee' ? e.description : e.kind === 'payment-reversal' || e.kind === 'adjustment' ? e.reason : null,
    period: e.kind === 'interest-billed' ? { from: e.from, to: e.to } : null,
    bucket: e.kind === 'adjustment' ? e.bucket : null,
    method: e.method,
    reference: staff ? e.reference : null,
    reverses: e.kind === 'payment-reversal' ? e.reverses : null,
    reversed: reversedIds.has(e.id),
    principalAfterCents: e.after.principalCents,
    actorName: staff ? e.actorName : null,
    recordedAt: e.createdAt.toISOString(),
  };
}

/**
 * The Servicing view of `l` (the row, or a `LoanRead` whose reads go in the loan's own wait) on
 * the lender's day `today` for `audience`, or null when the loan has no closing record (not
 * funded) or is not there. Staff also see who recorded each entry and references. The loan and
 * its servicing parts (`loanServicingParts`: the closing record, the entries, an approved
 * extension, with the draws' parts) go together, the parts in one statement.
 */
export async function servicingSummary(
  of: Loan | LoanRead,
  audience: 'borrower' | 'staff',
  today = lenderDay(),
): Promise<ServicingSummary | null> {
  const [l, parts] = await Promise.all([loanRowOf(of), loanServicingParts(of)]);
  const s = parts.servicing[0];
  if (!l || !s) return null;
  const entries = parts.entries.map(stored);
  const schedule = { fundedOn: s.fundedOn, firstPaymentOn: s.firstPaymentOn, maturityOn: parts.extension[0]?.on ?? s.maturityOn };
  const terms = loanTerms(s);
  const b = balances(entries, terms);
  const base = s.accrual === 'disbursed' ? b.principalCents : b.principalCents + b.holdbackCents;
  const open = l.stage === 'funded';
  let nextPayment: ServicingSummary['nextPayment'] = null;
  const due = open ? nextDueOn(schedule, today) : null;
  if (due) {
    const billed = entries.some((e) => e.kind === 'interest-billed' && e.dueOn === due);
    const period = billingPeriod(schedule, due);
    const periodInterestCents = billed ? 0 : periodInterest(entries, terms, period);
    const balloon = due === schedule.maturityOn ? b.principalCents : 0;
    nextPayment = {
      dueOn: due,
      periodInterestCents,
      amountCents: Math.max(0, b.interestDueCents + b.feesDueCents + periodInterestCents + balloon - b.suspenseCents),
    };
  }
  const since = open ? pastDueSince(entries, schedule, today) : null;
  const daysPastDue = since ? daysBetween(since, today) : 0;
  const reversedIds = new Set(entries.flatMap((e) => (e.kind === 'payment-reversal' ? [e.reverses] : [])));
  return {
    fundedOn: s.fundedOn,
    noteAmountCents: s.noteAmountCents,
    ratePercent: s.ratePercent,
    points: s.points,
    interestMethod: s.interestMethod,
    accrual: s.accrual,
    firstPaymentOn: s.firstPaymentOn,
    maturityOn: schedule.maturityOn,
    lateChargePercent: s.lateChargePercent,
    graceDays: s.graceDays,
    defaultRatePercent: s.defaultRatePercent,
    drawFeeCents: s.drawFeeCents,
    extensionPoints: s.extensionPoints,
    reconveyanceFeeCents: s.reconveyanceFeeCents,
    principalCents: b.principalCents,
    holdbackTotalCents: s.holdbackCents,
    holdbackRemainingCents: b.holdbackCents,
    holdbackDrawnCents: s.holdbackCents - b.holdbackCents,
    interestDueCents: b.interestDueCents,
    feesDueCents: b.feesDueCents,
    suspenseCents: b.suspenseCents,
    perDiemCents: open ? perDiemCents(Math.max(0, base), s.ratePercent) : 0,
    nextPayment,
    pastDueSince: since,
    daysPastDue,
    bucket: delinquencyBucket(daysPastDue),
    history: entries.map((e) => historyLine(e, reversedIds, audience === 'staff')).reverse(),
  };
}

/** A loan's standing on a day, as app/lib/returns/status.ts `positionStatus` reads it, and since when it is past due. */
export interface StandingOn {
  standing: LoanStanding;
  /** schedule.ts `pastDueSince`: the oldest unpaid due day, or the maturity when earlier and passed; null when current. */
  pastDueSince: string | null;
}

/**
 * The standing of loan `l` on the lender's day `day` from its stored ledger (the entries dated up
 * to `day`), read in `tx`: paid off (stage), days past due and since when (schedule.ts
 * `pastDueSince`, the rule the servicing view and list use), the maturity in force, principal
 * outstanding (cents), and whether an extension was approved. Null when the loan is not boarded.
 */
export async function loanStanding(l: Pick<Loan, 'id' | 'stage'>, day: string, tx?: Reader): Promise<StandingOn | null> {
  const s = await servicingOf(l.id, tx);
  if (!s) return null;
  const [entries, schedule] = await Promise.all([readEntries(l.id, tx), scheduleTerms(s, tx)]);
  const since = pastDueSince(entries, schedule, day);
  return {
    standing: {
      paidOff: l.stage === 'paid_off',
      daysPastDue: since ? daysBetween(since, day) : 0,
      maturityOn: schedule.maturityOn,
      principalCents: balancesOn(entries, loanTerms(s), day).principalCents,
      extended: schedule.maturityOn !== s.maturityOn,
      today: day,
    },
    pastDueSince: since,
  };
}
