/**
 * The golden figures (issue 24 "Must show"): docs/servicing-golden-figures.md's table, computed by
 * hand, reproduced to the cent by the ledger's code. The table is read from the doc, so the doc
 * and the code cannot drift apart: a row without a computation here, or a computation without
 * its row, fails.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { daysBetween, periodDays } from './day-count';
import {
  balances,
  balancesOn,
  interestBill,
  lateChargeCents,
  payment,
  payoffEntries,
  payoffQuote,
  periodInterest,
  reversal,
  suspenseApplied,
  type LateChargeRule,
  type LedgerEntry,
  type LoanTerms,
} from './ledger';
import { installmentLateCharge, pastDueSince, type ScheduleTerms } from './schedule';
import { statementFigures } from './statement';

const doc = fs.readFileSync(new URL('../../../docs/servicing-golden-figures.md', import.meta.url), 'utf8');
/** The figures table's rows: `| id | figure | arithmetic | cents |`. */
const rows = new Map([...doc.matchAll(/^\|\s*([ABM]\d+)\s*\|[^|]*\|[^|]*\|\s*(\d+)\s*\|$/gm)].map((m) => [m[1]!, Number(m[2])]));

const october = () => ({ from: '2026-10-01', to: '2026-11-01' });
// Loan A: $400,000 at 10.75 %, Actual/360 on the disbursed balance, 5 % late charge after 10 days.
const loanA: LoanTerms = { ratePercent: 10.75, method: 'actual/360', accrual: 'disbursed', holdbackCents: 0 };
const a: LedgerEntry[] = [{ kind: 'closing-disbursement', id: 'a-close', day: '2026-09-01', amountCents: 40_000_000 }];
a.push(interestBill(a, loanA, { id: 'a-bill-sep', day: '2026-10-01', from: '2026-09-01', to: '2026-10-01' }));
const ruleA: LateChargeRule = { percent: 5, graceDays: 10, minimumCents: 0, maximumCents: null, ownerOccupied: false };
const lateCharge = (paidDay: string) =>
  lateChargeCents({ installmentCents: a[1]!.amountCents, dueDay: '2026-10-01', paidDay, rule: ruleA });
a.push({ kind: 'late-charge', id: 'a-late-oct', day: '2026-10-12', amountCents: lateCharge('2026-10-14') });
const partial = payment(a, loanA, { id: 'a-pay-1', day: '2026-10-14', amountCents: 300_000, overpayment: 'principal' });
a.push(partial);
const afterPartial = balances(a, loanA);
a.push(reversal(partial, { id: 'a-rev-1', day: '2026-10-19', reason: 'Returned: insufficient funds' }));
const afterReversal = balances(a, loanA);
const second = payment(a, loanA, { id: 'a-pay-2', day: '2026-10-20', amountCents: 400_000, overpayment: 'suspense' });
a.push(second);
a.push({ kind: 'fee', id: 'a-fee-1', day: '2026-10-22', description: 'Inspection', amountCents: 25_000 });
const quote = payoffQuote(a, loanA, { goodThrough: '2026-11-06', reconveyanceFeeCents: 15_000 });
const counter = (prefix: string) => {
  let n = 0;
  return () => `${prefix}-${++n}`;
};

// The payoff received on 11-04, two days before the quote's good-through day, for the quote's total.
const owedOn1104 = payoffQuote(a, loanA, { goodThrough: '2026-11-04', reconveyanceFeeCents: 15_000 });
const earlyPayoff = payoffEntries(owedOn1104, { day: '2026-11-04', newId: counter('early'), receivedCents: quote.totalCents });

// October's bill on 11-01 (31 days), then the suspense held since 10-20 applied to it.
const aBilled: (LedgerEntry & { dueOn?: string })[] = [...a];
aBilled.push({ ...interestBill(aBilled, loanA, { id: 'a-bill-oct', day: '2026-11-01', ...october() }), dueOn: '2026-11-01' });
const applied = suspenseApplied(aBilled, loanA, { id: 'a-suspense', day: '2026-11-01' })!;
aBilled.push(applied);

