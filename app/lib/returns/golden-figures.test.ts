/**
 * The investor-returns golden figures (issue 25 "Must show"): docs/returns-golden-figures.md's
 * table, computed by hand, reproduced to the cent. The loan's ledger is built with the servicing
 * arithmetic (bills, late charge, payments, payoff), then split by `allocateLedger`. The table is
 * read from the doc, so doc and code cannot drift: a row without a computation here, or a
 * computation without its row, fails.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  interestBill,
  lateChargeCents,
  payment,
  payoffEntries,
  payoffQuote,
  type LedgerEntry,
  type LoanTerms,
} from '../servicing/ledger';
import {
  allocateLedger,
  allocatedCents,
  lenderShareCents,
  type EntryAllocation,
  type Holding,
  type SplitTerms,
} from './allocation';

const doc = fs.readFileSync(new URL('../../../docs/returns-golden-figures.md', import.meta.url), 'utf8');
/** The table's rows: `| id | figure | arithmetic | cents |`. */
const rows = new Map([...doc.matchAll(/^\|\s*(R\d+)\s*\|[^|]*\|[^|]*\|\s*(\d+)\s*\|$/gm)].map((m) => [m[1]!, Number(m[2])]));

const loan: LoanTerms = { ratePercent: 12, method: '30/360', accrual: 'disbursed', holdbackCents: 0 };
const ledger: LedgerEntry[] = [{ kind: 'closing-disbursement', id: 'close', day: '2026-01-15', amountCents: 100_000_000 }];
ledger.push(interestBill(ledger, loan, { id: 'bill-feb', day: '2026-02-01', from: '2026-01-15', to: '2026-02-01' }));
ledger.push(payment(ledger, loan, { id: 'pay-feb', day: '2026-02-01', amountCents: 533_333, overpayment: 'principal' }));
ledger.push(interestBill(ledger, loan, { id: 'bill-mar', day: '2026-03-01', from: '2026-02-01', to: '2026-03-01' }));
const late = lateChargeCents({
  installmentCents: 1_000_000,
  dueDay: '2026-03-01',
  paidDay: '2026-03-15',
  rule: { percent: 10, graceDays: 10, minimumCents: 0, maximumCents: null, ownerOccupied: false },
});
ledger.push({ kind: 'late-charge', id: 'late-mar', day: '2026-03-12', amountCents: late });
ledger.push(payment(ledger, loan, { id: 'pay-mar-15', day: '2026-03-15', amountCents: 600_000, overpayment: 'principal' }));
ledger.push(payment(ledger, loan, { id: 'pay-mar-20', day: '2026-03-20', amountCents: 500_000, overpayment: 'principal' }));
const quote = payoffQuote(ledger, loan, { goodThrough: '2026-03-31', reconveyanceFeeCents: 15_000 });
const payoffIds = ['bill-payoff', 'fee-reconveyance', 'payoff'];
ledger.push(...payoffEntries(quote, { day: '2026-03-31', newId: () => payoffIds.shift()! }));

// The waiver: the same loan to the March bill, $5,000 paid on 03-10, the other $5,000 waived on
// 03-20, then April's bill paid in full on its due day.
const waived: LedgerEntry[] = ledger.slice(0, 4);
waived.push(payment(waived, loan, { id: 'w-pay-mar', day: '2026-03-10', amountCents: 500_000, overpayment: 'principal' }));
waived.push({
  kind: 'adjustment',
  id: 'w-waive',
  day: '2026-03-20',
  bucket: 'interest',
  amountCents: -500_000,
  reason: 'Waived',
});
waived.push(interestBill(waived, loan, { id: 'w-bill-apr', day: '2026-04-01', from: '2026-03-01', to: '2026-04-01' }));
waived.push(payment(waived, loan, { id: 'w-pay-apr', day: '2026-04-01', amountCents: 1_000_000, overpayment: 'principal' }));

const holdings: Holding[] = [
  { id: 'A', amountCents: 25_000_000, fundedOn: '2026-01-15' },
  { id: 'B', amountCents: 40_000_000, fundedOn: '2026-01-15' },
  { id: 'C', amountCents: 15_000_000, fundedOn: '2026-02-16' },
];
const terms: SplitTerms = { noteAmountCents: 100_000_000, noteRatePercent: 12, investorRatePercent: 9, feesTo: 'lender' };
const split = new Map(allocateLedger(ledger, holdings, terms).map((a) => [a.entryId, a]));
const afterWaiver = new Map(allocateLedger(waived, holdings, terms).map((a) => [a.entryId, a]));
const toInvestors = new Map(allocateLedger(ledger, holdings, { ...terms, feesTo: 'investors' }).map((a) => [a.entryId, a]));

