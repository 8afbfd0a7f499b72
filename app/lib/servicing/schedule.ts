/**
 * A funded loan's installment schedule and delinquency (issue 24 "Servicing"): the due days, the
 * next one, what an installment is, and since when a loan is past due. Pure, like ledger.ts.
 *
 * The rules (app/lib/servicing/README.md "Schedule"): interest is billed in arrears on each due
 * day for the days since the last bill (the first bill from the funding day); due days fall on
 * the first payment day's day of the month (the month's last day when it is shorter), up to the
 * maturity day, which is the last due day (the balloon: the principal is due with it).
 * Units: cents, the lender's days 'YYYY-MM-DD'.
 */
import type { Cents } from '../money';
import { addDays as addDaysTo, daysBetween } from './day-count';
import { lateChargeCents, type LateChargeRule, type LedgerEntry } from './ledger';

/** The boarded days a schedule is drawn from. */
export interface ScheduleTerms {
  fundedOn: string;
  firstPaymentOn: string;
  /** The maturity in force (the boarded one or the last approved extension's). */
  maturityOn: string;
}

function monthDay(year: number, month: number, day: number): string {
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(day, last)).padStart(2, '0')}`;
}

/** The day `months` after `day`, on the same day of the month or the month's last day when shorter. */
export function addMonths(day: string, months: number): string {
  daysBetween(day, day);
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const index = m - 1 + months;
  return monthDay(y + Math.floor(index / 12), (((index % 12) + 12) % 12) + 1, d);
}

/**
 * Every due day from the first payment day to the maturity (included, as the last one even when
 * it falls between two monthly days), in order.
 * @throws RangeError for a day that is not 'YYYY-MM-DD'.
 */
export function dueDays({ firstPaymentOn, maturityOn }: ScheduleTerms): string[] {
  daysBetween(firstPaymentOn, maturityOn);
  const [y, m, d] = firstPaymentOn.split('-').map(Number) as [number, number, number];
  const days: string[] = [];
  for (let i = 0; ; i++) {
    const day = monthDay(y + Math.floor((m - 1 + i) / 12), ((m - 1 + i) % 12) + 1, d);
    if (day >= maturityOn) break;
    days.push(day);
  }
  days.push(maturityOn);
  return days;
}

/** The first due day on or after `today`, or null once the maturity has passed. */
export function nextDueOn(terms: ScheduleTerms, today: string): string | null {
  return dueDays(terms).find((d) => d >= today) ?? null;
}

/** The due day before `dueOn` in the schedule, or null for the first (its period starts at funding). */
export function previousDueOn(terms: ScheduleTerms, dueOn: string): string | null {
  return (
    dueDays(terms)
      .filter((d) => d < dueOn)
      .at(-1) ?? null
  );
}

/** The period an installment due on `dueOn` bills: from the previous due day (or the funding day) to `dueOn`. */
export function billingPeriod(terms: ScheduleTerms, dueOn: string): { from: string; to: string } {
  return { from: previousDueOn(terms, dueOn) ?? terms.fundedOn, to: dueOn };
}

/**
 * The oldest due day whose installment is not paid on `today`, or null when the loan is current:
 * interest bills are paid oldest first from the interest the payments applied (less reversals),
 * and once the maturity has passed an unpaid principal is past due since the maturity.
 * A bill made on a payoff (no due day) counts on its own day.
 */
export function pastDueSince(
  entries: readonly (LedgerEntry & { dueOn?: string | null })[],
  terms: ScheduleTerms,
  today: string,
): string | null {
  const upTo = entries.filter((e) => e.day <= today);
  let paid = 0;
  let principal = 0;
  for (const e of upTo) {
    if (e.kind === 'payment' || e.kind === 'payoff' || e.kind === 'suspense-applied') paid += e.application.interestCents;
    if (e.kind === 'payment-reversal') paid -= e.application.interestCents;
    if (e.kind === 'adjustment' && e.bucket === 'interest') paid -= e.amountCents;
    if (e.kind === 'closing-disbursement' || e.kind === 'draw-disbursement') principal += e.amountCents;
    if (e.kind === 'payment' || e.kind === 'payoff' || e.kind === 'suspense-applied') principal -= e.application.principalCents;
    if (e.kind === 'payment-reversal') principal += e.application.principalCents;
    if (e.kind === 'adjustment' && e.bucket === 'principal') principal += e.amountCents;
  }
  const bills = upTo
    .filter(
      (e): e is Extract<LedgerEntry, { kind: 'interest-billed' }> & { dueOn?: string | null } => e.kind === 'interest-billed',
    )
    .map((e) => ({ due: e.dueOn ?? e.day, amount: e.amountCents }))
    .sort((a, b) => (a.due < b.due ? -1 : a.due > b.due ? 1 : 0));
  let since: string | null = null;
  for (const bill of bills) {
    if (paid >= bill.amount) {
      paid -= bill.amount;
      continue;
    }
    since = bill.due;
    break;
  }
  if (principal > 0 && terms.maturityOn < today && (since === null || terms.maturityOn < since)) since = terms.maturityOn;
  return since !== null && since < today ? since : null;
}

/** Days past due on `today` (0 when current): the days since `pastDueSince`. */
export function daysPastDue(
  entries: readonly (LedgerEntry & { dueOn?: string | null })[],
  terms: ScheduleTerms,
  today: string,
): number {
  const since = pastDueSince(entries, terms, today);
  return since ? daysBetween(since, today) : 0;
}

/**
 * The scheduled installment due on `dueOn`, in cents: that due day's interest bill (the loans are
 * interest-only, so no principal is scheduled before the balloon). A late charge is a percent of
 * it, "the increment of any installment due that is attributable to principal and interest"
 * (California B&P 10242.5(a)), never of the balloon.
 */
export function scheduledInstallmentCents(entries: readonly (LedgerEntry & { dueOn?: string | null })[], dueOn: string): Cents {
  const bill = entries.find((e) => e.kind === 'interest-billed' && e.dueOn === dueOn);
  return bill?.amountCents ?? 0;
}

/**
 * The late charge on the installment due on `dueOn` when it is paid (or still unpaid) on
 * `paidDay`, under the note's `rule` (ledger.ts `lateChargeCents`): a percent of the scheduled
 * installment only. On the maturity the balloon's principal is left out, and where the note's
 * rule follows B&P 10242.5(c) the charge is at most the largest charge that could have been made
 * on an earlier installment (the charge is made once, on the late day, so "one plus the number of
 * months since" is one); a maturity with no earlier installment billed has no such cap. Cents; 0
 * when on time.
 */
export function installmentLateCharge(
  entries: readonly (LedgerEntry & { dueOn?: string | null })[],
  terms: ScheduleTerms,
  rule: LateChargeRule,
  { dueOn, paidDay }: { dueOn: string; paidDay: string },
): Cents {
  const charge = lateChargeCents({ installmentCents: scheduledInstallmentCents(entries, dueOn), dueDay: dueOn, paidDay, rule });
  if (dueOn !== terms.maturityOn) return charge;
  const earlier = dueDays(terms)
    .filter((d) => d < dueOn)
    .map((d) => lateChargeCents({ installmentCents: scheduledInstallmentCents(entries, d), dueDay: d, paidDay, rule }))
    .filter((c) => c > 0);
  return earlier.length ? Math.min(charge, Math.max(...earlier)) : charge;
}

/**
 * The money tendered for the installment due on `dueOn` before its late day (due day + grace
 * days + 1): the payments received from the due day through the last grace day, less those
 * reversed by then, and the suspense applied on the due day (money sent ahead), in cents. Civil
 * Code 2954.4(b): "for the purposes of determining whether late charges may be imposed, any
 * payment tendered by the borrower shall be applied ... to the most recent installment due";
 * B&P 10242.5(b): a payment within the grace days "shall be deemed to have been made ... for
 * payment of that installment".
 */
export function tenderedCents(
  entries: readonly (LedgerEntry & { dueOn?: string | null })[],
  dueOn: string,
  lateDay: string,
): Cents {
  const inWindow = (e: LedgerEntry) => e.day >= dueOn && e.day < lateDay;
  const reversed = new Set(entries.flatMap((e) => (e.kind === 'payment-reversal' && e.day < lateDay ? [e.reverses] : [])));
  let cents = 0;
  for (const e of entries) {
    if (e.kind === 'payment' && inWindow(e) && !reversed.has(e.id)) cents += e.amountCents;
    if (e.kind === 'suspense-applied' && e.day === dueOn) cents += e.amountCents;
  }
  return cents;
}

/**
 * The late charge the installment due on `dueOn` owes on its late day (due day + grace days + 1),
 * from `entries`: none when the loan is not past due since that due day or earlier on the late
 * day (`pastDueSince`), or when the money tendered for it by then covers it in full
 * (`tenderedCents`), whatever earlier installments or charges are unpaid; otherwise
 * `installmentLateCharge`. Cents.
 */
export function lateChargeOwed(
  entries: readonly (LedgerEntry & { dueOn?: string | null })[],
  terms: ScheduleTerms,
  rule: LateChargeRule,
  dueOn: string,
): Cents {
  const lateDay = addDaysTo(dueOn, rule.graceDays + 1);
  const since = pastDueSince(entries, terms, lateDay);
  if (since === null || since > dueOn) return 0;
  if (tenderedCents(entries, dueOn, lateDay) >= scheduledInstallmentCents(entries, dueOn)) return 0;
  return installmentLateCharge(entries, terms, rule, { dueOn, paidDay: lateDay });
}
