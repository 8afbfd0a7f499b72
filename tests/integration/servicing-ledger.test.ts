/**
 * The stored ledger (issue 24 "The ledger"): boarding writes the closing record and the
 * disbursement at closing; ledger rows and the closing record are never changed or deleted
 * (the database refuses it) but go with their loan; the running balances of the latest row
 * equal the sum of every entry.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, beforeAll } from 'vitest';
import { balances } from '~/lib/servicing/ledger';
import { db } from '~/server/db/client.server';
import { ledgerEntry, loan, loanServicing, user } from '~/server/db/schema';
import { currentBalances, readEntries, servicingOf } from '~/server/domain/servicing/ledger.server';
import type { LoanActor } from '~/server/domain/loans/loan.server';
import { closing, fundedLoan, newPerson } from '../support/servicing';
import { useTestDatabase } from '../support/test-database';

useTestDatabase();
let admin: LoanActor;
/** The database's refusal (drizzle wraps it; the cause is PostgreSQL's). */
const REFUSED = { cause: { message: expect.stringMatching(/never changed or deleted/) } };
beforeAll(async () => {
  admin = await newPerson('admin');
});

describe('boarding and the stored ledger', () => {
  it('boards a construction loan: the record, the stage and the disbursement of the note less the holdback', async () => {
    const record = closing({
      holdbackCents: 20_000_000,
      lines: [
        { description: 'Foundation', budgetCents: 5_000_000 },
        { description: 'Framing', budgetCents: 15_000_000 },
      ],
    });
    const { loan: l } = await fundedLoan(admin, record);
    expect(l.stage).toBe('funded');
    const s = (await servicingOf(l.id))!;
    expect(s).toMatchObject({
      noteAmountCents: 100_000_000,
      holdbackCents: 20_000_000,
      ratePercent: 12,
      interestMethod: '30/360',
    });
    const entries = await readEntries(l.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'closing-disbursement', day: '2026-01-15', amountCents: 80_000_000 });
    expect(await currentBalances(s)).toEqual(balances(entries, s));
    expect(await currentBalances(s)).toMatchObject({ principalCents: 80_000_000, holdbackCents: 20_000_000 });
  });

  it('refuses to change or delete a ledger row or the closing record, and lets them go with the loan', async () => {
    const { loan: l, borrower } = await fundedLoan(admin);
    await expect(db().update(ledgerEntry).set({ amountCents: 1 }).where(eq(ledgerEntry.loanId, l.id))).rejects.toMatchObject(
      REFUSED,
    );
    await expect(db().delete(ledgerEntry).where(eq(ledgerEntry.loanId, l.id))).rejects.toMatchObject(REFUSED);
    await expect(db().update(loanServicing).set({ ratePercent: 1 }).where(eq(loanServicing.loanId, l.id))).rejects.toMatchObject(
      REFUSED,
    );
    expect((await readEntries(l.id))[0]!.amountCents).toBe(100_000_000);
    await db().delete(user).where(eq(user.id, borrower.id));
    expect(await db().select().from(loan).where(eq(loan.id, l.id))).toEqual([]);
    const [{ n }] = (await db().execute(sql`select count(*)::int as n from ledger_entry where loan_id = ${l.id}`)).rows as [
      { n: number },
    ];
    expect(n).toBe(0);
  });

  it('refuses a second boarding of one loan', async () => {
    const { loan: l } = await fundedLoan(admin);
    const { boardLoan } = await import('~/server/domain/servicing/boarding.server');
    await expect(boardLoan(admin, l, closing())).rejects.toMatchObject({ kind: 'conflict' });
  });
});
