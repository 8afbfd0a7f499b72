/**
 * How the cash a loan's ledger applies is split between its investors' positions, the lender's
 * own share and the lender's servicing spread (issue 25 "Investor returns", "Distributions").
 * Pure: no database, no clock. The rules and their rounding are stated in app/lib/returns/README.md
 * and worked by hand in docs/returns-golden-figures.md, which golden-figures.test.ts reproduces.
 *
 * Units: amounts in integer US cents; rates in percent a year (note rate to the thousandth,
 * investor rate to the hundredth); days are the lender's days 'YYYY-MM-DD'. Shares are exact
 * fractions amount ÷ note amount, never rounded: the only rounding is one floor to the cent per
 * position and entry (interest, fees) or per position over the loan's life (principal), and the
 * lender's share takes every cent left over, so nothing appears or disappears.
 */
import { daysBetween } from '../servicing/day-count';
import type { Application, LedgerEntry } from '../servicing/ledger';
import type { Cents } from '../money';

/** An investor's fractional interest in the loan, as the allocation needs it. */
export interface Holding {
  /** The position's id. */
  id: string;
  /** Funds received, in cents; the share is amountCents ÷ the note amount, exactly. */
  amountCents: Cents;
  /** The lender's day the funds were received: the position earns interest from this day on. */
  fundedOn: string;
}

/** The deal's terms the split needs. */
export interface SplitTerms {
  /** The note amount in cents (the whole of the shares). */
  noteAmountCents: Cents;
  /** The note rate, percent a year (up to three decimals). */
  noteRatePercent: number;
  /** The investor rate, percent a year, at most the note rate; the difference is the servicing spread. */
  investorRatePercent: number;
  /** Who receives the late charges and fees collected: the lender (the default) or the positions by share. */
  feesTo: 'lender' | 'investors';
}

/** What one party receives from one entry, in cents (negative for a reversal). */
export interface PartyAmounts {
  interestCents: Cents;
  principalCents: Cents;
  feesCents: Cents;
}

/** How one payment, reversal or payoff splits. */
export interface EntryAllocation {
  entryId: string;
  day: string;
  /** Cash applied to the loan: fees + interest + principal (+ the holdback released by a payoff); negative for a reversal. */
  cashCents: Cents;
  /** Each position's part; positions funded after the entry's day get none and are absent. */
  positions: Map<string, PartyAmounts>;
  /** The lender's own share (the note not held by positions, and every cent left over). */
  lender: PartyAmounts;
  /** The servicing spread: the interest the positions' shares earned above the investor rate. */
  spreadCents: Cents;
}

/** An exact non-negative or negative rational number n ÷ d (d > 0). */
interface Ratio {
  n: bigint;
  d: bigint;
}

const ZERO_RATIO: Ratio = { n: 0n, d: 1n };
const add = (a: Ratio, b: Ratio): Ratio => ({ n: a.n * b.d + b.n * a.d, d: a.d * b.d });
/** The greatest integer at most r (floor, also for negatives). */
function floor(r: Ratio): bigint {
  const q = r.n / r.d;
  return r.n % r.d !== 0n && r.n < 0n ? q - 1n : q;
}

/** A percent as whole thousandths (9.125 → 9125). @throws RangeError finer than a thousandth or negative. */
function milli(percent: number, what: string): bigint {
  const scaled = Math.round(percent * 1000);
  if (!Number.isFinite(percent) || percent < 0 || Math.abs(percent * 1000 - scaled) > 1e-6)
    throw new RangeError(`${what} is not a percent to the thousandth: ${percent}`);
  return BigInt(scaled);
}

const none = (): PartyAmounts => ({ interestCents: 0, principalCents: 0, feesCents: 0 });
const negate = (p: PartyAmounts): PartyAmounts => ({
  interestCents: 0 - p.interestCents,
  principalCents: 0 - p.principalCents,
  feesCents: 0 - p.feesCents,
});

/**
 * Checks holdings against the terms: positive whole cents, calendar days, unique ids, and their
 * amounts adding up to at most the note amount (the lender's own share holds the rest).
 * @throws RangeError naming what is wrong.
 */
export function checkHoldings(holdings: readonly Holding[], terms: SplitTerms): void {
  if (!Number.isSafeInteger(terms.noteAmountCents) || terms.noteAmountCents <= 0)
    throw new RangeError(`The note amount must be positive whole cents: ${terms.noteAmountCents}`);
  if (milli(terms.investorRatePercent, 'The investor rate') > milli(terms.noteRatePercent, 'The note rate'))
    throw new RangeError('The investor rate is above the note rate.');
  const ids = new Set<string>();
  let total = 0;
  for (const h of holdings) {
    if (!Number.isSafeInteger(h.amountCents) || h.amountCents <= 0)
      throw new RangeError(`A position's amount must be positive whole cents: ${h.amountCents}`);
    if (ids.has(h.id)) throw new RangeError(`Two positions share the id ${h.id}`);
    ids.add(h.id);
    total += h.amountCents;
  }
  if (total > terms.noteAmountCents) throw new RangeError('The positions add up to more than the note amount.');
}

