/**
 * The term sheet in dollars (issue 23 "Trust at first sight", item 1): app/lib/term-sheet-money.ts
 * on examples worked by hand, then on properties over thousands of generated term sheets (the parts
 * add up to the amount exactly, no cent is lost, the rounding is half-up once).
 * The properties run on fast-check; a failure prints its seed and the shrunk case, so it replays.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { usdCents } from '~/lib/format';
import { LOAN_PURPOSES, PURCHASE_PURPOSES, type LoanPurpose } from '~/lib/loans';
import { monthlyInterestCents, pointsCents, termSheetMoney, type TermSheetFigures } from '~/lib/term-sheet-money';

describe('worked examples (computed by hand)', () => {
  it('a bridge purchase: $1,300,000 at 10.25 %, 1.5 points, $1,495 + $950 fees, price $2,000,000', () => {
    // 1,300,000 × 10.25 % = 133,250 a year; ÷ 12 = 11,104.1666… → $11,104.17.
    // Points 1.5 % = $19,500. Fees 1,495 + 950 = $2,445. Net 1,300,000 − 19,500 − 2,445 = $1,278,055.
    // Cash to bring: 2,000,000 − 1,300,000 + 19,500 + 2,445 = $721,945.
    const m = termSheetMoney(
      { amount: 1_300_000, ratePercent: 10.25, points: 1.5, underwritingFee: 1495, legalFee: 950, holdback: 0 },
      { purpose: 'bridge', price: 2_000_000 },
    );
    expect(usdCents(m.monthlyInterestCents)).toBe('$11,104.17');
    expect(usdCents(m.pointsCents)).toBe('$19,500.00');
    expect(usdCents(m.closingFeesCents)).toBe('$2,445.00');
    expect(usdCents(m.netFundingCents)).toBe('$1,278,055.00');
    expect(m.cashAtClosing).toMatchObject({ kind: 'bring', cents: 72_194_500 });
  });

  it('rounds half-up to the cent, once', () => {
    // $1 at 6 %: 0.06 ÷ 12 = $0.005 → $0.01. $100,001 at 6 %: 500.005 → $500.01.
    expect(monthlyInterestCents(1, 6)).toBe(1);
    expect(monthlyInterestCents(100_001, 6)).toBe(50_001);
    // $100,001 at 9.99 %: 9,990.0999 ÷ 12 = 832.508325 → $832.51.
    expect(monthlyInterestCents(100_001, 9.99)).toBe(83_251);
    // 1.25 points of $100,002 = 1,250.025 → $1,250.03; of $100,001 = 1,250.0125 → $1,250.01.
    expect(pointsCents(100_002, 1.25)).toBe(125_003);
    expect(pointsCents(100_001, 1.25)).toBe(125_001);
  });

  it('a refinance: the net proceeds, holdback kept back', () => {
    // $500,000 at 11 %: 55,000 ÷ 12 = 4,583.333… → $4,583.33. Points 2 % = $10,000.
    // Net: 500,000 − 50,000 holdback − 10,000 − (1,000 + 750) = $438,250.
    const m = termSheetMoney(
      { amount: 500_000, ratePercent: 11, points: 2, underwritingFee: 1000, legalFee: 750, holdback: 50_000 },
      { purpose: 'refinance', price: 900_000 },
    );
    expect(m.monthlyInterestCents).toBe(458_333);
    expect(m.netFundingCents).toBe(43_825_000);
    expect(m.cashAtClosing).toMatchObject({ kind: 'proceeds', cents: 43_825_000 });
    expect(m.cashAtClosing?.label).toMatch(/net proceeds/);
  });

  it('a construction purchase with a holdback, and one financed above its price', () => {
    // Price 400,000; loan 600,000 with 250,000 held back; 2.5 points = 15,000; fees 3,500.
    // Net 600,000 − 250,000 − 15,000 − 3,500 = 331,500; bring 400,000 − 331,500 = $68,500.
    const held = termSheetMoney(
      { amount: 600_000, ratePercent: 12, points: 2.5, underwritingFee: 2000, legalFee: 1500, holdback: 250_000 },
      { purpose: 'construction', price: 400_000 },
    );
    expect(held.netFundingCents).toBe(33_150_000);
    expect(held.cashAtClosing).toMatchObject({ kind: 'bring', cents: 6_850_000 });
    // Price 300,000; loan 400,000, 1 point = 4,000, no fees: net 396,000, paid out 96,000.
    const above = termSheetMoney(
      { amount: 400_000, ratePercent: 12, points: 1, underwritingFee: 0, legalFee: 0, holdback: 0 },
      { purpose: 'construction', price: 300_000 },
    );
    expect(above.cashAtClosing).toMatchObject({ kind: 'receive', cents: 9_600_000 });
  });

  it('refuses figures no term sheet stores', () => {
    expect(() => monthlyInterestCents(1000, 10.1255)).toThrow(RangeError);
    expect(() => monthlyInterestCents(1000, -1)).toThrow(RangeError);
    expect(() => pointsCents(1000.5, 1)).toThrow(RangeError);
    const base = { amount: 1000, ratePercent: 10, points: 1, underwritingFee: 0, legalFee: 0 };
    expect(() => termSheetMoney({ ...base, holdback: 1000 }, { purpose: 'bridge', price: 2000 })).toThrow(RangeError);
  });

  it('writes cents exactly', () => {
    expect(usdCents(0)).toBe('$0.00');
    expect(usdCents(5)).toBe('$0.05');
    expect(usdCents(123_456_789_012)).toBe('$1,234,567,890.12');
    expect(usdCents(-250)).toBe('-$2.50');
  });
});

// ---------------------------------------------------------------- properties

interface Case {
  sheet: TermSheetFigures;
  purpose: LoanPurpose;
  price: number;
}

/** A term sheet as staff may issue it (the form's limits), a purpose and a price, in whole dollars. */
const termSheets: fc.Arbitrary<Case> = fc
  .record({
    amount: fc.integer({ min: 1, max: 1_000_000_000 }),
    rateBasisPoints: fc.integer({ min: 1, max: 3600 }),
    pointsHundredths: fc.integer({ min: 0, max: 1000 }),
    underwritingFee: fc.integer({ min: 0, max: 50_000 }),
    legalFee: fc.integer({ min: 0, max: 50_000 }),
    holdbackShare: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
    purpose: fc.constantFrom(...LOAN_PURPOSES.map((p) => p.value)),
    price: fc.integer({ min: 1, max: 2_000_000_000 }),
  })
  .map(({ amount, rateBasisPoints, pointsHundredths, underwritingFee, legalFee, holdbackShare, purpose, price }) => {
    const sheet: TermSheetFigures = {
      amount,
      ratePercent: rateBasisPoints / 100,
      points: pointsHundredths / 100,
      underwritingFee,
      legalFee,
      holdback: Math.min(amount - 1, Math.floor(holdbackShare * amount)),
    };
    return { sheet, purpose, price };
  });

