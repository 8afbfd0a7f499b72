/**
 * The servicing ledger's arithmetic (issue 24 "Servicing", "The ledger"): the entries a loan's
 * money moves by, the balances derived from them, how a payment is applied, how it is reversed,
 * a period's interest from the balance timeline, a late charge and a payoff quote. Pure: no
 * database, no clock; the rules and formulas are in app/lib/servicing/README.md, worked by hand
 * in docs/servicing-golden-figures.md.
 *
 * Units: every amount is integer US cents (`Cents`); rates are percent a year with up to three
 * decimals; days are the lender's days 'YYYY-MM-DD'. Each entry moves whole cents between
 * buckets, so balances are exact sums; the only roundings are money.ts's (half-up to the cent,
 * once per figure: a period's interest, a per diem, a late charge).
 */
import { isCalendarDay } from '../format';
import { dayInterestCents, percentOfAmountCents, type Cents } from '../money';
import { addDays, daysBetween, periodDays, perDiemCents, type InterestMethod } from './day-count';

/** How a payment was spent, in cents; the parts add up to the payment's amount exactly. */
export interface Application {
  /** Late charges and fees paid. */
  feesCents: Cents;
  /** Billed interest paid. */
  interestCents: Cents;
  /** Principal repaid. */
  principalCents: Cents;
  /** Held in suspense (negative in a payoff: the suspense used up). */
  suspenseCents: Cents;
}

/** What a loan owes and holds, derived from its entries (never stored apart from them). */
export interface Balances {
  /** Principal disbursed and not repaid. */
  principalCents: Cents;
  /** The note's holdback not yet disbursed by draws. */
  holdbackCents: Cents;
  /** Interest billed and not paid. */
  interestDueCents: Cents;
  /** Late charges and fees charged and not paid. */
  feesDueCents: Cents;
  /** Money received and not yet applied (the borrower's). */
  suspenseCents: Cents;
}

/** A balance an adjustment may correct. */
export type AdjustedBucket = 'principal' | 'holdback' | 'interest' | 'fees' | 'suspense';

interface Dated {
  /** Unique within the loan's ledger (a reversal names the payment's). */
  id: string;
  /** The lender's day the entry takes effect, 'YYYY-MM-DD'. */
  day: string;
}

/** One immutable movement of a loan's money; `amountCents` is positive except in an adjustment. */
export type LedgerEntry =
  | (Dated & { kind: 'closing-disbursement'; amountCents: Cents })
  | (Dated & { kind: 'draw-disbursement'; amountCents: Cents })
  | (Dated & { kind: 'interest-billed'; amountCents: Cents; from: string; to: string })
  | (Dated & { kind: 'payment'; amountCents: Cents; application: Application })
  | (Dated & { kind: 'late-charge'; amountCents: Cents })
  | (Dated & { kind: 'fee'; amountCents: Cents; description: string })
  | (Dated & { kind: 'payment-reversal'; amountCents: Cents; reverses: string; application: Application; reason: string })
  | (Dated & { kind: 'adjustment'; bucket: AdjustedBucket; amountCents: Cents; reason: string })
  | (Dated & { kind: 'payoff'; amountCents: Cents; application: Application; holdbackReleasedCents: Cents })
  | (Dated & { kind: 'suspense-applied'; amountCents: Cents; application: Application })
  | (Dated & { kind: 'refund'; amountCents: Cents; reason: string });

export type EntryKind = LedgerEntry['kind'];

/** The note's terms the arithmetic needs (boarded at funding, per loan). */
export interface LoanTerms {
  /** Percent a year, up to 3 decimals. */
  ratePercent: number;
  method: InterestMethod;
  /** Interest on the disbursed balance (each day's principal) or on the whole note (principal + holdback remaining). */
  accrual: 'disbursed' | 'whole-note';
  /** The note's holdback in cents (0 for a loan without draws). */
  holdbackCents: Cents;
}

const ZERO: Balances = { principalCents: 0, holdbackCents: 0, interestDueCents: 0, feesDueCents: 0, suspenseCents: 0 };

