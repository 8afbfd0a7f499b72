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
  type LedgerEntry,
  type LoanTerms,
} from './ledger';

const doc = fs.readFileSync(new URL('../../../docs/servicing-golden-figures.md', import.meta.url), 'utf8');
/** The figures table's rows: `| id | figure | arithmetic | cents |`. */
const rows = new Map([...doc.matchAll(/^\|\s*([AB]\d+)\s*\|[^|]*\|[^|]*\|\s*(\d+)\s*\|$/gm)].map((m) => [m[1]!, Number(m[2])]));

// Loan A: $400,000 at 10.75 %, Actual/360 on the disbursed balance, 5 % late charge after 10 days.
const loanA: LoanTerms = { ratePercent: 10.75, method: 'actual/360', accrual: 'disbursed', holdbackCents: 0 };
const a: LedgerEntry[] = [{ kind: 'closing-disbursement', id: 'a-close', day: '2026-09-01', amountCents: 40_000_000 }];
a.push(interestBill(a, loanA, { id: 'a-bill-sep', day: '2026-10-01', from: '2026-09-01', to: '2026-10-01' }));
const lateCharge = (paidDay: string) =>
  lateChargeCents({ installmentCents: a[1]!.amountCents, dueDay: '2026-10-01', paidDay, graceDays: 10, lateChargePercent: 5 });
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

// Loan B: $500,000 note, $350,000 at closing, $150,000 holdback, 11 %, 30/360.
const loanB: LoanTerms = { ratePercent: 11, method: '30/360', accrual: 'disbursed', holdbackCents: 15_000_000 };
const wholeB: LoanTerms = { ...loanB, accrual: 'whole-note' };
const b: LedgerEntry[] = [{ kind: 'closing-disbursement', id: 'b-close', day: '2026-11-01', amountCents: 35_000_000 }];
const november = { from: '2026-11-01', to: '2026-12-01' };
const bWithDraw: LedgerEntry[] = [...b, { kind: 'draw-disbursement', id: 'b-draw-1', day: '2026-11-16', amountCents: 6_000_000 }];

const october = { from: '2026-10-01', to: '2026-11-01' };
const figures: Record<string, () => number> = {
  A1: () => periodInterest(a.slice(0, 1), { ...loanA, method: '30/360' }, october),
  A2: () => periodInterest(a.slice(0, 1), loanA, october),
  A3: () => a[1]!.amountCents,
  A4: () => lateCharge('2026-10-11'),
  A5: () => a[2]!.amountCents,
  A6: () => partial.application.feesCents,
  A7: () => partial.application.interestCents,
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
  B1: () => periodInterest(b, loanB, november),
  B2: () => periodInterest(b, wholeB, november),
  B3: () => periodInterest(bWithDraw, loanB, november),
  B4: () => periodInterest(bWithDraw, wholeB, november),
  B5: () => balances(bWithDraw, loanB).holdbackCents,
};

describe('docs/servicing-golden-figures.md', () => {
  it('has a computation for every row and a row for every computation', () => {
    expect(rows.size).toBeGreaterThanOrEqual(20);
    expect([...rows.keys()].sort()).toEqual(Object.keys(figures).sort());
  });

  it.each([...rows])('%s is reproduced to the cent (%i)', (id, cents) => {
    expect(figures[id]!()).toBe(cents);
  });

  it('the ledger walk-through table states the balances the code derives', () => {
    expect(balancesOn(a, loanA, '2026-10-12')).toMatchObject({ feesDueCents: 17_917, interestDueCents: 358_333 });
    expect(afterPartial).toMatchObject({ feesDueCents: 0, interestDueCents: 76_250, suspenseCents: 0 });
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
    const paid = [...a, ...payoffEntries(quote, { day: '2026-11-06', ids: ['a-bill-payoff', 'a-reconveyance', 'a-payoff'] })];
    expect(balances(paid, loanA)).toEqual({
      principalCents: 0,
      holdbackCents: 0,
      interestDueCents: 0,
      feesDueCents: 0,
      suspenseCents: 0,
    });
  });
});
