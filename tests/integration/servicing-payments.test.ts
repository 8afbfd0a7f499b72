/**
 * Staff's changes to a funded loan's money (issue 24 "Lender's staff"): a payment applied in
 * the documented order, its reversal restoring every balance, fees, adjustments with reasons,
 * and the refusals (a second reversal, a day before funding or in the future, a balance below
 * zero, a loan not funded); the Servicing view's figures, worked by hand:
 *
 * $1,000,000 at 12 % 30/360 on the disbursed balance, funded Jan 15, 2026, first payment Feb 1.
 * - Per diem: 100,000,000 × 12 ÷ 100 ÷ 360 = 33,333.33… → $333.33.
 * - Interest Jan 15 → Feb 1: 30/360 days = 16; 100,000,000 × 16 × 12 ÷ 36,000 = 533,333.33… → $5,333.33.
 * - A payment of $6,000.00 with a $250.00 fee due: fees 250.00, interest 5,333.33, principal 416.67.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { balances, interestBill } from '~/lib/servicing/ledger';
import { db } from '~/server/db/client.server';
import { auditEvent, outboxEmail } from '~/server/db/schema';
import type { LoanActor } from '~/server/domain/loans/loan.server';
import {
  appendEntries,
  currentBalances,
  lockServicing,
  loanTerms,
  readEntries,
  servicingOf,
} from '~/server/domain/servicing/ledger.server';
import { addAdjustment, addFee, recordPayment, reversePayment } from '~/server/domain/servicing/payments.server';
import { servicingSummary } from '~/server/domain/servicing/view.server';
import { isRefused } from '~/server/errors.server';
import { statementsOfLoan } from '~/server/domain/servicing/billing.server';
import { catchUpLoan } from '~/server/jobs/servicing.server';
import { closing, fundedLoan, newPerson } from '../support/servicing';
import { useTestDatabase } from '../support/test-database';

useTestDatabase();
let admin: LoanActor;
beforeAll(async () => {
  admin = await newPerson('admin');
});

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => 'done',
    (e: unknown) => (isRefused(e) ? e.kind : Promise.reject(e)),
  );

/** Bills the first period (Jan 15 → Feb 1) on Feb 1, as the billing job does. */
async function billFirstPeriod(loanId: string) {
  await db().transaction(async (tx) => {
    const s = await lockServicing(tx, loanId);
    const entries = await readEntries(loanId, tx);
    const bill = interestBill(entries, loanTerms(s), {
      id: crypto.randomUUID(),
      day: '2026-02-01',
      from: '2026-01-15',
      to: '2026-02-01',
    });
    await appendEntries(tx, s, [{ ...bill, dueOn: '2026-02-01' }], null);
  });
}