function cents(value: Cents, what: string, { signed = false } = {}): Cents {
  if (!Number.isSafeInteger(value) || (signed ? value === 0 : value < 0))
    throw new RangeError(`${what} must be ${signed ? 'a non-zero' : 'a non-negative'} whole number of cents: ${value}`);
  return value;
}

function checkApplication(entry: { amountCents: Cents; application: Application; kind: string }) {
  const { feesCents, interestCents, principalCents, suspenseCents } = entry.application;
  for (const part of [feesCents, interestCents, principalCents]) cents(part, `A ${entry.kind}'s part`);
  // Only a payoff takes money out of suspense (a negative part); a payment or reversal puts it in.
  if (entry.kind === 'suspense-applied' && suspenseCents !== 0)
    throw new RangeError('Suspense applied has no suspense part: it is taken from suspense');
  if (entry.kind !== 'payoff') cents(suspenseCents, `A ${entry.kind}'s part`);
  else if (!Number.isSafeInteger(suspenseCents)) throw new RangeError(`A payoff's suspense is not whole cents`);
  if (feesCents + interestCents + principalCents + suspenseCents !== entry.amountCents)
    throw new RangeError(`A ${entry.kind}'s application does not add up to its amount`);
}

/**
 * What one entry changes, as a difference of balances in cents. A payment takes its parts off
 * fees, interest and principal and adds its suspense part; a reversal does the exact opposite.
 * @throws RangeError for a day that is not 'YYYY-MM-DD', an amount that is not whole cents (or is negative; an adjustment's is non-zero)
 *   or an application whose parts do not add up to the amount.
 */
export function entryEffect(entry: LedgerEntry): Balances {
  if (!isCalendarDay(entry.day)) throw new RangeError(`An entry's day is not 'YYYY-MM-DD': ${entry.day}`);
  if (entry.kind === 'adjustment') cents(entry.amountCents, 'An adjustment', { signed: true });
  else cents(entry.amountCents, `A ${entry.kind}`);
  const a = entry.amountCents;
  switch (entry.kind) {
    case 'closing-disbursement':
      return { ...ZERO, principalCents: a };
    case 'draw-disbursement':
      return { ...ZERO, principalCents: a, holdbackCents: -a };
    case 'interest-billed':
      return { ...ZERO, interestDueCents: a };
    case 'late-charge':
    case 'fee':
      return { ...ZERO, feesDueCents: a };
    case 'payment':
    case 'payoff':
    case 'payment-reversal': {
      checkApplication(entry);
      const p = entry.application;
      const sign = entry.kind === 'payment-reversal' ? -1 : 1;
      const released = entry.kind === 'payoff' ? cents(entry.holdbackReleasedCents, 'A released holdback') : 0;
      return {
        principalCents: -sign * p.principalCents,
        holdbackCents: -released,
        interestDueCents: -sign * p.interestCents,
        feesDueCents: -sign * p.feesCents,
        suspenseCents: sign * p.suspenseCents,
      };
    }
    case 'suspense-applied': {
      checkApplication(entry);
      const p = entry.application;
      return {
        principalCents: -p.principalCents,
        holdbackCents: 0,
        interestDueCents: -p.interestCents,
        feesDueCents: -p.feesCents,
        suspenseCents: -a,
      };
    }
    case 'refund':
      return { ...ZERO, suspenseCents: -a };
    case 'adjustment': {
      const key = (
        {
          principal: 'principalCents',
          holdback: 'holdbackCents',
          interest: 'interestDueCents',
          fees: 'feesDueCents',
          suspense: 'suspenseCents',
        } as const
      )[entry.bucket];
      return { ...ZERO, [key]: a };
    }
  }
}

/**
 * The balances of a loan whose note has `holdbackCents` of holdback: the sum of its entries'
 * effects (order does not matter). Pass only the entries up to a day for the balances on it
 * (`balancesOn`).
 * @throws RangeError as `entryEffect`.
 */
export function balances(entries: readonly LedgerEntry[], { holdbackCents }: { holdbackCents: Cents }): Balances {
  const total = { ...ZERO, holdbackCents: cents(holdbackCents, 'The holdback') };
  for (const entry of entries) {
    const e = entryEffect(entry);
    total.principalCents += e.principalCents;
    total.holdbackCents += e.holdbackCents;
    total.interestDueCents += e.interestDueCents;
    total.feesDueCents += e.feesDueCents;
    total.suspenseCents += e.suspenseCents;
  }
  return total;
}