/** Runs `check` on `runs` generated term sheets (fast-check; shrinks and prints a failing case). */
const property = (runs: number, check: (value: Case) => void) => fc.assert(fc.property(termSheets, check), { numRuns: runs });

describe('properties', () => {
  it('the parts add up to the amount exactly: net + holdback + points + fees', () => {
    property(5000, ({ sheet, purpose, price }) => {
      const m = termSheetMoney(sheet, { purpose, price });
      expect(m.netFundingCents + m.holdbackCents + m.pointsCents + m.closingFeesCents).toBe(m.amountCents);
      expect(m.amountCents).toBe(sheet.amount * 100);
      expect(m.closingFeesCents).toBe(m.underwritingFeeCents + m.legalFeeCents);
      for (const v of Object.values(m)) if (typeof v === 'number') expect(Number.isSafeInteger(v)).toBe(true);
    });
  });

  it('the cash at closing and the net funding make up the price of a purchase, to the cent', () => {
    property(5000, ({ sheet, purpose, price }) => {
      const m = termSheetMoney(sheet, { purpose, price });
      const cash = m.cashAtClosing!;
      if (PURCHASE_PURPOSES.includes(purpose)) {
        const signed = cash.kind === 'bring' ? cash.cents : -cash.cents;
        expect(signed + m.netFundingCents).toBe(price * 100);
      } else {
        expect(cash.kind).toBe('proceeds');
        expect(cash.cents).toBe(Math.max(0, m.netFundingCents));
      }
    });
  });

  it('the monthly interest and the points are the exact figures rounded half-up: never more than half a cent off', () => {
    property(5000, ({ sheet }) => {
      const exactMonthlyTimes1200 = BigInt(sheet.amount) * BigInt(Math.round(sheet.ratePercent * 100));
      const monthly = BigInt(monthlyInterestCents(sheet.amount, sheet.ratePercent));
      // |monthly − exact| ≤ ½ cent, and an exact half rounds up.
      const diff = monthly * 1200n - exactMonthlyTimes1200;
      expect(diff >= -600n && diff <= 600n).toBe(true);
      if (diff === -600n) throw new Error('a half cent rounded down');
      const exactPointsTimes100 = BigInt(sheet.amount) * BigInt(Math.round(sheet.points * 100));
      const points = BigInt(pointsCents(sheet.amount, sheet.points));
      const pdiff = points * 100n - exactPointsTimes100;
      expect(pdiff > -50n && pdiff <= 50n).toBe(true);
    });
  });

  it('more money never costs less: the payment grows with the amount and the rate', () => {
    property(2000, ({ sheet }) => {
      const more = monthlyInterestCents(sheet.amount + 1, sheet.ratePercent);
      expect(more).toBeGreaterThanOrEqual(monthlyInterestCents(sheet.amount, sheet.ratePercent));
      const higher = monthlyInterestCents(sheet.amount, Math.min(36, (Math.round(sheet.ratePercent * 100) + 1) / 100));
      expect(higher).toBeGreaterThanOrEqual(monthlyInterestCents(sheet.amount, sheet.ratePercent));
    });
  });
});
