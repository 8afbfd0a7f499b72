/**
 * The loan programs' money (app/lib/program-money.ts, issue 23): worked examples computed by
 * hand, then properties checked on generated loans with fast-check (a failure prints its seed
 * and the shrunk case, so it reproduces).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { usdCents } from './format';
import { projectedInterest } from './investor-interest';
import { monthlyInterestCents, pointsCents, quoteProgram, type ProgramFees } from './program-money';
import { termSheetMoney } from './term-sheet-money';

describe('worked examples (by hand)', () => {
  it('$1,000,000 at 9.5%: 95,000 a year ÷ 12 = 7,916.666… → $7,916.67', () => {
    expect(monthlyInterestCents(1_000_000, 9.5)).toBe(791_667);
  });
  it('$150,000 at 9%: 13,500 ÷ 12 = $1,125.00 exactly', () => {
    expect(monthlyInterestCents(150_000, 9)).toBe(112_500);
  });
  it('$250,000 at 10.25%: 25,625 ÷ 12 = 2,135.4166… → $2,135.42', () => {
    expect(monthlyInterestCents(250_000, 10.25)).toBe(213_542);
  });
  it('$120,000 at 9.125% (thousandths kept): 10,950 ÷ 12 = $912.50', () => {
    expect(monthlyInterestCents(120_000, 9.125)).toBe(91_250);
  });
  it('half a cent rounds up, once: $1 at 6% is 0.5 cent a month → 1 cent', () => {
    expect(monthlyInterestCents(1, 6)).toBe(1);
    // $3 at 1%: 0.03 ÷ 12 = 0.25 cent → 0 (rounded once, not per step).
    expect(monthlyInterestCents(3, 1)).toBe(0);
  });
  it('1.5 points on $333,333 is $4,999.995 → $5,000.00', () => {
    expect(pointsCents(333_333, 1.5)).toBe(500_000);
  });
  it('a $500,000 loan under 1.5–3 points, $1,495 underwriting and $995 legal, at 9%', () => {
    const q = quoteProgram(
      { rateFrom: 9, pointsFrom: 1.5, pointsTo: 3, underwritingFee: 1_495, legalFee: 995, drawFee: 250, extensionPoints: 1 },
      500_000,
    );
    expect(q).toEqual({
      amount: 50_000_000,
      monthlyPayment: 375_000, // 45,000 ÷ 12 = $3,750.00
      pointsLow: 750_000, // $7,500
      pointsHigh: 1_500_000, // $15,000
      underwritingFee: 149_500,
      legalFee: 99_500,
      drawFee: 25_000,
      extensionFee: 500_000, // 1 point: $5,000
      cashAtClosingLow: 999_000, // 7,500 + 1,495 + 995 = $9,990
      cashAtClosingHigh: 1_749_000, // 15,000 + 1,495 + 995 = $17,490
      netProceedsLow: 49_001_000, // 500,000 − 9,990 = $490,010
      netProceedsHigh: 48_251_000, // 500,000 − 17,490 = $482,510
    });
    expect(usdCents(q.monthlyPayment)).toBe('$3,750.00');
    expect(usdCents(q.netProceedsHigh)).toBe('$482,510.00');
  });
  it('a program without draws has no draw fee', () => {
    const q = quoteProgram(
      { rateFrom: 10, pointsFrom: 2, pointsTo: 2, underwritingFee: 0, legalFee: 0, drawFee: null, extensionPoints: 0 },
      100_000,
    );
    expect(q.drawFee).toBeNull();
    expect(q.cashAtClosingLow).toBe(200_000);
  });
  it('refuses amounts that are not positive whole dollars', () => {
    const p: ProgramFees = {
      rateFrom: 9,
      pointsFrom: 1,
      pointsTo: 2,
      underwritingFee: 0,
      legalFee: 0,
      drawFee: null,
      extensionPoints: 0,
    };
    for (const bad of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => quoteProgram(p, bad)).toThrow(RangeError);
    expect(() => monthlyInterestCents(100, -1)).toThrow(RangeError);
  });
});

/** A percent as the programs publish it: up to three decimals, from 0 to `max`. */
const pct = (max: number) => fc.integer({ min: 0, max: max * 1000 }).map((m) => m / 1000);
const dollars = (max: number) => fc.integer({ min: 1, max });

