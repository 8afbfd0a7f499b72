/**
 * The servicing ledger (app/lib/servicing/ledger.ts, issue 24 "Must show: Property-based tests"):
 * worked examples by hand, then fast-check properties over generated sequences of draws, bills,
 * late charges, fees, payments, reversals and adjustments (a failure prints its seed and the
 * shrunk sequence).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Cents } from '../money';
import { addDays, daysBetween } from './day-count';
import {
  applyPayment,
  balances,
  balancesOn,
  entryEffect,
  payment,
  payoffEntries,
  payoffQuote,
  periodInterest,
  reversal,
  type AdjustedBucket,
  type Balances,
  type LedgerEntry,
  type LoanTerms,
} from './ledger';

/** A counter of fresh entry ids ('x1', 'x2', …). */
const ids = () => {
  let n = 0;
  return () => `x${++n}`;
};
const owed = (b: Partial<Balances>): Balances => ({
  principalCents: 0,
  holdbackCents: 0,
  interestDueCents: 0,
  feesDueCents: 0,
  suspenseCents: 0,
  ...b,
});

describe('worked examples (by hand)', () => {
  const due = owed({ principalCents: 10_000_000, interestDueCents: 100_000, feesDueCents: 5_000 });

  it('applies interest, then principal due, then fees, then the overpayment as staff choose', () => {
    // 50 cents short of interest + fees (105,000): all 100,000 of interest, then 4,950 of fees, and it stops.
    expect(applyPayment(due, 104_950, { overpayment: 'principal' })).toEqual({
      feesCents: 4_950,
      interestCents: 100_000,
      principalCents: 0,
      suspenseCents: 0,
    });
    // A payment short of the installment pays the installment, never the charges first.
    expect(applyPayment(due, 3_000, { overpayment: 'suspense' })).toEqual({
      feesCents: 0,
      interestCents: 3_000,
      principalCents: 0,
      suspenseCents: 0,
    });
    // 205,000: 100,000 interest + 5,000 fees, then 100,000 over.
    expect(applyPayment(due, 205_000, { overpayment: 'principal' })).toMatchObject({ principalCents: 100_000, suspenseCents: 0 });
    expect(applyPayment(due, 205_000, { overpayment: 'suspense' })).toMatchObject({ principalCents: 0, suspenseCents: 100_000 });
    // A principal installment due is paid before the overpayment goes to suspense.
    expect(applyPayment(due, 205_000, { overpayment: 'suspense', principalDueCents: 40_000 })).toMatchObject({
      principalCents: 40_000,
      suspenseCents: 60_000,
    });
    // More than everything owed: principal to zero, the rest waits in suspense.
    expect(applyPayment(due, 10_200_000, { overpayment: 'principal' })).toEqual({
      feesCents: 5_000,
      interestCents: 100_000,
      principalCents: 10_000_000,
      suspenseCents: 95_000,
    });
  });

  it('a reversal gives back exactly what the payment took', () => {
    const terms: LoanTerms = { ratePercent: 12, method: '30/360', accrual: 'disbursed', holdbackCents: 0 };
    const entries: LedgerEntry[] = [
      { kind: 'closing-disbursement', id: 'c', day: '2026-10-01', amountCents: 10_000_000 },
      { kind: 'interest-billed', id: 'i', day: '2026-11-01', from: '2026-10-01', to: '2026-11-01', amountCents: 100_000 },
    ];
    const paid = payment(entries, terms, { id: 'p', day: '2026-11-02', amountCents: 150_000, overpayment: 'principal' });
    expect(paid.application).toEqual({ feesCents: 0, interestCents: 100_000, principalCents: 50_000, suspenseCents: 0 });
    const undo = reversal(paid, { id: 'r', day: '2026-11-05', reason: 'Returned ACH' });
    expect(undo).toMatchObject({ kind: 'payment-reversal', reverses: 'p', amountCents: 150_000 });
    expect(balances([...entries, paid], terms)).toEqual(owed({ principalCents: 9_950_000 }));
    expect(balances([...entries, paid, undo], terms)).toEqual(balances(entries, terms));
  });

  it('a draw funded mid-period is charged from its own day (Actual/360)', () => {
    const terms: LoanTerms = { ratePercent: 12, method: 'actual/360', accrual: 'disbursed', holdbackCents: 5_000_000 };
    const entries: LedgerEntry[] = [
      { kind: 'closing-disbursement', id: 'c', day: '2026-10-01', amountCents: 10_000_000 },
      { kind: 'draw-disbursement', id: 'd', day: '2026-10-22', amountCents: 3_000_000 },
    ];
    // (10,000,000 × 31 + 3,000,000 × 10) × 12 ÷ 36,000 = 340,000,000 × 12 ÷ 36,000 = 113,333.33… → 113,333
    expect(periodInterest(entries, terms, { from: '2026-10-01', to: '2026-11-01' })).toBe(113_333);
    // whole note: 15,000,000 × 31 × 12 ÷ 36,000 = 155,000
    expect(periodInterest(entries, { ...terms, accrual: 'whole-note' }, { from: '2026-10-01', to: '2026-11-01' })).toBe(155_000);
    expect(balances(entries, terms)).toEqual(owed({ principalCents: 13_000_000, holdbackCents: 2_000_000 }));
  });

  it('refuses a reversal of anything but a payment, or without a reason, and money that is not whole cents', () => {
    const fee: LedgerEntry = { kind: 'fee', id: 'f', day: '2026-10-01', amountCents: 100, description: 'Wire' };
    expect(() => reversal(fee, { id: 'r', day: '2026-10-02', reason: 'x' })).toThrow(RangeError);
    const paid: LedgerEntry = {
      kind: 'payment',
      id: 'p',
      day: '2026-10-01',
      amountCents: 100,
      application: { feesCents: 100, interestCents: 0, principalCents: 0, suspenseCents: 0 },
    };
    expect(() => reversal(paid, { id: 'r', day: '2026-10-02', reason: '  ' })).toThrow(RangeError);
    expect(() => applyPayment(owed({}), 0, { overpayment: 'principal' })).toThrow(RangeError);
    expect(() => applyPayment(owed({}), 10.5, { overpayment: 'principal' })).toThrow(RangeError);
    expect(() => entryEffect({ ...fee, amountCents: 1.5 })).toThrow(RangeError);
    expect(() => entryEffect({ ...fee, day: '2026-02-30' })).toThrow(RangeError);
    expect(() =>
      entryEffect({ kind: 'adjustment', id: 'a', day: '2026-10-01', bucket: 'fees', amountCents: 0, reason: 'x' }),
    ).toThrow(RangeError);
    expect(() => entryEffect({ ...paid, application: { ...paid.application, feesCents: 99 } })).toThrow(RangeError);
  });
});

