/**
 * The split of a loan's cash (app/lib/returns/allocation.ts; issue 25 "Must show: Property-based
 * tests"): for any positions and any ledger of bills, late charges, fees, draws, payments,
 * reversals, adjustments and a payoff, each entry's cash equals the positions' parts plus the
 * lender's share and the spread to the cent, the shares sum to one, a reversal takes back exactly
 * what its payment gave, and a paid-off loan returns every position's amount to the cent.
 * A failure prints its seed and the shrunk case.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Cents } from '../money';
import { addDays } from '../servicing/day-count';
import { balances, payment, payoffEntries, payoffQuote, reversal, type LedgerEntry, type LoanTerms } from '../servicing/ledger';
import { allocateLedger, allocatedCents, checkHoldings, lenderShareCents, type Holding, type SplitTerms } from './allocation';

type Step =
  | { op: 'bill' | 'late' | 'fee' | 'draw'; cents: Cents; days: number }
  | { op: 'pay'; cents: Cents; overpayment: 'principal' | 'suspense'; days: number }
  | { op: 'reverse'; pick: number; days: number }
  | { op: 'adjust-interest'; cents: Cents; down: boolean; days: number };

const days = fc.integer({ min: 0, max: 20 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    op: fc.constantFrom('bill', 'late', 'fee', 'draw') as fc.Arbitrary<'bill' | 'late' | 'fee' | 'draw'>,
    cents: fc.integer({ min: 1, max: 5_000_000 }),
    days,
  }),
  fc.record({
    op: fc.constant('pay' as const),
    cents: fc.integer({ min: 1, max: 20_000_000 }),
    overpayment: fc.constantFrom('principal' as const, 'suspense' as const),
    days,
  }),
  fc.record({ op: fc.constant('reverse' as const), pick: fc.nat(), days }),
  fc.record({
    op: fc.constant('adjust-interest' as const),
    cents: fc.integer({ min: 1, max: 1_000_000 }),
    down: fc.boolean(),
    days,
  }),
);

const FUNDED = '2026-01-15';

/** A note, its holdback, positions within it and rates (investor ≤ note). */
const deal = fc
  .record({
    note: fc.integer({ min: 1_000_000, max: 5_000_000_000 }),
    holdbackPart: fc.integer({ min: 0, max: 50 }),
    parts: fc.array(fc.record({ weight: fc.integer({ min: 1, max: 1000 }), late: fc.integer({ min: 0, max: 90 }) }), {
      maxLength: 6,
    }),
    sold: fc.integer({ min: 0, max: 100 }),
    noteMilli: fc.integer({ min: 1000, max: 20_000 }),
    investorShare: fc.integer({ min: 0, max: 100 }),
    feesTo: fc.constantFrom('lender' as const, 'investors' as const),
  })
  .map(({ note, holdbackPart, parts, sold, noteMilli, investorShare, feesTo }) => {
    const weights = parts.reduce((s, p) => s + p.weight, 0);
    const forSale = Math.floor((note * sold) / 100);
    const holdings: Holding[] = parts
      .map((p, i) => ({
        id: `P${i}`,
        amountCents: Math.floor((forSale * p.weight) / Math.max(1, weights)),
        fundedOn: addDays(FUNDED, p.late),
      }))
      .filter((h) => h.amountCents > 0);
    const noteRatePercent = noteMilli / 1000;
    // The investor rate to the hundredth, at most the note rate.
    const investorRatePercent = Math.floor((noteMilli * investorShare) / 100 / 10) / 100;
    const terms: SplitTerms = { noteAmountCents: note, noteRatePercent, investorRatePercent, feesTo };
    return { terms, holdings, holdbackCents: Math.floor((note * holdbackPart) / 100) };
  });

/** A ledger as servicing builds it: the closing, then steps on their days, then maybe a payoff. */
function build(terms: SplitTerms, holdbackCents: Cents, steps: Step[], payoff: boolean) {
  const loan: LoanTerms = { ratePercent: terms.noteRatePercent, method: '30/360', accrual: 'disbursed', holdbackCents };
  const entries: LedgerEntry[] = [
    { kind: 'closing-disbursement', id: 'e0', day: FUNDED, amountCents: terms.noteAmountCents - holdbackCents },
  ];
  const payments: string[] = [];
  let day = FUNDED;
  let billedTo = FUNDED;
  steps.forEach((s, i) => {
    const id = `e${i + 1}`;
    day = addDays(day, s.days);
    const now = balances(entries, loan);
    if (s.op === 'bill' && day > billedTo) {
      entries.push({ kind: 'interest-billed', id, day, from: billedTo, to: day, amountCents: s.cents });
      billedTo = day;
    }
    if (s.op === 'late') entries.push({ kind: 'late-charge', id, day, amountCents: s.cents });
    if (s.op === 'fee') entries.push({ kind: 'fee', id, day, description: 'Fee', amountCents: s.cents });
    if (s.op === 'draw' && now.holdbackCents > 0)
      entries.push({ kind: 'draw-disbursement', id, day, amountCents: Math.min(s.cents, now.holdbackCents) });
    if (s.op === 'pay') {
      entries.push(payment(entries, loan, { id, day, amountCents: s.cents, overpayment: s.overpayment }));
      payments.push(id);
    }
    if (s.op === 'reverse' && payments.length) {
      const [target] = payments.splice(s.pick % payments.length, 1);
      entries.push(
        reversal(
          entries.find((e) => e.id === target)!,
          { id, day, reason: 'Returned' },
        ),
      );
    }
    if (s.op === 'adjust-interest') {
      const cents = s.down ? -Math.min(s.cents, now.interestDueCents) : s.cents;
      if (cents !== 0) entries.push({ kind: 'adjustment', id, day, bucket: 'interest', amountCents: cents, reason: 'Corrected' });
    }
  });
  if (payoff) {
    const goodThrough = addDays(day, 1);
    const quote = payoffQuote(entries, loan, { goodThrough, reconveyanceFeeCents: 15_000 });
    // Suspense beyond what is owed is refunded, not a payoff: such a loan is left unpaid here.
    if (quote.totalCents >= 0)
      entries.push(
        ...payoffEntries(quote, {
          day: goodThrough,
          newId: (
            (n = 0) =>
            () =>
              `po-${++n}`
          )(),
        }),
      );
  }
  return entries;
}

