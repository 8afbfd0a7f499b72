/**
 * The note's rules in the messy cases, as properties (fast-check) over generated loans: late
 * charges never pyramid and never exceed their ceiling or touch the balloon (schedule.ts
 * `lateChargeOwed`, ledger.ts `lateChargeCents`), and a payoff received on any day of its window
 * zeroes the loan with the interest of the balance timeline (ledger.ts `payoffQuote`,
 * `payoffEntries`). The worked examples are docs/servicing-golden-figures.md.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { percentOfAmountCents } from '../money';
import { addDays } from './day-count';
import {
  balances,
  interestBill,
  lateChargeCeilingCents,
  lateChargeCents,
  payment,
  payoffEntries,
  payoffQuote,
  periodInterest,
  type LateChargeRule,
  type LedgerEntry,
  type LoanTerms,
} from './ledger';
import { dueDays, installmentLateCharge, lateChargeOwed, type ScheduleTerms } from './schedule';

type Entry = LedgerEntry & { dueOn?: string | null };

const terms: LoanTerms = { ratePercent: 10.75, method: 'actual/360', accrual: 'disbursed', holdbackCents: 0 };
const schedule: ScheduleTerms = { fundedOn: '2026-01-01', firstPaymentOn: '2026-02-01', maturityOn: '2026-12-01' };
const rule = fc.record({
  percent: fc.integer({ min: 0, max: 1000 }).map((n) => n / 100),
  graceDays: fc.integer({ min: 0, max: 15 }),
  minimumCents: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 10_000 })),
  maximumCents: fc.oneof(fc.constant(null), fc.integer({ min: 10_000, max: 5_000_000 })),
  ownerOccupied: fc.boolean(),
}) satisfies fc.Arbitrary<LateChargeRule>;

/** What the borrower does about one installment: pays it in full within grace, late, in part, or not at all; and a fee charged that month. */
const month = fc.record({
  pays: fc.constantFrom('in-full-on-time', 'late', 'part', 'nothing'),
  offset: fc.integer({ min: 0, max: 15 }),
  extraCents: fc.integer({ min: 0, max: 200_000 }),
  feeCents: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 500_000 })),
});

/**
 * The loan's life day by day as the billing job and staff would write it: the bill on each due
 * day, the month's fee, the payment on its day, and the late charge on each late day that
 * `lateChargeOwed` finds due. Returns the entries and which installments were paid in full by
 * their grace day.
 */
function live(closingCents: number, r: LateChargeRule, months: (typeof month extends fc.Arbitrary<infer M> ? M : never)[]) {
  const entries: Entry[] = [{ kind: 'closing-disbursement', id: 'close', day: schedule.fundedOn, amountCents: closingCents }];
  const due = dueDays(schedule);
  const onTime = new Set<string>();
  const events: { day: string; order: number; run: () => void }[] = [];
  let n = 0;
  const id = () => `e${++n}`;
  due.forEach((dueOn, i) => {
    const plan = months[i % months.length]!;
    const from = i === 0 ? schedule.fundedOn : due[i - 1]!;
    events.push({
      day: dueOn,
      order: 0,
      run: () => entries.push({ ...interestBill(entries, terms, { id: id(), day: dueOn, from, to: dueOn }), dueOn }),
    });
    if (plan.feeCents > 0)
      events.push({
        day: addDays(dueOn, 2),
        order: 1,
        run: () =>
          entries.push({ kind: 'fee', id: id(), day: addDays(dueOn, 2), description: 'Inspection', amountCents: plan.feeCents }),
      });
    if (plan.pays === 'nothing') return;
    const payDay =
      plan.pays === 'late'
        ? addDays(dueOn, r.graceDays + 1 + (plan.offset % 10))
        : addDays(dueOn, plan.offset % (r.graceDays + 1));
    if (plan.pays === 'in-full-on-time') onTime.add(dueOn);
    events.push({
      day: payDay,
      order: 2,
      run: () => {
        const bill = entries.find((e) => e.kind === 'interest-billed' && e.dueOn === dueOn)!.amountCents;
        const amountCents = plan.pays === 'part' ? Math.max(1, Math.floor(bill / 2)) : bill + plan.extraCents;
        entries.push(payment(entries, terms, { id: id(), day: payDay, amountCents, overpayment: 'suspense' }));
      },
    });
    const lateDay = addDays(dueOn, r.graceDays + 1);
    events.push({
      day: lateDay,
      order: 3,
      run: () => {
        const cents = lateChargeOwed(entries, schedule, r, dueOn);
        if (cents > 0) entries.push({ kind: 'late-charge', id: id(), day: lateDay, amountCents: cents, dueOn });
      },
    });
  });
  // Installments paid nothing still get their late day looked at.
  for (const dueOn of due)
    if (!events.some((e) => e.order === 3 && e.day === addDays(dueOn, r.graceDays + 1)))
      events.push({
        day: addDays(dueOn, r.graceDays + 1),
        order: 3,
        run: () => {
          const cents = lateChargeOwed(entries, schedule, r, dueOn);
          if (cents > 0)
            entries.push({ kind: 'late-charge', id: id(), day: addDays(dueOn, r.graceDays + 1), amountCents: cents, dueOn });
        },
      });
  events.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : a.order - b.order));
  for (const e of events) e.run();
  return { entries, onTime };
}