// ---------------------------------------------------------------------------------------------
// Properties over generated ledgers
// ---------------------------------------------------------------------------------------------

const amount = fc.integer({ min: 1, max: 50_000_000 });
const BUCKETS: AdjustedBucket[] = ['principal', 'holdback', 'interest', 'fees', 'suspense'];
const BUCKET_KEY = {
  principal: 'principalCents',
  holdback: 'holdbackCents',
  interest: 'interestDueCents',
  fees: 'feesDueCents',
  suspense: 'suspenseCents',
} as const;

type Step =
  | { op: 'draw' | 'bill' | 'late' | 'fee'; cents: Cents }
  | { op: 'pay'; cents: Cents; overpayment: 'principal' | 'suspense'; principalDueCents: Cents }
  | { op: 'reverse'; pick: number }
  | { op: 'adjust'; bucket: AdjustedBucket; cents: Cents; down: boolean };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    op: fc.constantFrom('draw', 'bill', 'late', 'fee') as fc.Arbitrary<'draw' | 'bill' | 'late' | 'fee'>,
    cents: amount,
  }),
  fc.record({
    op: fc.constant('pay' as const),
    cents: amount,
    overpayment: fc.constantFrom('principal' as const, 'suspense' as const),
    principalDueCents: fc.oneof(fc.constant(0), amount),
  }),
  fc.record({ op: fc.constant('reverse' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('adjust' as const), bucket: fc.constantFrom(...BUCKETS), cents: amount, down: fc.boolean() }),
);

interface Built {
  terms: LoanTerms;
  entries: LedgerEntry[];
  /** Each payment with the balances just before it. */
  payments: {
    entry: Extract<LedgerEntry, { kind: 'payment' }>;
    before: Balances;
    overpayment: 'principal' | 'suspense';
    principalDueCents: Cents;
  }[];
}

