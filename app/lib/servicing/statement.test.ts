/**
 * A statement's figures (statement.ts, README "Schedule and billing") in the cases the monthly
 * integration test does not reach: the maturity (the principal is due with the last installment,
 * and the late charge is a percent of the scheduled installment only, never of the balloon), suspense larger than what is due (the amount due
 * floors at 0), and interest on the whole note (the per diem counts the holdback).
 */
import { describe, expect, it } from 'vitest';
import { interestBill, type LedgerEntry, type LoanTerms } from './ledger';
import { statementFigures } from './statement';
import type { ScheduleTerms } from './schedule';

// $100,000 at 12 %, 30/360 on the disbursed balance; due on the 1st; matures 2027-01-01.
const terms: LoanTerms = { ratePercent: 12, method: '30/360', accrual: 'disbursed', holdbackCents: 0 };
const schedule: ScheduleTerms = { fundedOn: '2026-10-01', firstPaymentOn: '2026-11-01', maturityOn: '2027-01-01' };
const late = {
  reference: 'OL-2026-10001',
  lateCharge: { percent: 5, graceDays: 10, minimumCents: 0, maximumCents: null, ownerOccupied: false },
};
const closing: LedgerEntry = { kind: 'closing-disbursement', id: 'c', day: '2026-10-01', amountCents: 10_000_000 };

function billed(entries: (LedgerEntry & { dueOn?: string })[], from: string, to: string) {
  return [...entries, { ...interestBill(entries, terms, { id: `bill-${to}`, day: to, from, to }), dueOn: to }];
}

describe('statementFigures', () => {
  it('at maturity: the principal is due with the interest, and the late charge is 5 % of the interest only', () => {
    let entries: (LedgerEntry & { dueOn?: string })[] = [closing];
    entries = billed(entries, '2026-10-01', '2026-11-01');
    entries.push({
      kind: 'payment',
      id: 'p1',
      day: '2026-11-01',
      amountCents: 100_000,
      application: { feesCents: 0, interestCents: 100_000, principalCents: 0, suspenseCents: 0 },
    });
    entries = billed(entries, '2026-11-01', '2026-12-01');
    entries.push({
      kind: 'payment',
      id: 'p2',
      day: '2026-12-01',
      amountCents: 100_000,
      application: { feesCents: 0, interestCents: 100_000, principalCents: 0, suspenseCents: 0 },
    });
    entries = billed(entries, '2026-12-01', '2027-01-01');
    const f = statementFigures(entries, terms, schedule, { ...late, dueOn: '2027-01-01' });
    // 10,000,000 × 30 × 12 ÷ 36,000 = 100,000 a month.
    expect(f).toMatchObject({
      periodFrom: '2026-12-01',
      periodTo: '2027-01-01',
      interestBilledCents: 100_000,
      interestDueCents: 100_000,
      principalDueCents: 10_000_000,
      amountDueCents: 10_100_000,
      // 5 % × 100,000 of interest; the balloon's 10,000,000 bears no late charge (B&P 10242.5(a), (c)).
      lateChargeCents: 5_000,
      lateChargeFrom: '2027-01-12',
      perDiemCents: 3_333,
    });
    // Recorded after December's bill (the December statement): December's payment, made on its
    // due day after the statement went out, and January's bill.
    expect(f.activity.map((a) => [a.day, a.kind])).toEqual([
      ['2026-12-01', 'payment'],
      ['2027-01-01', 'interest-billed'],
    ]);
  });

  it('at maturity a surplus in suspense lowers the balloon too', () => {
    let entries: (LedgerEntry & { dueOn?: string })[] = [
      closing,
      {
        kind: 'payment',
        id: 'ahead',
        day: '2026-12-20',
        amountCents: 250_000,
        application: { feesCents: 0, interestCents: 0, principalCents: 0, suspenseCents: 250_000 },
      },
    ];
    entries = billed(entries, '2026-12-01', '2027-01-01');
    const f = statementFigures(entries, terms, schedule, { ...late, dueOn: '2027-01-01' });
    // max(0, 100,000 interest + 0 fees + 10,000,000 principal − 250,000 suspense) = 9,850,000.
    expect(f).toMatchObject({ suspenseCents: 250_000, principalDueCents: 10_000_000, amountDueCents: 9_850_000 });
  });

  it('floors the amount due at 0 when suspense covers it, and counts the holdback in a whole-note per diem', () => {
    const whole: LoanTerms = { ...terms, accrual: 'whole-note', holdbackCents: 5_000_000 };
    let entries: (LedgerEntry & { dueOn?: string })[] = [
      closing,
      {
        kind: 'payment',
        id: 'early',
        day: '2026-10-20',
        amountCents: 300_000,
        application: { feesCents: 0, interestCents: 0, principalCents: 0, suspenseCents: 300_000 },
      },
    ];
    entries = [
      ...entries,
      {
        ...interestBill(entries, whole, { id: 'b', day: '2026-11-01', from: '2026-10-01', to: '2026-11-01' }),
        dueOn: '2026-11-01',
      },
    ];
    const f = statementFigures(entries, whole, schedule, { ...late, dueOn: '2026-11-01' });
    // (10,000,000 + 5,000,000) × 30 × 12 ÷ 36,000 = 150,000; suspense 300,000 covers it.
    expect(f).toMatchObject({ interestBilledCents: 150_000, suspenseCents: 300_000, amountDueCents: 0, perDiemCents: 5_000 });
    expect(f.activity.map((a) => [a.kind, a.amountCents])).toEqual([
      ['closing-disbursement', 10_000_000],
      ['payment', 300_000],
      ['interest-billed', 150_000],
    ]);
  });
});