/**
 * The lender's own share of the note in cents: the note amount less every position's amount.
 * Each share is amount ÷ note amount, so the shares sum to exactly one.
 */
export function lenderShareCents(holdings: readonly Holding[], noteAmountCents: Cents): Cents {
  return noteAmountCents - holdings.reduce((sum, h) => sum + h.amountCents, 0);
}

/** An interest bill's part still unpaid, oldest first (payments pay bills oldest first). */
interface OpenBill {
  from: string;
  to: string;
  cents: bigint;
}

/**
 * Splits every payment, suspense applied, payment reversal and payoff of a loan's ledger (`entries` in the order
 * recorded) between the `holdings`, the lender's own share and the servicing spread:
 *
 * - **Interest** paid pays the interest bills oldest first; each bill's part is shared by
 *   amount ÷ note amount × the days of the bill's period the position was held ÷ the period's
 *   days (calendar days, from the funding day on), then scaled by investor rate ÷ note rate:
 *   that is the position's interest; the rest of its share of the interest is the servicing
 *   spread. Each position's interest is floored to the cent once per entry, the spread once per
 *   entry; the lender's share is what is left.
 * - **Principal** (with a payoff's released holdback: the positions' money held back) is shared
 *   by amount ÷ note amount over the loan's life: after each entry a position has received
 *   floor(principal collected since its funding × amount ÷ note amount), so when the whole note
 *   has come back each position has its amount to the cent. The lender's share takes the rest,
 *   which on one entry may be a few cents below its exact share (never over the loan's life).
 * - **Fees and late charges** go to the lender, or, when the deal says so, to the positions by
 *   amount ÷ note amount, floored per entry, the lender keeping the rest.
 * - **A reversal** takes back exactly what its payment gave for interest and fees, and its
 *   principal through the same life-long rule, so the cumulative amounts are restored.
 * - Suspense (money not applied) is not distributed until it is applied: on a due day
 *   (`suspense-applied`, split as a payment) or by a payoff.
 * - **A waiver** (an interest adjustment below zero) forgives the oldest open bills: nobody is paid
 *   for them, and later payments pay the bills after them, so the split follows what the borrower
 *   sees.
 *
 * For every returned entry: Σ positions + lender + spread = cash applied, to the cent.
 * @throws RangeError as `checkHoldings`, or for a reversal of a payment not in `entries`.
 */