const of = (allocations: Map<string, EntryAllocation>, id: string) => allocations.get(id)!;
const part = (a: EntryAllocation, position: string) => a.positions.get(position)!;
const bill = (id: string) => ledger.find((e) => e.id === id)!.amountCents;
/** What `investor` receives from the entries of one run, interest + principal + fees. */
const run = (investor: string, entries: string[]) =>
  entries.reduce((sum, id) => {
    const p = of(split, id).positions.get(investor);
    return sum + (p ? p.interestCents + p.principalCents + p.feesCents : 0);
  }, 0);
const interestOf = (investor: string) =>
  [...split.values()].reduce((sum, a) => sum + (a.positions.get(investor)?.interestCents ?? 0), 0);

const computed: Record<string, number> = {
  R1: bill('bill-feb'),
  R2: bill('bill-mar'),
  R3: bill('late-mar'),
  R4: bill('bill-payoff'),
  R5: bill('payoff'),
  R6: part(of(split, 'pay-feb'), 'A').interestCents,
  R7: part(of(split, 'pay-feb'), 'B').interestCents,
  R8: of(split, 'pay-feb').spreadCents,
  R9: of(split, 'pay-feb').lender.interestCents,
  R10: part(of(split, 'pay-mar-15'), 'A').interestCents,
  R11: part(of(split, 'pay-mar-15'), 'B').interestCents,
  R12: part(of(split, 'pay-mar-15'), 'C').interestCents,
  R13: of(split, 'pay-mar-15').spreadCents,
  R14: of(split, 'pay-mar-15').lender.interestCents,
  R15: of(split, 'pay-mar-20').lender.feesCents,
  R16: part(of(toInvestors, 'pay-mar-20'), 'A').feesCents,
  R17: part(of(toInvestors, 'pay-mar-20'), 'C').feesCents,
  R18: of(toInvestors, 'pay-mar-20').lender.feesCents,
  R19: part(of(split, 'payoff'), 'A').interestCents,
  R20: part(of(split, 'payoff'), 'B').interestCents,
  R21: part(of(split, 'payoff'), 'C').interestCents,
  R22: of(split, 'payoff').spreadCents,
  R23: of(split, 'payoff').lender.interestCents,
  R24: part(of(split, 'payoff'), 'C').principalCents,
  R25: of(split, 'payoff').lender.principalCents,
  R26: run('A', ['pay-feb']),
  R27: run('A', ['pay-mar-15', 'pay-mar-20', 'payoff']),
  R28: run('B', ['pay-mar-15', 'pay-mar-20', 'payoff']),
  R29: run('C', ['pay-mar-15', 'pay-mar-20', 'payoff']),
  R30: interestOf('A'),
  R31: interestOf('C'),
  R32: part(of(afterWaiver, 'w-pay-apr'), 'C').interestCents,
  R33: part(of(afterWaiver, 'w-pay-apr'), 'A').interestCents,
  R34: of(afterWaiver, 'w-pay-apr').spreadCents,
  R35: of(split, 'pay-mar-20').lender.interestCents,
};

describe('investor returns golden figures (docs/returns-golden-figures.md)', () => {
  it('every row of the table has a computation and every computation a row', () => {
    expect([...rows.keys()].sort()).toEqual(Object.keys(computed).sort());
  });
  for (const [id, cents] of rows) it(`${id}: ${cents} cents`, () => expect(computed[id]).toBe(cents));

  it('the partial payment pays the installment first; the late charge waits for the next payment', () => {
    const applied = (id: string) => (ledger.find((e) => e.id === id) as Extract<LedgerEntry, { kind: 'payment' }>).application;
    expect(applied('pay-mar-15')).toEqual({ feesCents: 0, interestCents: 600_000, principalCents: 0, suspenseCents: 0 });
    expect(applied('pay-mar-20')).toEqual({ feesCents: 100_000, interestCents: 400_000, principalCents: 0, suspenseCents: 0 });
  });
  it('C, funded on 02-16, has no part of the payment of 02-01', () => {
    expect(of(split, 'pay-feb').positions.has('C')).toBe(false);
  });
  it('every entry splits its cash to the cent; the shares sum to one; each position gets its amount back', () => {
    for (const a of [...split.values(), ...toInvestors.values()]) expect(allocatedCents(a)).toBe(a.cashCents);
    expect(lenderShareCents(holdings, terms.noteAmountCents)).toBe(20_000_000);
    for (const h of holdings)
      expect([...split.values()].reduce((sum, a) => sum + (a.positions.get(h.id)?.principalCents ?? 0), 0)).toBe(h.amountCents);
  });
});