// Loan A paid to date, then $200,000 of principal paid down on 11-10.
const aPaydown: LedgerEntry[] = a.slice(0, 2);
aPaydown.push(payment(aPaydown, loanA, { id: 'p-sep', day: '2026-10-05', amountCents: 358_333, overpayment: 'principal' }));
aPaydown.push(interestBill(aPaydown, loanA, { id: 'p-bill-oct', day: '2026-11-01', ...october() }));
aPaydown.push(payment(aPaydown, loanA, { id: 'p-oct', day: '2026-11-01', amountCents: 370_278, overpayment: 'principal' }));
aPaydown.push(payment(aPaydown, loanA, { id: 'p-down', day: '2026-11-10', amountCents: 20_000_000, overpayment: 'principal' }));

// Loan A's schedule to a maturity of 12-01, each installment billed on its due day.
const scheduleA: ScheduleTerms = { fundedOn: '2026-09-01', firstPaymentOn: '2026-10-01', maturityOn: '2026-12-01' };
function billedOn(entries: (LedgerEntry & { dueOn?: string })[], dueOn: string, from: string) {
  entries.push({ ...interestBill(entries, loanA, { id: `bill-${dueOn}`, day: dueOn, from, to: dueOn }), dueOn });
}
// October paid 3 days after its grace days with exactly the installment, its late charge unpaid;
// November paid in full on its due day.
const aLate: (LedgerEntry & { dueOn?: string })[] = [a[0]!];
billedOn(aLate, '2026-10-01', '2026-09-01');
aLate.push({ kind: 'late-charge', id: 'late-oct', day: '2026-10-12', amountCents: 17_917, dueOn: '2026-10-01' } as LedgerEntry);
aLate.push(payment(aLate, loanA, { id: 'late-pay-oct', day: '2026-10-14', amountCents: 358_333, overpayment: 'principal' }));
billedOn(aLate, '2026-11-01', '2026-10-01');
aLate.push(payment(aLate, loanA, { id: 'late-pay-nov', day: '2026-11-01', amountCents: 370_278, overpayment: 'principal' }));
const novemberLate = () => {
  const since = pastDueSince(aLate, scheduleA, '2026-11-12');
  return since === null || since > '2026-11-01'
    ? 0
    : installmentLateCharge(aLate, scheduleA, ruleA, { dueOn: '2026-11-01', paidDay: '2026-11-12' });
};
const aMaturing: (LedgerEntry & { dueOn?: string })[] = [a[0]!];
billedOn(aMaturing, '2026-10-01', '2026-09-01');
billedOn(aMaturing, '2026-11-01', '2026-10-01');
billedOn(aMaturing, '2026-12-01', '2026-11-01');

// Loan M: $100,000 at 12 %, 30/360, matures 2027-01-01 with $2,500 in suspense.
const loanM: LoanTerms = { ratePercent: 12, method: '30/360', accrual: 'disbursed', holdbackCents: 0 };
const scheduleM: ScheduleTerms = { fundedOn: '2026-12-01', firstPaymentOn: '2027-01-01', maturityOn: '2027-01-01' };
const m: (LedgerEntry & { dueOn?: string })[] = [
  { kind: 'closing-disbursement', id: 'm-close', day: '2026-12-01', amountCents: 10_000_000 },
  {
    kind: 'payment',
    id: 'm-ahead',
    day: '2026-12-20',
    amountCents: 250_000,
    application: { feesCents: 0, interestCents: 0, principalCents: 0, suspenseCents: 250_000 },
  },
];
m.push({
  ...interestBill(m, loanM, { id: 'm-bill', day: '2027-01-01', from: '2026-12-01', to: '2027-01-01' }),
  dueOn: '2027-01-01',
});
const maturityStatement = statementFigures(m, loanM, scheduleM, { reference: 'M', dueOn: '2027-01-01', lateCharge: ruleA });

// Loan B: $500,000 note, $350,000 at closing, $150,000 holdback, 11 %, 30/360.
const loanB: LoanTerms = { ratePercent: 11, method: '30/360', accrual: 'disbursed', holdbackCents: 15_000_000 };
const wholeB: LoanTerms = { ...loanB, accrual: 'whole-note' };
const b: LedgerEntry[] = [{ kind: 'closing-disbursement', id: 'b-close', day: '2026-11-01', amountCents: 35_000_000 }];
const november = { from: '2026-11-01', to: '2026-12-01' };
const bWithDraw: LedgerEntry[] = [...b, { kind: 'draw-disbursement', id: 'b-draw-1', day: '2026-11-16', amountCents: 6_000_000 }];

