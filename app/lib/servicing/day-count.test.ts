/**
 * Day counts and interest (app/lib/servicing/day-count.ts, issue 24): worked examples by hand,
 * then fast-check properties (a failure prints its seed and the shrunk case).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lenderDay, setLenderTimeZone } from '../format';
import { dayInterestCents, dollarsToCents, monthlyInterestCents, percentOfAmountCents, pointsCents } from '../money';
import { addDays, days360, daysBetween, perDiemCents, periodDays, periodInterestCents } from './day-count';

describe('worked examples (by hand)', () => {
  it('30/360 NASD: a day 31 at the start counts as 30, and at the end only when the start is 30 or 31', () => {
    expect(days360('2026-10-01', '2026-11-01')).toBe(30);
    expect(days360('2026-10-31', '2026-11-30')).toBe(30); // D1 31 → 30: 30 + (30 − 30)
    expect(days360('2026-10-30', '2026-12-31')).toBe(60); // D1 30, D2 31 → 30: 60 + 0
    expect(days360('2026-10-01', '2026-10-31')).toBe(30); // D1 1: D2 stays 31, 31 − 1
    expect(days360('2026-01-31', '2026-02-01')).toBe(1); // 30 + (1 − 30)
  });
  it('30/360 NASD does not move the end of February', () => {
    expect(days360('2027-02-01', '2027-03-01')).toBe(30);
    expect(days360('2027-02-28', '2027-03-31')).toBe(33); // 30 + (31 − 28): D1 is not 30, D2 stays 31
    expect(days360('2027-01-31', '2027-02-28')).toBe(28); // 30 + (28 − 30)
  });
  it('Actual counts calendar days, leap years and daylight-saving changes included', () => {
    expect(daysBetween('2026-10-01', '2026-11-01')).toBe(31);
    expect(daysBetween('2028-02-01', '2028-03-01')).toBe(29);
    expect(daysBetween('2026-03-07', '2026-03-09')).toBe(2); // spring forward on Mar 8
    expect(daysBetween('2026-10-31', '2026-11-02')).toBe(2); // fall back on Nov 1
    expect(daysBetween('2026-11-02', '2026-10-31')).toBe(-2);
    expect(addDays('2026-10-31', 1)).toBe('2026-11-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(periodDays('actual/360', '2026-10-01', '2026-11-01')).toBe(31);
    expect(periodDays('30/360', '2026-10-01', '2026-11-01')).toBe(30);
  });
  it("a day changes at the lender's midnight, 25 hours long on the November change, and counts as one day", () => {
    setLenderTimeZone('America/Los_Angeles');
    // 2026-11-01 is the first Sunday of November: 00:00 PDT is 07:00Z, the next midnight (PST) 08:00Z.
    expect(lenderDay(new Date('2026-11-01T06:59:59Z'))).toBe('2026-10-31');
    expect(lenderDay(new Date('2026-11-01T07:00:00Z'))).toBe('2026-11-01');
    expect(lenderDay(new Date('2026-11-02T07:59:59Z'))).toBe('2026-11-01');
    expect(lenderDay(new Date('2026-11-02T08:00:00Z'))).toBe('2026-11-02');
    expect(daysBetween(lenderDay(new Date('2026-11-01T07:00:00Z')), lenderDay(new Date('2026-11-02T08:00:00Z')))).toBe(1);
    // The spring change: 2026-03-08 has 23 hours, still one day.
    expect(daysBetween(lenderDay(new Date('2026-03-08T08:00:00Z')), lenderDay(new Date('2026-03-09T07:00:00Z')))).toBe(1);
  });
  it('$100,000 at 12 % for October: $1,000.00 under 30/360, $1,033.33 under Actual/360', () => {
    expect(periodInterestCents(10_000_000, 12, { method: '30/360', from: '2026-10-01', to: '2026-11-01' })).toBe(100_000);
    // 10,000,000 × 31 × 12 ÷ 36,000 = 103,333.33… → 103,333
    expect(periodInterestCents(10_000_000, 12, { method: 'actual/360', from: '2026-10-01', to: '2026-11-01' })).toBe(103_333);
  });
  it('per diem: $250,000 at 10.5 % is 7,291.66… → $72.92; $100,000 at 12 % is 3,333.33… → $33.33', () => {
    expect(perDiemCents(25_000_000, 10.5)).toBe(7_292);
    expect(perDiemCents(10_000_000, 12)).toBe(3_333);
  });
  it('rates keep three decimals and half a cent rounds up once', () => {
    // 10,000,000 × 9.125 ÷ 36,000 = 2,534.72… → 2,535
    expect(perDiemCents(10_000_000, 9.125)).toBe(2_535);
    // 36 cent-days at 5 %: 36 × 5 ÷ 36,000 = 0.005 cent → 0; 3,600 cent-days at 5 %: 0.5 → 1
    expect(dayInterestCents(36, 5)).toBe(0);
    expect(dayInterestCents(3_600, 5)).toBe(1);
    expect(percentOfAmountCents(106_250, 5)).toBe(5_313); // 5,312.5 → 5,313
  });
  it('refuses what is not a day, a period that runs backwards, and negative money', () => {
    for (const bad of ['2026-02-30', '2026-13-01', '26-10-01', '2026-10-1', ''])
      expect(() => daysBetween(bad, '2026-10-01')).toThrow(RangeError);
    expect(() => days360('2026-02-30', '2026-03-01')).toThrow(RangeError);
    expect(() => periodInterestCents(100, 10, { method: 'actual/360', from: '2026-11-01', to: '2026-10-01' })).toThrow(
      RangeError,
    );
    expect(() => perDiemCents(-1, 10)).toThrow(RangeError);
    expect(() => perDiemCents(1.5, 10)).toThrow(RangeError);
    expect(() => perDiemCents(100, -1)).toThrow(RangeError);
    expect(() => perDiemCents(100, 10.0001)).toThrow(RangeError);
  });
});

/** A lender's day from 2000 to 2099. */
const day = fc.integer({ min: 0, max: 36_500 }).map((n) => addDays('2000-01-01', n));
/** A rate as notes carry it: 0 to 30 % with up to three decimals. */
const rate = fc.integer({ min: 0, max: 30_000 }).map((m) => m / 1000);
const balance = fc.integer({ min: 0, max: 10_000_000_000 }); // up to $100 million

