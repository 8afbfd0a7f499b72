/**
 * The investor's projected interest (app/lib/investor-interest.ts) and the one percent formatter
 * (app/lib/format.ts): hand-worked examples, then properties over many drawn cases.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { percent, sharePercent, shareTenths, usdCents } from './format';
import { projectedInterest } from './investor-interest';
import { readDollars } from './money';

describe('projectedInterest', () => {
  it('works the examples out by hand', () => {
    // $25,000 at 10%: 25,000 × 0.10 / 12 = $208.333… → $208.33 a month; × 12 = $2,499.96.
    expect(projectedInterest(25_000, 10, 12)).toEqual({ monthlyCents: 20_833, totalCents: 249_996 });
    // $100,000 at 10.25%: 100,000 × 0.1025 / 12 = $854.1666… → $854.17; × 18 = $15,375.06.
    expect(projectedInterest(100_000, 10.25, 18)).toEqual({ monthlyCents: 85_417, totalCents: 1_537_506 });
    // $50,000 at 12% = $500.00 exactly; × 9 months.
    expect(projectedInterest(50_000, 12, 9)).toEqual({ monthlyCents: 50_000, totalCents: 450_000 });
    // Half a cent goes up: $6 at 1% = 0.5 cent → 1 cent; $18 at 1% = 1.5 cents → 2 cents.
    expect(projectedInterest(6, 1, 1)).toEqual({ monthlyCents: 1, totalCents: 1 });
    expect(projectedInterest(18, 1, 2)).toEqual({ monthlyCents: 2, totalCents: 4 });
    // Just under half a cent goes down: $5 at 1% = 0.4166… cent → 0.
    expect(projectedInterest(5, 1, 12)).toEqual({ monthlyCents: 0, totalCents: 0 });
    // 10.1% is 1010 hundredths, not the 1009.999… of its binary product.
    expect(projectedInterest(120_000, 10.1, 12)).toEqual({ monthlyCents: 101_000, totalCents: 1_212_000 });
    // An amount past 2^53 / 10 000 stays exact: $900,000,000,000 at 9.99% = $7,492,500,000.00 a month.
    expect(projectedInterest(900_000_000_000, 9.99, 2)).toEqual({ monthlyCents: 749_250_000_000, totalCents: 1_498_500_000_000 });
  });

  it('refuses what is not an amount, a rate or a term', () => {
    expect(projectedInterest(0, 10, 12)).toBeNull();
    expect(projectedInterest(-5, 10, 12)).toBeNull();
    expect(projectedInterest(10.5, 10, 12)).toBeNull();
    expect(projectedInterest(1000, Number.NaN, 12)).toBeNull();
    expect(projectedInterest(1000, 101, 12)).toBeNull();
    expect(projectedInterest(1000, 10, 0)).toBeNull();
  });

  it('rounds the monthly figure once, half up, and the total is exactly monthly × months', () => {
    fc.assert(
      fc.property(
        fc.tuple(
          fc.integer({ min: 1, max: 5_000_000_000 }),
          fc.integer({ min: 0, max: 10_000 }),
          fc.integer({ min: 1, max: 600 }),
        ),
        ([amount, bp, term]) => {
          const r = projectedInterest(amount, bp / 100, term)!;
          // amount × bp / 1 200 is the monthly interest in cents before rounding.
          const exact = BigInt(amount) * BigInt(bp);
          const diff = exact - BigInt(r.monthlyCents) * 1200n;
          return diff >= -600n && diff < 600n && r.totalCents === r.monthlyCents * term;
        },
      ),
    );
  });

  it('never falls when the amount or the rate grows', () => {
    fc.assert(
      fc.property(
        fc.tuple(
          fc.integer({ min: 1, max: 10_000_000 }),
          fc.integer({ min: 0, max: 9_999 }),
          fc.integer({ min: 1, max: 120 }),
          fc.integer({ min: 1, max: 1000 }),
        ),
        ([amount, bp, term, more]) => {
          const base = projectedInterest(amount, bp / 100, term)!;
          const larger = projectedInterest(amount + more, bp / 100, term)!;
          const dearer = projectedInterest(amount, (bp + 1) / 100, term)!;
          return larger.monthlyCents >= base.monthlyCents && dearer.monthlyCents >= base.monthlyCents;
        },
      ),
    );
  });
});

describe('readDollars', () => {
  it('reads whole dollars as people type them', () => {
    expect(readDollars('$25,000')).toBe(25_000);
    expect(readDollars(' 25000 ')).toBe(25_000);
    expect(readDollars('25,000.00')).toBe(25_000);
    expect(readDollars('25,000.50')).toBeNull();
    expect(readDollars('abc')).toBeNull();
    expect(readDollars('0')).toBeNull();
    expect(readDollars('')).toBeNull();
  });
});

describe('the one percent formatter', () => {
  it('rounds half up to two decimals, from the decimal text', () => {
    expect(percent(65)).toBe('65%');
    expect(percent(10.25)).toBe('10.25%');
    expect(percent(1.005)).toBe('1.01%');
    expect(percent(33.333)).toBe('33.33%');
    expect(percent(0)).toBe('0%');
  });

  it('gives a share in tenths of a percent, half up, exactly', () => {
    expect(shareTenths(1, 3)).toBe(333);
    expect(shareTenths(2, 3)).toBe(667);
    expect(shareTenths(1, 8)).toBe(125);
    expect(shareTenths(1, 16)).toBe(63); // 6.25% → 6.3%
    expect(shareTenths(5, 4)).toBe(1250);
    expect(shareTenths(5, 0)).toBe(0);
    expect(sharePercent(1_250_000, 2_000_000)).toBe('62.5%');
    expect(sharePercent(1, 3)).toBe('33.3%');
    expect(sharePercent(2_000_000, 2_000_000)).toBe('100%');
  });

  it('keeps every share within half a tenth of the exact one', () => {
    fc.assert(
      fc.property(
        fc.tuple(fc.integer({ min: 0, max: 1_000_000_000_000 }), fc.integer({ min: 1, max: 1_000_000_000_000 })),
        ([part, whole]) => {
          const tenths = BigInt(shareTenths(part, whole));
          // |tenths × whole − 1000 × part| ≤ whole / 2, the half going up.
          const diff = 2000n * BigInt(part) - 2n * tenths * BigInt(whole);
          return diff >= -BigInt(whole) && diff < BigInt(whole);
        },
      ),
    );
  });

  it('writes cents exactly', () => {
    expect(usdCents(20_833)).toBe('$208.33');
    expect(usdCents(1_537_506)).toBe('$15,375.06');
    expect(usdCents(5)).toBe('$0.05');
    expect(usdCents(-5)).toBe('-$0.05');
    expect(usdCents(749_250_000_000)).toBe('$7,492,500,000.00');
  });
});