/** The balances at the end of the lender's day `day`: entries effective on or before it. */
export function balancesOn(entries: readonly LedgerEntry[], terms: { holdbackCents: Cents }, day: string): Balances {
  return balances(
    entries.filter((e) => daysBetween(e.day, day) >= 0),
    terms,
  );
}

/**
 * How `amountCents` received is applied to `current` balances, in the documented order
 * (app/lib/servicing/README.md "Payment application"): 1. interest due (the installments, oldest
 * first), 2. principal due (`principalDueCents`, 0 on an interest-only installment; the balloon at
 * maturity), 3. late charges and fees due, 4. the rest, the overpayment, to principal (up to the
 * principal outstanding, then suspense) or to suspense, as staff choose. The installment comes
 * before the charges so that an installment paid in full is paid, whatever fees are unpaid: no
 * late charge may be imposed on an installment paid in full by its grace day "even though an
 * earlier installment or a late charge on an earlier installment may not have been paid"
 * (California Business and Professions Code 10242.5(b); Civil Code 2954.4(b): "any payment
 * tendered by the borrower shall be applied ... to the most recent installment due").
 * Each step takes the smaller of what is left and what is due, so a partial payment stops early.
 * @throws RangeError for an amount that is not a positive whole number of cents.
 */
export function applyPayment(
  current: Balances,
  amountCents: Cents,
  { overpayment, principalDueCents = 0 }: { overpayment: 'principal' | 'suspense' | 'none'; principalDueCents?: Cents },
): Application {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0)
    throw new RangeError(`A payment must be a positive whole number of cents: ${amountCents}`);
  let left = amountCents;
  const take = (due: Cents) => {
    const part = Math.min(left, Math.max(0, due));
    left -= part;
    return part;
  };
  const interestCents = take(current.interestDueCents);
  const principalOutstanding = Math.max(0, current.principalCents);
  let principalCents = take(Math.min(principalDueCents, principalOutstanding));
  const feesCents = take(current.feesDueCents);
  if (overpayment === 'principal') principalCents += take(principalOutstanding - principalCents);
  return { feesCents, interestCents, principalCents, suspenseCents: left };
}

/**
 * The suspense-applied entry of `day`: the suspense held on that day applied in the payment
 * order (`applyPayment`, nothing to principal beyond `principalDueCents`) to what is due, or null
 * when nothing is held or nothing is due. The billing job makes it on each due day after the bill,
 * so money the borrower sent ahead pays the installment on its due day.
 * @throws RangeError as `applyPayment`.
 */
export function suspenseApplied(
  entries: readonly LedgerEntry[],
  terms: LoanTerms,
  { id, day, principalDueCents = 0 }: { id: string; day: string; principalDueCents?: Cents },
): Extract<LedgerEntry, { kind: 'suspense-applied' }> | null {
  const b = balancesOn(entries, terms, day);
  if (b.suspenseCents <= 0) return null;
  const parts = applyPayment(b, b.suspenseCents, { overpayment: 'none', principalDueCents });
  const amountCents = b.suspenseCents - parts.suspenseCents;
  if (amountCents === 0) return null;
  return { kind: 'suspense-applied', id, day, amountCents, application: { ...parts, suspenseCents: 0 } };
}

/**
 * The payment entry for `amountCents` received on `day`, applied by `applyPayment` to the
 * balances on that day.
 * @throws RangeError as `applyPayment`.
 */
export function payment(
  entries: readonly LedgerEntry[],
  terms: LoanTerms,
  p: { id: string; day: string; amountCents: Cents; overpayment: 'principal' | 'suspense'; principalDueCents?: Cents },
): Extract<LedgerEntry, { kind: 'payment' }> {
  const application = applyPayment(balancesOn(entries, terms, p.day), p.amountCents, p);
  return { kind: 'payment', id: p.id, day: p.day, amountCents: p.amountCents, application };
}

/**
 * The entry that undoes `entry` (a payment) exactly: the same amount and parts, put back into
 * fees, interest and principal and taken out of suspense, on `day` with staff's `reason`.
 * @throws RangeError when `entry` is not a payment or the reason is empty.
 */