const figures: Record<string, () => number> = {
  A1: () => periodInterest(a.slice(0, 1), { ...loanA, method: '30/360' }, october()),
  A2: () => periodInterest(a.slice(0, 1), loanA, october()),
  A3: () => a[1]!.amountCents,
  A4: () => lateCharge('2026-10-11'),
  A5: () => a[2]!.amountCents,
  A6: () => partial.application.interestCents,
  A7: () => partial.application.feesCents,
  A8: () => afterPartial.interestDueCents,
  A9: () => afterReversal.feesDueCents,
  A10: () => afterReversal.interestDueCents,
  A11: () => second.application.interestCents,
  A12: () => second.application.suspenseCents,
  A13: () => quote.perDiemCents,
  A14: () => quote.accruedDays,
  A15: () => quote.accruedInterestCents,
  A16: () => quote.feesDueCents,
  A17: () => quote.totalCents,
  A18: () => payoffQuote(aPaydown, loanA, { goodThrough: '2026-11-30', reconveyanceFeeCents: 15_000 }).accruedInterestCents,
  A19: novemberLate,
  A20: () => balances(aLate, loanA).feesDueCents,
  A21: () => installmentLateCharge(aMaturing, scheduleA, ruleA, { dueOn: '2026-12-01', paidDay: '2026-12-12' }),
  A22: () => applied.amountCents,
  A23: () => balances(aBilled, loanA).interestDueCents,
  A24: () => owedOn1104.totalCents,
  A25: () => earlyPayoff.find((e) => e.kind === 'refund')!.amountCents,
  A26: () => payoffQuote(aBilled, loanA, { goodThrough: '2026-11-04', reconveyanceFeeCents: 15_000 }).totalCents,
  B1: () => periodInterest(b, loanB, november),
  B2: () => periodInterest(b, wholeB, november),
  B3: () => periodInterest(bWithDraw, loanB, november),
  B4: () => periodInterest(bWithDraw, wholeB, november),
  B5: () => balances(bWithDraw, loanB).holdbackCents,
  B6: () => payoffQuote(bWithDraw, loanB, { goodThrough: '2026-11-30', reconveyanceFeeCents: 0 }).accruedInterestCents,
  M1: () => maturityStatement.amountDueCents,
  M2: () => maturityStatement.lateChargeCents,
};

describe('docs/servicing-golden-figures.md', () => {
  it('a payoff received early leaves every balance at zero once the surplus is refunded', () => {
    expect(balances([...a, ...earlyPayoff], loanA)).toEqual(balances([], loanA));
  });

  it('has a computation for every row and a row for every computation', () => {
    expect(rows.size).toBeGreaterThanOrEqual(20);
    expect([...rows.keys()].sort()).toEqual(Object.keys(figures).sort());
  });

  it.each([...rows])('%s is reproduced to the cent (%i)', (id, cents) => {
    expect(figures[id]!()).toBe(cents);
  });

  it('the ledger walk-through table states the balances the code derives', () => {
    expect(balancesOn(a, loanA, '2026-10-12')).toMatchObject({ feesDueCents: 17_917, interestDueCents: 358_333 });
    expect(afterPartial).toMatchObject({ feesDueCents: 17_917, interestDueCents: 58_333, suspenseCents: 0 });
    expect(afterReversal).toEqual(balancesOn(a, loanA, '2026-10-13'));
    expect(balances(a, loanA)).toEqual({
      principalCents: 40_000_000,
      holdbackCents: 0,
      interestDueCents: 0,
      feesDueCents: 25_000,
      suspenseCents: 23_750,
    });
  });

  it('counts the payoff days across the November daylight-saving change as calendar days', () => {
    // 2026-11-01 is the first Sunday of November: clocks go back an hour in Los Angeles.
    expect(daysBetween('2026-10-31', '2026-11-02')).toBe(2);
    expect(daysBetween('2026-10-25', '2026-11-06')).toBe(12);
    expect(periodDays('actual/360', '2026-10-01', '2026-11-07')).toBe(37);
  });

  it('recording the payoff leaves every balance at zero', () => {
    const paid = [...a, ...payoffEntries(quote, { day: '2026-11-06', newId: counter('payoff') })];
    expect(balances(paid, loanA)).toEqual({
      principalCents: 0,
      holdbackCents: 0,
      interestDueCents: 0,
      feesDueCents: 0,
      suspenseCents: 0,
    });
  });
});
