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
  | (Dated & { kind: 'payoff'; amountCents: Cents; application: Application; holdbackReleasedCents: Cents });

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
 * How `amountCents` received is applied to `current` balances, in the documented order:
 * 1. late charges and fees due, 2. interest due, 3. principal due (`principalDueCents`, 0 on an
 * interest-only installment; the balloon at maturity), 4. the rest, the overpayment, to
 * principal (up to the principal outstanding, then suspense) or to suspense, as staff choose.
 * Each step takes the smaller of what is left and what is due, so a partial payment stops early.
 * @throws RangeError for an amount that is not a positive whole number of cents.
 */
export function applyPayment(
  current: Balances,
  amountCents: Cents,
  { overpayment, principalDueCents = 0 }: { overpayment: 'principal' | 'suspense'; principalDueCents?: Cents },
): Application {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0)
    throw new RangeError(`A payment must be a positive whole number of cents: ${amountCents}`);
  let left = amountCents;
  const take = (due: Cents) => {
    const part = Math.min(left, Math.max(0, due));
    left -= part;
    return part;
  };
  const feesCents = take(current.feesDueCents);
  const interestCents = take(current.interestDueCents);
  const principalOutstanding = Math.max(0, current.principalCents);
  let principalCents = take(Math.min(principalDueCents, principalOutstanding));
  if (overpayment === 'principal') principalCents += take(principalOutstanding - principalCents);
  return { feesCents, interestCents, principalCents, suspenseCents: left };
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
 * The late charge on an installment of `installmentCents` due on `dueDay` and paid (or still
 * unpaid) on `paidDay`: `lateChargePercent` % of the installment, rounded half-up once, when more
 * than `graceDays` days have passed (due Nov 1 with 10 grace days: paid Nov 11 is on time,
 * Nov 12 is late); 0 otherwise.
 * @throws RangeError for a bad day, amount or percent.
 */
export function lateChargeCents({
  installmentCents,
  dueDay,
  paidDay,
  graceDays,
  lateChargePercent,
}: {
  installmentCents: Cents;
  dueDay: string;
  paidDay: string;
  graceDays: number;
  lateChargePercent: number;
}): Cents {
  const late = daysBetween(dueDay, paidDay) > graceDays;
  const charge = percentOfAmountCents(installmentCents, lateChargePercent);
  return late ? charge : 0;
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
  perDiemCents: Cents;
  /** perDiem × accruedDays. */
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
 * The payoff quote good through `goodThrough`: the balances of every entry, the interest not yet
 * billed from `accruedFrom` through `goodThrough` (included) as the per diem on today's base ×
 * the days under the loan's method (the per diem is the figure shown, so the borrower can check
 * per diem × days), the unpaid fees and late charges, the reconveyance fee, less suspense.
 * @throws RangeError when the ledger has no disbursement or `goodThrough` is before `accruedFrom`.
 */
export function payoffQuote(
  entries: readonly LedgerEntry[],
  terms: LoanTerms,
  { goodThrough, reconveyanceFeeCents }: { goodThrough: string; reconveyanceFeeCents: Cents },
): PayoffQuote {
  const b = balances(entries, terms);
  const billed = entries.filter((e) => e.kind === 'interest-billed').map((e) => e.to);
  const closing = entries.find((e) => e.kind === 'closing-disbursement')?.day;
  const accruedFrom = billed.sort().at(-1) ?? closing;
  if (!accruedFrom) throw new RangeError('A loan with no disbursement has no payoff');
  const accruedDays = periodDays(terms.method, accruedFrom, addDays(goodThrough, 1));
  if (accruedDays < 0) throw new RangeError(`Good through ${goodThrough}, before interest starts (${accruedFrom})`);
  const perDiem = perDiemCents(interestBase(b, terms.accrual), terms.ratePercent);
  const accruedInterestCents = perDiem * accruedDays;
  cents(reconveyanceFeeCents, 'The reconveyance fee');
  return {
    goodThrough,
    principalCents: b.principalCents,
    interestDueCents: b.interestDueCents,
    accruedFrom,
    accruedDays,
    perDiemCents: perDiem,
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
 * The entries that record a payoff received on `day` for `quote`: the accrued interest billed
 * (through the good-through day), the reconveyance fee, and the payoff itself, which pays every
 * bucket, uses up suspense and cancels the undrawn holdback, so every balance is then 0.
 * @throws RangeError as `entryEffect`.
 */
export function payoffEntries(quote: PayoffQuote, { day, ids }: { day: string; ids: [string, string, string] }): LedgerEntry[] {
  const application: Application = {
    feesCents: quote.feesDueCents + quote.reconveyanceFeeCents,
    interestCents: quote.interestDueCents + quote.accruedInterestCents,
    principalCents: quote.principalCents,
    suspenseCents: -quote.suspenseCents,
  };
  const entries: LedgerEntry[] = [
    {
      kind: 'interest-billed',
      id: ids[0],
      day,
      from: quote.accruedFrom,
      to: addDays(quote.goodThrough, 1),
      amountCents: quote.accruedInterestCents,
    },
    { kind: 'fee', id: ids[1], day, description: 'Reconveyance fee', amountCents: quote.reconveyanceFeeCents },
    { kind: 'payoff', id: ids[2], day, amountCents: quote.totalCents, application, holdbackReleasedCents: quote.holdbackCents },
  ];
  for (const e of entries) entryEffect(e);
  return entries;
}