export function reversal(
  entry: LedgerEntry,
  { id, day, reason }: { id: string; day: string; reason: string },
): Extract<LedgerEntry, { kind: 'payment-reversal' }> {
  if (entry.kind !== 'payment') throw new RangeError(`Only a payment can be reversed, not a ${entry.kind}`);
  if (!reason.trim()) throw new RangeError('A reversal needs a reason');
  return {
    kind: 'payment-reversal',
    id,
    day,
    amountCents: entry.amountCents,
    reverses: entry.id,
    application: { ...entry.application },
    reason,
  };
}

/** The balance interest is charged on: principal, or on the whole note principal + holdback remaining. */
function interestBase(b: Balances, accrual: LoanTerms['accrual']): Cents {
  return accrual === 'disbursed' ? b.principalCents : b.principalCents + b.holdbackCents;
}

/**
 * The interest for the period from `from` (counted) to `to` (not counted), from the balance
 * timeline: the base (principal, or principal + holdback remaining for a whole-note loan) at the
 * end of `from` counts for the period's days, and each change on a later day d inside the
 * period counts for the days from d to `to`, both under the loan's method:
 * centDays = base(from) × days(from, to) + Σ Δbase(d) × days(d, to); interest = centDays × rate
 * ÷ 100 ÷ 360, rounded half-up once. A draw funded mid-period is thus charged from its own day.
 * @throws RangeError for a bad day, `to` before `from`, or a negative base.
 */
export function periodInterest(
  entries: readonly LedgerEntry[],
  terms: LoanTerms,
  { from, to }: { from: string; to: string },
): Cents {
  const days = periodDays(terms.method, from, to);
  if (days < 0) throw new RangeError(`A period that ends (${to}) before it starts (${from})`);
  let centDays = interestBase(balancesOn(entries, terms, from), terms.accrual) * days;
  for (const entry of entries) {
    if (daysBetween(from, entry.day) <= 0 || daysBetween(entry.day, to) <= 0) continue;
    const e = entryEffect(entry);
    centDays += interestBase({ ...ZERO, ...e }, terms.accrual) * periodDays(terms.method, entry.day, to);
  }
  return dayInterestCents(centDays, terms.ratePercent);
}

/**
 * The interest-billed entry for a period (`periodInterest`), effective on `day` (the due day).
 * @throws RangeError as `periodInterest`.
 */
export function interestBill(
  entries: readonly LedgerEntry[],
  terms: LoanTerms,
  p: { id: string; day: string; from: string; to: string },
): Extract<LedgerEntry, { kind: 'interest-billed' }> {
  return { kind: 'interest-billed', ...p, amountCents: periodInterest(entries, terms, p) };
}

/**
 * The statutory ceilings of a late charge (settings a lender's counsel may tighten, never loosen):
 * California Business and Professions Code 10242.5(a), for a loan a broker arranges, at most 10 %
 * of the installment "attributable to principal and interest", a minimum of $5 allowed; Civil
 * Code 2954.4(a), for a single-family owner-occupied dwelling, at most 6 % or $5, whichever is
 * greater, and no payment is late until 10 days after its due day.
 */
export const LATE_CHARGE_LIMITS = {
  /** B&P 10242.5(a): percent of the installment. */
  percent: 10,
  /** Civil Code 2954.4(a): percent of the installment on an owner-occupied home. */
  ownerOccupiedPercent: 6,
  /** The $5 both sections allow when the percent gives less. */
  floorCents: 500,
  /** Civil Code 2954.4(a): the fewest grace days on an owner-occupied home. */
  ownerOccupiedGraceDays: 10,
} as const;

/** A note's late-charge term, as boarded (a setting per loan). */
export interface LateChargeRule {
  /** Percent of the scheduled installment (interest, and principal of an amortizing installment; never a balloon). */
  percent: number;
  /** Days after the due day the installment may still arrive on time. */
  graceDays: number;
  /** The note's minimum charge in cents (0: none). */
  minimumCents: Cents;
  /** The note's maximum charge in cents, or null for none. */
  maximumCents: Cents | null;
  /** A single-family owner-occupied dwelling (Civil Code 2954.4 limits apply). */
  ownerOccupied: boolean;
}