const runs = { numRuns: 300 };

describe('the split of a loan’s cash (fast-check)', () => {
  it('each entry’s cash = positions + lender + spread, to the cent; investors and spread never below zero on a payment', () => {
    fc.assert(
      fc.property(deal, fc.array(step, { maxLength: 30 }), fc.boolean(), ({ terms, holdings, holdbackCents }, steps, payoff) => {
        const entries = build(terms, holdbackCents, steps, payoff);
        for (const a of allocateLedger(entries, holdings, terms)) {
          expect(allocatedCents(a)).toBe(a.cashCents);
          const kind = entries.find((e) => e.id === a.entryId)!.kind;
          if (kind !== 'payment-reversal') {
            expect(a.spreadCents).toBeGreaterThanOrEqual(0);
            expect(a.lender.interestCents).toBeGreaterThanOrEqual(0);
            for (const p of a.positions.values()) {
              expect(p.interestCents).toBeGreaterThanOrEqual(0);
              expect(p.feesCents).toBeGreaterThanOrEqual(0);
            }
          }
        }
      }),
      runs,
    );
  });

  it('the shares sum to exactly one: Σ positions + the lender’s own share = the note', () => {
    fc.assert(
      fc.property(deal, ({ terms, holdings }) => {
        checkHoldings(holdings, terms);
        expect(holdings.reduce((s, h) => s + h.amountCents, 0) + lenderShareCents(holdings, terms.noteAmountCents)).toBe(
          terms.noteAmountCents,
        );
        expect(lenderShareCents(holdings, terms.noteAmountCents)).toBeGreaterThanOrEqual(0);
      }),
      runs,
    );
  });

  it('a reversal takes back exactly the interest, fees and spread its payment gave', () => {
    fc.assert(
      fc.property(deal, fc.array(step, { maxLength: 30 }), ({ terms, holdings, holdbackCents }, steps) => {
        const entries = build(terms, holdbackCents, steps, false);
        const split = new Map(allocateLedger(entries, holdings, terms).map((a) => [a.entryId, a]));
        for (const e of entries) {
          if (e.kind !== 'payment-reversal') continue;
          const paid = split.get(e.reverses)!;
          const back = split.get(e.id)!;
          expect(back.spreadCents).toBe(0 - paid.spreadCents);
          expect(back.cashCents).toBe(0 - paid.cashCents);
          for (const [id, p] of paid.positions) {
            expect(back.positions.get(id)?.interestCents ?? 0).toBe(0 - p.interestCents);
            expect(back.positions.get(id)?.feesCents ?? 0).toBe(0 - p.feesCents);
          }
        }
      }),
      runs,
    );
  });

  it('a payment reversed at once leaves every party where it was; a paid-off loan returns each position’s amount', () => {
    fc.assert(
      fc.property(
        deal,
        fc.array(step, { maxLength: 30 }),
        fc.integer({ min: 1, max: 20_000_000 }),
        ({ terms, holdings, holdbackCents }, steps, cents) => {
          const entries = build(terms, holdbackCents, steps, false);
          const loan: LoanTerms = { ratePercent: terms.noteRatePercent, method: '30/360', accrual: 'disbursed', holdbackCents };
          const last = entries.at(-1)!.day;
          const paid = payment(entries, loan, { id: 'x-pay', day: last, amountCents: cents, overpayment: 'principal' });
          const withBoth = [...entries, paid, reversal(paid, { id: 'x-rev', day: last, reason: 'Returned' })];
          const totals = (list: LedgerEntry[]) => {
            const sums = new Map<string, number>();
            for (const a of allocateLedger(list, holdings, terms)) {
              for (const [id, p] of a.positions)
                sums.set(id, (sums.get(id) ?? 0) + p.interestCents + p.principalCents + p.feesCents);
              sums.set(
                'lender',
                (sums.get('lender') ?? 0) + a.lender.interestCents + a.lender.principalCents + a.lender.feesCents,
              );
              sums.set('spread', (sums.get('spread') ?? 0) + a.spreadCents);
            }
            return sums;
          };
          const before = totals(entries);
          const after = totals(withBoth);
          for (const key of new Set([...before.keys(), ...after.keys()])) expect(after.get(key) ?? 0).toBe(before.get(key) ?? 0);

          // Paid off (no principal was adjusted): every position has its whole amount back.
          const paidOff = build(terms, holdbackCents, steps, true);
          const principal = new Map<string, number>();
          for (const a of allocateLedger(paidOff, holdings, terms))
            for (const [id, p] of a.positions) principal.set(id, (principal.get(id) ?? 0) + p.principalCents);
          if (paidOff.at(-1)!.kind === 'payoff')
            for (const h of holdings) if (h.fundedOn <= FUNDED) expect(principal.get(h.id) ?? 0).toBe(h.amountCents);
        },
      ),
      runs,
    );
  });
});