/** A ledger built the way servicing builds it: one entry a day from the closing, payments applied to the balances of their day. */
const ledger = fc
  .record({ closing: amount, holdback: fc.integer({ min: 0, max: 50_000_000 }), steps: fc.array(step, { maxLength: 40 }) })
  .map(({ closing, holdback, steps }): Built => {
    const terms: LoanTerms = { ratePercent: 10.5, method: 'actual/360', accrual: 'disbursed', holdbackCents: holdback };
    const entries: LedgerEntry[] = [{ kind: 'closing-disbursement', id: 'e0', day: '2026-01-01', amountCents: closing }];
    const payments: Built['payments'] = [];
    const reversed = new Set<string>();
    steps.forEach((s, i) => {
      const id = `e${i + 1}`;
      const day = addDays('2026-01-01', i + 1);
      const now = balances(entries, terms);
      if (s.op === 'draw' && now.holdbackCents > 0)
        entries.push({ kind: 'draw-disbursement', id, day, amountCents: Math.min(s.cents, now.holdbackCents) });
      if (s.op === 'bill')
        entries.push({ kind: 'interest-billed', id, day, from: day, to: addDays(day, 1), amountCents: s.cents });
      if (s.op === 'late') entries.push({ kind: 'late-charge', id, day, amountCents: s.cents });
      if (s.op === 'fee') entries.push({ kind: 'fee', id, day, description: 'Fee', amountCents: s.cents });
      if (s.op === 'pay') {
        const entry = payment(entries, terms, {
          id,
          day,
          amountCents: s.cents,
          overpayment: s.overpayment,
          principalDueCents: s.principalDueCents,
        });
        payments.push({ entry, before: now, overpayment: s.overpayment, principalDueCents: s.principalDueCents });
        entries.push(entry);
      }
      const open = payments.filter((p) => !reversed.has(p.entry.id));
      if (s.op === 'reverse' && open.length) {
        const target = open[s.pick % open.length]!.entry;
        reversed.add(target.id);
        entries.push(reversal(target, { id, day, reason: 'Returned' }));
      }
      if (s.op === 'adjust') {
        // A correction down takes no more than the balance holds, so no balance goes below zero by it.
        const cents = s.down ? -Math.min(s.cents, now[BUCKET_KEY[s.bucket]]) : s.cents;
        if (cents !== 0)
          entries.push({ kind: 'adjustment', id, day, bucket: s.bucket, amountCents: cents, reason: 'Correction' });
      }
    });
    return { terms, entries, payments };
  });

type Of<K extends LedgerEntry['kind']> = Extract<LedgerEntry, { kind: K }>;
const sum = <K extends LedgerEntry['kind']>(entries: LedgerEntry[], kind: K, of: (e: Of<K>) => number) =>
  entries.filter((e): e is Of<K> => e.kind === kind).reduce((total, e) => total + of(e), 0);
const adjusted = (entries: LedgerEntry[], bucket: AdjustedBucket) =>
  sum(entries, 'adjustment', (e) => (e.bucket === bucket ? e.amountCents : 0));