describe('properties', () => {
  it('calendar days add up and addDays inverts daysBetween', () => {
    fc.assert(
      fc.property(day, day, day, (a, b, c) => {
        expect(daysBetween(a, b) + daysBetween(b, c)).toBe(daysBetween(a, c));
        expect(addDays(a, daysBetween(a, b))).toBe(b);
      }),
    );
  });

  it('a period of whole months is 30 days a month under 30/360', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2000, max: 2098 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 12 }),
        (y, m, n) => {
          const start = `${y}-${String(m).padStart(2, '0')}-01`;
          const endMonth = m + n;
          const end = `${y + Math.floor((endMonth - 1) / 12)}-${String(((endMonth - 1) % 12) + 1).padStart(2, '0')}-01`;
          expect(days360(start, end)).toBe(30 * n);
        },
      ),
    );
  });

  it('interest is the exact figure rounded half-up once: within half a cent, ties up', () => {
    fc.assert(
      fc.property(balance, rate, fc.integer({ min: 0, max: 400 }), (cents, r, days) => {
        const interest = BigInt(dayInterestCents(cents * days, r));
        // exact = cents × days × milli-rate ÷ 36,000,000
        const scaled = BigInt(cents * days) * BigInt(Math.round(r * 1000));
        const diff = interest * 36_000_000n - scaled; // 36,000,000 × (rounded − exact)
        expect(diff > -18_000_000n && diff <= 18_000_000n).toBe(true);
      }),
    );
  });

  it("a 30/360 month of interest is the term sheet's monthly payment, and a percent of cents is money.ts's percent of dollars", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000 }), rate, day, (dollars, r, d) => {
        const from = `${d.slice(0, 8)}01`;
        const to = addDays(from, 40).slice(0, 8) + '01';
        expect(periodInterestCents(dollarsToCents(dollars), r, { method: '30/360', from, to })).toBe(
          monthlyInterestCents(dollars, r),
        );
        expect(percentOfAmountCents(dollarsToCents(dollars), r)).toBe(pointsCents(dollars, r));
      }),
    );
  });

  it('the per diem is the interest of a one-day Actual/360 period', () => {
    fc.assert(
      fc.property(balance, rate, day, (cents, r, d) => {
        const next = addDays(d, 1);
        expect(periodInterestCents(cents, r, { method: 'actual/360', from: d, to: next })).toBe(perDiemCents(cents, r));
      }),
    );
  });
});