/**
 * The most a late charge on `installmentCents` may be under the statutes (`LATE_CHARGE_LIMITS`):
 * max(10 % of the installment, $5), or max(6 %, $5) on an owner-occupied home, half-up once.
 */
export function lateChargeCeilingCents(installmentCents: Cents, ownerOccupied: boolean): Cents {
  const percent = ownerOccupied ? LATE_CHARGE_LIMITS.ownerOccupiedPercent : LATE_CHARGE_LIMITS.percent;
  return Math.max(percentOfAmountCents(installmentCents, percent), LATE_CHARGE_LIMITS.floorCents);
}

/**
 * The late charge on a scheduled installment of `installmentCents` due on `dueDay` and paid (or
 * still unpaid) on `paidDay`: the rule's percent of the installment, rounded half-up once, raised
 * to its minimum and lowered to its maximum, and never above the statutory ceiling
 * (`lateChargeCeilingCents`), when more than the grace days have passed (due Nov 1 with 10 grace
 * days: paid Nov 11 is on time, Nov 12 is late); 0 otherwise, and 0 on an installment of 0.
 * @throws RangeError for a bad day, amount or percent.
 */
export function lateChargeCents({
  installmentCents,
  dueDay,
  paidDay,
  rule,
}: {
  installmentCents: Cents;
  dueDay: string;
  paidDay: string;
  rule: LateChargeRule;
}): Cents {
  const late = daysBetween(dueDay, paidDay) > rule.graceDays;
  if (!late || installmentCents === 0 || rule.percent === 0) return 0;
  let charge = Math.max(percentOfAmountCents(installmentCents, rule.percent), rule.minimumCents);
  if (rule.maximumCents !== null) charge = Math.min(charge, rule.maximumCents);
  return Math.min(charge, lateChargeCeilingCents(installmentCents, rule.ownerOccupied));
}

/** A payoff quote's figures, in cents, as the borrower sees them. */
export interface PayoffQuote {
  goodThrough: string;
  principalCents: Cents;
  /** Interest billed and unpaid. */
  interestDueCents: Cents;
  /** The first day not yet billed: the last bill's `to`, or the closing day. */
  accruedFrom: string;
  /** Days from `accruedFrom` to the end of `goodThrough`, under the loan's method. */
  accruedDays: number;
  /** One day's interest on the base at the end of `goodThrough`: what each day after it adds. */
  perDiemCents: Cents;
  /** The interest from `accruedFrom` through `goodThrough` over the balance timeline (`periodInterest`). */
  accruedInterestCents: Cents;
  /** Late charges and fees unpaid. */
  feesDueCents: Cents;
  reconveyanceFeeCents: Cents;
  suspenseCents: Cents;
  /** principal + interest due + accrued interest + fees + reconveyance fee − suspense. */
  totalCents: Cents;
  /** The undrawn holdback the payoff cancels. */
  holdbackCents: Cents;
}

/**
 * The payoff quote good through `goodThrough`: the balances of every entry dated on or before it,
 * the interest not yet billed from `accruedFrom` through `goodThrough` (included) summed over the
 * balance timeline like a bill (`periodInterest`: a draw or a paydown inside the period counts
 * from its own day), the unpaid fees and late charges, the reconveyance fee, less suspense. The
 * per diem it states is one day's interest on the base at the end of `goodThrough`, what each
 * later day would add. A payoff received on a day D owes the quote good through D: interest is
 * earned to the day the money arrives.
 * @throws RangeError when the ledger has no disbursement or `goodThrough` is before `accruedFrom`.
 */