export function allocateLedger(
  entries: readonly LedgerEntry[],
  holdings: readonly Holding[],
  terms: SplitTerms,
): EntryAllocation[] {
  checkHoldings(holdings, terms);
  const N = BigInt(terms.noteAmountCents);
  const mInvestor = milli(terms.investorRatePercent, 'The investor rate');
  const mNote = milli(terms.noteRatePercent, 'The note rate');
  const bills: OpenBill[] = [];
  const paidBills: { bill: OpenBill; cents: bigint }[][] = [];
  /** Principal collected (and holdback released) since the start, net of reversals. */
  let collected = 0n;
  /** `collected` just before each position's funding day, and what it has received so far. */
  const baseline = new Map<string, bigint>();
  const received = new Map<string, bigint>();
  const byPayment = new Map<string, EntryAllocation>();
  const result: EntryAllocation[] = [];

  const heldOn = (h: Holding, day: string) => daysBetween(h.fundedOn, day) >= 0;

  for (const entry of entries) {
    if (entry.kind === 'interest-billed') {
      bills.push({ from: entry.from, to: entry.to, cents: BigInt(entry.amountCents) });
      continue;
    }
    if (entry.kind === 'adjustment' && entry.bucket === 'interest' && entry.amountCents < 0) {
      // A waiver: the interest it forgives is owed to nobody, so it closes the oldest open bills
      // (as schedule.ts pastDueSince counts it) and the next payment pays the bills after them.
      let waived = BigInt(-entry.amountCents);
      while (waived > 0n && bills.length) {
        const bill = bills[0]!;
        const take = waived < bill.cents ? waived : bill.cents;
        bill.cents -= take;
        waived -= take;
        if (bill.cents === 0n) bills.shift();
      }
      continue;
    }
    if (
      entry.kind !== 'payment' &&
      entry.kind !== 'payment-reversal' &&
      entry.kind !== 'payoff' &&
      entry.kind !== 'suspense-applied'
    )
      continue;
    const application: Application = entry.application;
    const released = entry.kind === 'payoff' ? entry.holdbackReleasedCents : 0;
    const sign = entry.kind === 'payment-reversal' ? -1 : 1;
    const positions = new Map<string, PartyAmounts>();
    const held = holdings.filter((h) => heldOn(h, entry.day));
    for (const h of held) positions.set(h.id, none());
    let spread = 0n;

    if (entry.kind === 'payment-reversal') {
      const original = byPayment.get(entry.reverses);
      if (!original) throw new RangeError(`The reversal ${entry.id} names a payment not in the ledger: ${entry.reverses}`);
      for (const [id, part] of original.positions) {
        const back = negate(part);
        positions.set(id, { ...(positions.get(id) ?? none()), interestCents: back.interestCents, feesCents: back.feesCents });
      }
      spread = BigInt(0 - original.spreadCents);
      // The bills it paid are open again, newest first.
      for (const { bill, cents } of [...(paidBills[result.indexOf(original)] ?? [])].reverse()) {
        const open = bills.find((b) => b === bill);
        if (open) open.cents += cents;
        else bills.unshift({ ...bill, cents });
      }
    } else {
      // Interest: the oldest open bills, each shared by days held.
      let left = BigInt(application.interestCents);
      const paid: { bill: OpenBill; cents: bigint }[] = [];
      const exact = new Map<string, Ratio>(held.map((h) => [h.id, ZERO_RATIO]));
      let spreadExact = ZERO_RATIO;
      const share = (cents: bigint, from: string | null, to: string | null) => {
        const periodDays = from && to ? BigInt(Math.max(1, daysBetween(from, to))) : 1n;
        for (const h of held) {
          const start = from && daysBetween(from, h.fundedOn) > 0 ? h.fundedOn : from;
          const heldDays = from && to && start ? BigInt(Math.max(0, daysBetween(start, to))) : 1n;
          const gross: Ratio = { n: cents * BigInt(h.amountCents) * heldDays, d: N * periodDays };
          exact.set(h.id, add(exact.get(h.id)!, { n: gross.n * mInvestor, d: gross.d * mNote }));
          spreadExact = add(spreadExact, { n: gross.n * (mNote - mInvestor), d: gross.d * mNote });
        }
      };
      while (left > 0n && bills.length) {
        const bill = bills[0]!;
        const take = left < bill.cents ? left : bill.cents;
        share(take, bill.from, bill.to);
        paid.push({ bill, cents: take });
        bill.cents -= take;
        left -= take;
        if (bill.cents === 0n) bills.shift();
      }
      // Interest beyond every bill (an interest adjustment): shared by amount alone.
      if (left > 0n) share(left, null, null);
      paidBills[result.length] = paid;
      for (const h of held) positions.get(h.id)!.interestCents = Number(floor(exact.get(h.id)!));
      spread = floor(spreadExact);
      if (terms.feesTo === 'investors')
        for (const h of held)
          positions.get(h.id)!.feesCents = Number((BigInt(application.feesCents) * BigInt(h.amountCents)) / N);
    }

    // Principal over the loan's life.
    const delta = BigInt(sign * application.principalCents + released);
    collected += delta;
    // A position not yet funded starts counting after this entry.
    for (const h of holdings) if (!heldOn(h, entry.day)) baseline.set(h.id, collected);
    for (const h of held) {
      const since = collected - (baseline.get(h.id) ?? 0n);
      const due = floor({ n: since * BigInt(h.amountCents), d: N });
      const before = received.get(h.id) ?? 0n;
      received.set(h.id, due);
      positions.get(h.id)!.principalCents = Number(due - before);
    }

    const cash = sign * (application.feesCents + application.interestCents + application.principalCents) + released;
    const lender: PartyAmounts = {
      interestCents: sign * application.interestCents - Number(spread),
      principalCents: sign * application.principalCents + released,
      feesCents: sign * application.feesCents,
    };
    for (const part of positions.values()) {
      lender.interestCents -= part.interestCents;
      lender.principalCents -= part.principalCents;
      lender.feesCents -= part.feesCents;
    }
    const allocation: EntryAllocation = {
      entryId: entry.id,
      day: entry.day,
      cashCents: cash,
      positions,
      lender,
      spreadCents: Number(spread),
    };
    if (entry.kind === 'payment') byPayment.set(entry.id, allocation);
    result.push(allocation);
  }
  return result;
}

/** Σ positions + lender + spread of one allocation, in cents (equals its `cashCents`). */
export function allocatedCents(allocation: EntryAllocation): Cents {
  let total =
    allocation.spreadCents + allocation.lender.interestCents + allocation.lender.principalCents + allocation.lender.feesCents;
  for (const p of allocation.positions.values()) total += p.interestCents + p.principalCents + p.feesCents;
  return total;
}

/**
 * What a position is expected to receive of an interest payment of `interestCents` for a whole
 * period it held: interestCents × amount ÷ note × investor rate ÷ note rate, floored to the cent
 * (the rule `allocateLedger` applies to a bill paid in full). The portfolio's "next expected payment".
 * @throws RangeError as `checkHoldings`.
 */
export function expectedInterestCents(interestCents: Cents, holding: Pick<Holding, 'amountCents'>, terms: SplitTerms): Cents {
  const mInvestor = milli(terms.investorRatePercent, 'The investor rate');
  const mNote = milli(terms.noteRatePercent, 'The note rate');
  if (mInvestor > mNote) throw new RangeError('The investor rate is above the note rate.');
  if (mNote === 0n) return 0;
  return Number(
    floor({ n: BigInt(interestCents) * BigInt(holding.amountCents) * mInvestor, d: BigInt(terms.noteAmountCents) * mNote }),
  );
}