describe('late charges (fast-check)', () => {
  it('an installment paid in full by its grace day is never charged late, whatever fees, charges or arrears are unpaid', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_000_000, max: 500_000_000 }),
        rule,
        fc.array(month, { minLength: 1, maxLength: 11 }),
        (closing, r, months) => {
          const { entries, onTime } = live(closing, r, months);
          const charged = entries.filter((e) => e.kind === 'late-charge').map((e) => e.dueOn);
          for (const dueOn of onTime) expect(charged).not.toContain(dueOn);
          // At most one charge per installment.
          expect(new Set(charged).size).toBe(charged.length);
        },
      ),
    );
  });

  it('no late charge exceeds the note maximum or the statutory ceiling, and none is a percent of the balloon', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_000_000, max: 500_000_000 }),
        rule,
        fc.array(month, { minLength: 1, maxLength: 11 }),
        (closing, r, months) => {
          const { entries } = live(closing, r, months);
          for (const e of entries) {
            if (e.kind !== 'late-charge') continue;
            const bill = entries.find((b) => b.kind === 'interest-billed' && b.dueOn === e.dueOn)!.amountCents;
            expect(e.amountCents).toBeLessThanOrEqual(lateChargeCeilingCents(bill, r.ownerOccupied));
            if (r.maximumCents !== null) expect(e.amountCents).toBeLessThanOrEqual(r.maximumCents);
          }
          // The maturity's charge does not move with the principal outstanding (the balloon).
          const maturity = { dueOn: schedule.maturityOn, paidDay: addDays(schedule.maturityOn, r.graceDays + 1) };
          const bigger: Entry[] = [{ ...entries[0]!, amountCents: entries[0]!.amountCents * 2 } as Entry, ...entries.slice(1)];
          expect(installmentLateCharge(bigger, schedule, r, maturity)).toBe(
            installmentLateCharge(entries, schedule, r, maturity),
          );
        },
      ),
    );
  });

  it('a charge is the percent of the installment, raised to the minimum, lowered to the maximum and the ceiling', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50_000_000 }), rule, (installmentCents, r) => {
        const cents = lateChargeCents({ installmentCents, dueDay: '2026-03-01', paidDay: '2026-04-01', rule: r });
        if (installmentCents === 0 || r.percent === 0) {
          expect(cents).toBe(0);
          return;
        }
        let expected = Math.max(percentOfAmountCents(installmentCents, r.percent), r.minimumCents);
        if (r.maximumCents !== null) expected = Math.min(expected, r.maximumCents);
        expect(cents).toBe(Math.min(expected, lateChargeCeilingCents(installmentCents, r.ownerOccupied)));
        expect(
          lateChargeCents({ installmentCents, dueDay: '2026-03-01', paidDay: addDays('2026-03-01', r.graceDays), rule: r }),
        ).toBe(0);
      }),
    );
  });
});

describe('payoff (fast-check)', () => {
  it('a payoff received on any day of its window zeroes the loan, with the interest of the balance timeline', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_000_000, max: 500_000_000 }),
        fc.array(fc.record({ day: fc.integer({ min: 1, max: 29 }), cents: fc.integer({ min: 1, max: 50_000_000 }) }), {
          maxLength: 4,
        }),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 100 }),
        (closing, paydowns, ahead, early, shortCents) => {
          const entries: LedgerEntry[] = [{ kind: 'closing-disbursement', id: 'c', day: '2026-03-01', amountCents: closing }];
          entries.push(interestBill(entries, terms, { id: 'b', day: '2026-04-01', from: '2026-03-01', to: '2026-04-01' }));
          paydowns
            .sort((a, b) => a.day - b.day)
            .forEach((p, i) =>
              entries.push(
                payment(entries, terms, {
                  id: `p${i}`,
                  day: addDays('2026-04-01', p.day),
                  amountCents: p.cents,
                  overpayment: 'principal',
                }),
              ),
            );
          const goodThrough = addDays('2026-05-01', ahead);
          const quote = payoffQuote(entries, terms, { goodThrough, reconveyanceFeeCents: 15_000 });
          fc.pre(quote.totalCents > 0 && quote.principalCents > 0);
          const received = addDays(goodThrough, -Math.min(early, ahead));
          const owed = payoffQuote(entries, terms, { goodThrough: received, reconveyanceFeeCents: 15_000 });
          // Interest to the day the money arrives, summed over the balance timeline.
          expect(owed.accruedInterestCents).toBe(
            periodInterest(entries, terms, { from: '2026-04-01', to: addDays(received, 1) }),
          );
          expect(owed.totalCents).toBeLessThanOrEqual(quote.totalCents);
          let n = 0;
          const newId = () => `x${++n}`;
          // The quote's total received early: the surplus is refunded.
          const paid = payoffEntries(owed, { day: received, newId, receivedCents: quote.totalCents });
          expect(balances([...entries, ...paid], terms)).toEqual(balances([], terms));
          expect(paid.find((e) => e.kind === 'refund')?.amountCents ?? 0).toBe(quote.totalCents - owed.totalCents);
          // A little short, within the tolerance: waived, and the loan is still zero.
          const short = Math.min(shortCents, owed.interestDueCents + owed.accruedInterestCents);
          const waived = payoffEntries(owed, {
            day: received,
            newId,
            receivedCents: owed.totalCents - short,
            toleranceCents: 100,
          });
          expect(balances([...entries, ...waived], terms)).toEqual(balances([], terms));
          // Short by more than the tolerance: refused.
          if (owed.totalCents > 101)
            expect(() =>
              payoffEntries(owed, { day: received, newId, receivedCents: owed.totalCents - 101, toleranceCents: 100 }),
            ).toThrow(RangeError);
        },
      ),
    );
  });
});