export function payoffQuote(
  entries: readonly LedgerEntry[],
  terms: LoanTerms,
  { goodThrough, reconveyanceFeeCents }: { goodThrough: string; reconveyanceFeeCents: Cents },
): PayoffQuote {
  const b = balancesOn(entries, terms, goodThrough);
  const billed = entries.filter((e) => e.kind === 'interest-billed').map((e) => e.to);
  const closing = entries.find((e) => e.kind === 'closing-disbursement')?.day;
  const accruedFrom = billed.sort().at(-1) ?? closing;
  if (!accruedFrom) throw new RangeError('A loan with no disbursement has no payoff');
  const to = addDays(goodThrough, 1);
  const accruedDays = periodDays(terms.method, accruedFrom, to);
  if (accruedDays < 0) throw new RangeError(`Good through ${goodThrough}, before interest starts (${accruedFrom})`);
  const accruedInterestCents = periodInterest(entries, terms, { from: accruedFrom, to });
  cents(reconveyanceFeeCents, 'The reconveyance fee');
  return {
    goodThrough,
    principalCents: b.principalCents,
    interestDueCents: b.interestDueCents,
    accruedFrom,
    accruedDays,
    perDiemCents: perDiemCents(Math.max(0, interestBase(b, terms.accrual)), terms.ratePercent),
    accruedInterestCents,
    feesDueCents: b.feesDueCents,
    reconveyanceFeeCents,
    suspenseCents: b.suspenseCents,
    totalCents:
      b.principalCents + b.interestDueCents + accruedInterestCents + b.feesDueCents + reconveyanceFeeCents - b.suspenseCents,
    holdbackCents: b.holdbackCents,
  };
}

/**
 * How far a payoff received may fall short of what is owed and still pay the loan off, the rest
 * waived, in cents: $1.00 by default (a setting per loan; a lender's choice, no statute sets it).
 */
export const PAYOFF_TOLERANCE_CENTS: Cents = 100;

/**
 * The entries that record a payoff of `receivedCents` received on `day` for `quote` (the quote
 * good through `day`: interest to the day the money arrives): the accrued interest billed, the
 * reconveyance fee, the payoff itself, which pays every bucket, uses up suspense and cancels the
 * undrawn holdback, and then
 * - a surplus (received above the total) as a `refund` entry: the payoff puts it in suspense and
 *   the refund pays it back to the borrower;
 * - a shortfall of at most `toleranceCents` (the loan's setting) waived by an interest adjustment
 *   before the payoff, with its reason,
 * so every balance is then 0. Ids come from `newId`.
 * @throws RangeError for a shortfall above the tolerance (or above the interest it would waive),
 *   or as `entryEffect`.
 */
export function payoffEntries(
  quote: PayoffQuote,
  {
    day,
    newId,
    receivedCents = quote.totalCents,
    toleranceCents = 0,
  }: { day: string; newId: () => string; receivedCents?: Cents; toleranceCents?: Cents },
): LedgerEntry[] {
  cents(receivedCents, 'The amount received');
  const shortCents = Math.max(0, quote.totalCents - receivedCents);
  const interestCents = quote.interestDueCents + quote.accruedInterestCents;
  if (shortCents > toleranceCents || shortCents > interestCents)
    throw new RangeError(`The payoff is ${shortCents} cents short of its ${quote.totalCents}`);
  const parts = {
    feesCents: quote.feesDueCents + quote.reconveyanceFeeCents,
    interestCents: interestCents - shortCents,
    principalCents: quote.principalCents,
  };
  const application: Application = {
    ...parts,
    suspenseCents: receivedCents - parts.feesCents - parts.interestCents - parts.principalCents,
  };
  const surplusCents = Math.max(0, receivedCents - quote.totalCents);
  const entries: LedgerEntry[] = [
    {
      kind: 'interest-billed',
      id: newId(),
      day,
      from: quote.accruedFrom,
      to: addDays(quote.goodThrough, 1),
      amountCents: quote.accruedInterestCents,
    },
    { kind: 'fee', id: newId(), day, description: 'Reconveyance fee', amountCents: quote.reconveyanceFeeCents },
  ];
  if (shortCents > 0)
    entries.push({
      kind: 'adjustment',
      id: newId(),
      day,
      bucket: 'interest',
      amountCents: -shortCents,
      reason: 'Payoff short by no more than the tolerance: waived',
    });
  entries.push({
    kind: 'payoff',
    id: newId(),
    day,
    amountCents: receivedCents,
    application,
    holdbackReleasedCents: quote.holdbackCents,
  });
  if (surplusCents > 0)
    entries.push({
      kind: 'refund',
      id: newId(),
      day,
      amountCents: surplusCents,
      reason: 'Payoff received above the amount owed',
    });
  for (const e of entries) entryEffect(e);
  return entries;
}