const programs: fc.Arbitrary<ProgramFees> = fc
  .record({
    rateFrom: pct(25),
    pointsFrom: pct(5),
    spread: pct(3),
    underwritingFee: fc.integer({ min: 0, max: 10_000 }),
    legalFee: fc.integer({ min: 0, max: 10_000 }),
    drawFee: fc.option(fc.integer({ min: 0, max: 1_000 }), { nil: null }),
    extensionPoints: pct(3),
  })
  .map(({ spread, ...p }) => ({ ...p, pointsTo: p.pointsFrom + spread }));

const RUNS = { numRuns: 2_000 };

describe('properties (generated loans, fast-check)', () => {
  it('the monthly payment is the exact interest ÷ 12 rounded half-up: within half a cent, never lost', () => {
    fc.assert(
      fc.property(dollars(1_000_000_000), pct(30), (amount, rate) => {
        const cents = monthlyInterestCents(amount, rate);
        // exact monthly interest in cents = amount × 100 × (rate × 1000) / (100 × 1000 × 12)
        const scaled = BigInt(amount) * 100n * BigInt(Math.round(rate * 1000));
        const denominator = 1_200_000n;
        const diff = BigInt(cents) * denominator - scaled; // (rounded − exact) × denominator
        expect(Number.isSafeInteger(cents)).toBe(true);
        expect(diff * 2n <= denominator && diff * 2n > -denominator).toBe(true);
      }),
      RUNS,
    );
  });

  it('cash at closing and net proceeds add up to the loan exactly, at both ends of the points', () => {
    fc.assert(
      fc.property(programs, dollars(100_000_000), (p, amount) => {
        const q = quoteProgram(p, amount);
        expect(q.cashAtClosingLow + q.netProceedsLow).toBe(q.amount);
        expect(q.cashAtClosingHigh + q.netProceedsHigh).toBe(q.amount);
        expect(q.cashAtClosingLow).toBe(q.pointsLow + q.underwritingFee + q.legalFee);
        expect(q.pointsLow).toBeLessThanOrEqual(q.pointsHigh);
        expect([q.amount, q.monthlyPayment, q.pointsHigh, q.extensionFee].every(Number.isSafeInteger)).toBe(true);
      }),
      RUNS,
    );
  });

  it('a larger loan never costs less a month, and splitting a loan moves the payment by at most a cent', () => {
    fc.assert(
      fc.property(pct(20), dollars(50_000_000), dollars(50_000_000), (rate, a, b) => {
        expect(monthlyInterestCents(a + b, rate)).toBeGreaterThanOrEqual(monthlyInterestCents(a, rate));
        const split = monthlyInterestCents(a, rate) + monthlyInterestCents(b, rate);
        expect(Math.abs(monthlyInterestCents(a + b, rate) - split)).toBeLessThanOrEqual(1);
      }),
      RUNS,
    );
  });

  it('usdCents writes every cent: parsing the text back gives the integer', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e15 }), (cents) => {
        const text = usdCents(cents);
        expect(text).toMatch(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
        expect(Number(text.replace(/[$,.]/g, ''))).toBe(cents);
      }),
      RUNS,
    );
  });

  it('the term sheet, the calculator and the projected interest give the same cents for the same loan', () => {
    fc.assert(
      fc.property(dollars(1_000_000_000), fc.integer({ min: 1, max: 3600 }), (amount, bp) => {
        const rate = bp / 100;
        const month = monthlyInterestCents(amount, rate);
        expect(
          termSheetMoney(
            { amount, ratePercent: rate, points: 0, underwritingFee: 0, legalFee: 0, holdback: 0 },
            { purpose: null, price: null },
          ).monthlyInterestCents,
        ).toBe(month);
        expect(projectedInterest(amount, rate, 1)?.monthlyCents).toBe(month);
      }),
      RUNS,
    );
  });
});