describe('payments, reversals, fees and adjustments', () => {
  it('apply a payment to fees, then interest, then principal, and send a receipt', async () => {
    const { loan: l, borrower } = await fundedLoan(admin);
    await billFirstPeriod(l.id);
    await addFee(admin, l, { day: '2026-02-02', amountCents: 25_000, description: 'Inspection fee' }, '2026-02-05');
    const paid = await recordPayment(
      admin,
      l,
      { day: '2026-02-03', amountCents: 600_000, method: 'wire', reference: 'W-1', overpayment: 'principal' },
      '2026-02-05',
    );
    // The fee is dated Feb 2, the payment Feb 3: the fee is due when the payment arrives.
    expect(paid.kind === 'payment' && paid.application).toEqual({
      feesCents: 25_000,
      interestCents: 533_333,
      principalCents: 41_667,
      suspenseCents: 0,
    });
    const s = (await servicingOf(l.id))!;
    expect(await currentBalances(s)).toEqual({
      principalCents: 100_000_000 - 41_667,
      holdbackCents: 0,
      interestDueCents: 0,
      feesDueCents: 0,
      suspenseCents: 0,
    });
    const mails = await db().select().from(outboxEmail).where(eq(outboxEmail.to, borrower.email));
    expect(mails.map((m) => m.template)).toContain('loan-payment-recorded');
    const receipt = mails.find((m) => m.template === 'loan-payment-recorded')!;
    expect(receipt.payload).toMatchObject({ amountCents: 600_000, interestCents: 533_333, principalAfterCents: 99_958_333 });
    const events = await db().select().from(auditEvent).where(eq(auditEvent.subjectId, l.id));
    expect(events.map((e) => e.action)).toEqual(
      expect.arrayContaining(['loan.boarded', 'loan.fee_added', 'loan.payment_recorded']),
    );
  });

  it('hold an overpayment in suspense when staff choose, and reverse a payment exactly, once', async () => {
    const { loan: l } = await fundedLoan(admin);
    await billFirstPeriod(l.id);
    const s = (await servicingOf(l.id))!;
    const before = await currentBalances(s);
    const paid = await recordPayment(
      admin,
      l,
      { day: '2026-02-01', amountCents: 1_000_000, method: 'check', overpayment: 'suspense' },
      '2026-02-05',
    );
    expect(paid.kind === 'payment' && paid.application).toEqual({
      feesCents: 0,
      interestCents: 533_333,
      principalCents: 0,
      suspenseCents: 466_667,
    });
    expect(await refusal(reversePayment(admin, l, paid.id, '  ', '2026-02-05'))).toBe('invalid');
    await reversePayment(admin, l, paid.id, 'Check returned unpaid', '2026-02-05');
    expect(await currentBalances(s)).toEqual(before);
    expect(await refusal(reversePayment(admin, l, paid.id, 'Again', '2026-02-05'))).toBe('conflict');
    expect(await refusal(reversePayment(admin, l, crypto.randomUUID(), 'Not a payment', '2026-02-05'))).toBe('not-found');
    // The stored running balances equal the sum of every entry.
    const entries = await readEntries(l.id);
    expect(entries.at(-1)!.after).toEqual(balances(entries, s));
  });

  it('refuse a day before funding or in the future, a balance below zero, and a loan not funded', async () => {
    const { loan: l } = await fundedLoan(admin);
    const pay = (day: string) =>
      recordPayment(admin, l, { day, amountCents: 100, method: 'ach', overpayment: 'principal' }, '2026-02-05');
    expect(await refusal(pay('2026-01-14'))).toBe('invalid');
    expect(await refusal(pay('2026-02-06'))).toBe('invalid');
    expect(
      await refusal(
        addAdjustment(admin, l, { day: '2026-02-01', bucket: 'fees', amountCents: -1, reason: 'Waive' }, '2026-02-05'),
      ),
    ).toBe('invalid');
    expect(
      await refusal(addAdjustment(admin, l, { day: '2026-02-01', bucket: 'fees', amountCents: 5, reason: '' }, '2026-02-05')),
    ).toBe('invalid');
    await addAdjustment(
      admin,
      l,
      { day: '2026-02-01', bucket: 'fees', amountCents: 500, reason: 'Wire fee passed on' },
      '2026-02-05',
    );
    await addAdjustment(admin, l, { day: '2026-02-02', bucket: 'fees', amountCents: -500, reason: 'Waived' }, '2026-02-05');
    expect((await readEntries(l.id)).map((e) => e.kind)).toEqual(['closing-disbursement', 'adjustment', 'adjustment']);
    const { moveStage } = await import('~/server/domain/loans/pipeline.server');
    expect(await refusal(moveStage(admin, l, 'paid_off', null))).toBe('conflict');
  });

  it('show the Servicing view: per diem, next payment, days past due', async () => {
    const { loan: l } = await fundedLoan(
      admin,
      closing({ holdbackCents: 20_000_000, lines: [{ description: 'Rehab', budgetCents: 20_000_000 }] }),
    );
    // Before the first bill: the next payment is the projected period's interest on $800,000.
    // 80,000,000 × 16 × 12 ÷ 36,000 = 426,666.67 → $4,266.67; per diem 80,000,000 × 12 ÷ 36,000 = 26,666.67 → $266.67.
    let view = (await servicingSummary(l, 'borrower', '2026-01-20'))!;
    expect(view).toMatchObject({
      principalCents: 80_000_000,
      holdbackRemainingCents: 20_000_000,
      holdbackDrawnCents: 0,
      perDiemCents: 26_667,
      nextPayment: { dueOn: '2026-02-01', amountCents: 426_667, periodInterestCents: 426_667 },
      daysPastDue: 0,
      bucket: 'current',
    });
    await billFirstPeriod(l.id);
    view = (await servicingSummary(l, 'borrower', '2026-02-13'))!;
    expect(view).toMatchObject({ interestDueCents: 426_667, pastDueSince: '2026-02-01', daysPastDue: 12, bucket: '1-29' });
    expect(view.history[0]).toMatchObject({ kind: 'interest-billed', amountCents: 426_667, actorName: null });
    expect(view.nextPayment).toMatchObject({ dueOn: '2026-03-01' });
  });

  it('bill a loan boarded after it funded as the daily jobs would have, once', async () => {
    // Boarded on Mar 5 for a funding on Jan 15: the Feb 1 bill ($5,333.33), its late charge on
    // Feb 12 (10 % of it: 53,333.3 → $533.33), the Mar 1 bill (30/360: 30 days, $10,000.00); the
    // Mar 1 installment is not late before Mar 12.
    const { loan: l } = await fundedLoan(admin);
    expect(await catchUpLoan(l.id, '2026-03-05')).toBeGreaterThan(0);
    const entries = await readEntries(l.id);
    expect(entries.filter((e) => e.kind !== 'closing-disbursement').map((e) => [e.kind, e.day, e.amountCents])).toEqual([
      ['interest-billed', '2026-02-01', 533_333],
      ['late-charge', '2026-02-12', 53_333],
      ['interest-billed', '2026-03-01', 1_000_000],
    ]);
    expect((await statementsOfLoan(l.id, l.reference!)).map((st) => st.dueOn)).toEqual(['2026-03-01', '2026-02-01']);
    expect(await catchUpLoan(l.id, '2026-03-05')).toBe(0);
    expect(await readEntries(l.id)).toHaveLength(entries.length);
  });
});