describe('properties', () => {
  it('the balances are the sum of the entries, kind by kind', () => {
    fc.assert(
      fc.property(ledger, ({ entries, terms }) => {
        const paid = (part: 'feesCents' | 'interestCents' | 'principalCents' | 'suspenseCents') =>
          sum(entries, 'payment', (e) => e.application[part]) - sum(entries, 'payment-reversal', (e) => e.application[part]);
        const drawn = sum(entries, 'draw-disbursement', (e) => e.amountCents);
        expect(balances(entries, terms)).toEqual({
          principalCents:
            sum(entries, 'closing-disbursement', (e) => e.amountCents) +
            drawn -
            paid('principalCents') +
            adjusted(entries, 'principal'),
          holdbackCents: terms.holdbackCents - drawn + adjusted(entries, 'holdback'),
          interestDueCents:
            sum(entries, 'interest-billed', (e) => e.amountCents) - paid('interestCents') + adjusted(entries, 'interest'),
          feesDueCents:
            sum(entries, 'late-charge', (e) => e.amountCents) +
            sum(entries, 'fee', (e) => e.amountCents) -
            paid('feesCents') +
            adjusted(entries, 'fees'),
          suspenseCents: paid('suspenseCents') + adjusted(entries, 'suspense'),
        });
      }),
    );
  });

  it('no cent appears or disappears: money received = fees + interest + principal paid + suspense', () => {
    fc.assert(
      fc.property(ledger, ({ entries, terms }) => {
        const b = balances(entries, terms);
        const received = sum(entries, 'payment', (e) => e.amountCents) - sum(entries, 'payment-reversal', (e) => e.amountCents);
        const feesPaid =
          sum(entries, 'late-charge', (e) => e.amountCents) +
          sum(entries, 'fee', (e) => e.amountCents) +
          adjusted(entries, 'fees') -
          b.feesDueCents;
        const interestPaid =
          sum(entries, 'interest-billed', (e) => e.amountCents) + adjusted(entries, 'interest') - b.interestDueCents;
        const lent =
          sum(entries, 'closing-disbursement', (e) => e.amountCents) + sum(entries, 'draw-disbursement', (e) => e.amountCents);
        const principalPaid = lent + adjusted(entries, 'principal') - b.principalCents;
        expect(received).toBe(feesPaid + interestPaid + principalPaid + b.suspenseCents - adjusted(entries, 'suspense'));
        for (const e of entries) {
          if (e.kind !== 'payment') continue;
          const { feesCents, interestCents, principalCents, suspenseCents } = e.application;
          expect(feesCents + interestCents + principalCents + suspenseCents).toBe(e.amountCents);
          expect(Math.min(feesCents, interestCents, principalCents, suspenseCents)).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it('every payment respects the order: interest, principal due, fees, then the overpayment as chosen', () => {
    fc.assert(
      fc.property(ledger, ({ payments }) => {
        for (const { entry, before, overpayment, principalDueCents } of payments) {
          const a = entry.application;
          const fees = Math.max(0, before.feesDueCents);
          const interest = Math.max(0, before.interestDueCents);
          const principal = Math.max(0, before.principalCents);
          const principalDue = Math.min(principalDueCents, principal);
          expect(a.interestCents).toBe(Math.min(entry.amountCents, interest));
          if (a.principalCents > 0) expect(a.interestCents).toBe(interest);
          if (a.feesCents > 0) {
            expect(a.interestCents).toBe(interest);
            expect(a.principalCents).toBeGreaterThanOrEqual(principalDue);
          }
          if (a.suspenseCents > 0) {
            expect(a.interestCents).toBe(interest);
            expect(a.feesCents).toBe(fees);
            expect(a.principalCents).toBe(overpayment === 'principal' ? principal : principalDue);
          }
          expect(a.principalCents).toBeLessThanOrEqual(principal);
        }
      }),
    );
  });

  it('reversing a payment restores every balance exactly, wherever it sits in the ledger', () => {
    fc.assert(
      fc.property(
        ledger,
        amount,
        fc.constantFrom('principal' as const, 'suspense' as const),
        ({ entries, terms }, cents, overpayment) => {
          const day = addDays(entries.at(-1)!.day, 1);
          const before = balances(entries, terms);
          const paid = payment(entries, terms, { id: 'p', day, amountCents: cents, overpayment });
          const undo = reversal(paid, { id: 'r', day: addDays(day, 3), reason: 'Returned' });
          expect(balances([...entries, paid, undo], terms)).toEqual(before);
          // The reversal of any earlier payment removes exactly that payment's effect.
          for (const e of entries.filter((x) => x.kind === 'payment')) {
            const without = entries.filter((x) => x !== e && !(x.kind === 'payment-reversal' && x.reverses === e.id));
            const alreadyReversed = entries.some((x) => x.kind === 'payment-reversal' && x.reverses === e.id);
            const restored = alreadyReversed ? entries : [...entries, reversal(e, { id: `r-${e.id}`, day, reason: 'Returned' })];
            expect(balances(restored, terms)).toEqual(balances(without, terms));
          }
        },
      ),
    );
  });

  it('balances do not depend on the order the entries are read in', () => {
    fc.assert(
      fc.property(
        ledger.chain((built) =>
          fc.shuffledSubarray(built.entries, { minLength: built.entries.length }).map((shuffled) => ({ built, shuffled })),
        ),
        ({ built, shuffled }) => {
          expect(balances(shuffled, built.terms)).toEqual(balances(built.entries, built.terms));
        },
      ),
    );
  });

  it('a payoff recorded from its quote leaves every balance at zero', () => {
    fc.assert(
      fc.property(ledger, fc.integer({ min: 0, max: 45 }), ({ entries, terms }, ahead) => {
        const b = balances(entries, terms);
        const goodThrough = addDays(entries.at(-1)!.day, ahead);
        const quote = payoffQuote(entries, terms, { goodThrough, reconveyanceFeeCents: 15_000 });
        fc.pre(Object.values(b).every((v) => v >= 0) && quote.totalCents >= 0);
        expect(quote.accruedDays).toBe(daysBetween(quote.accruedFrom, goodThrough) + 1);
        const paid = [...entries, ...payoffEntries(quote, { day: goodThrough, newId: ids() })];
        expect(balances(paid, terms)).toEqual(owed({}));
      }),
    );
  });

  it('period interest from the timeline equals the day-by-day sum rounded once (Actual/360)', () => {
    fc.assert(
      fc.property(
        ledger,
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 1, max: 31 }),
        ({ entries, terms }, start, length) => {
          const from = addDays('2026-01-01', start);
          const to = addDays(from, length);
          let centDays = 0;
          for (let d = from; d < to; d = addDays(d, 1)) centDays += balancesOn(entries, terms, d).principalCents;
          fc.pre(centDays >= 0);
          // × 10.5 ÷ 36,000, half-up: (centDays × 105 ÷ 360,000)
          const expected = Number((BigInt(centDays) * 105n * 2n + 360_000n) / 720_000n);
          expect(periodInterest(entries, terms, { from, to })).toBe(expected);
        },
      ),
    );
  });
});
