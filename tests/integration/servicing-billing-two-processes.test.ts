/**
 * Two processes bill at once (issue 24, "Must show: Two processes"; docs/decisions/0006-scheduled-work.md):
 * two separate Node processes (tests/support/servicing-jobs-process.ts), each with its own
 * database pool, run the servicing's daily jobs for the same lender's day on one PostgreSQL,
 * released together. Every loan is due that day (its December statement) and late that day
 * (November's installment, unpaid, with 29 grace days): each loan gets exactly one interest bill,
 * one statement (one stored PDF) and one late charge, and the borrower one e-mail of each. A month
 * later both processes call the billing functions directly, without the jobs' claim, for every
 * loan at once: still one of each.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '~/server/db/client.server';
import { ledgerEntry, loanStatement, outboxEmail, user } from '~/server/db/schema';
import type { LoanActor } from '~/server/domain/loans/loan.server';
import { billDueDay } from '~/server/domain/servicing/billing.server';
import { closing, fundedLoan, newPerson } from '../support/servicing';
import { useTestDatabase } from '../support/test-database';

const database = useTestDatabase();
const LOANS = 12;
/** Noon on 1 December 2026 in Los Angeles. */
const NOW = '2026-12-01T20:00:00Z';
let admin: LoanActor;
const loanIds: string[] = [];

beforeAll(async () => {
  admin = await newPerson('admin');
  for (let i = 0; i < LOANS; i++) {
    const { loan } = await fundedLoan(
      admin,
      closing({
        fundedOn: '2026-10-05',
        firstPaymentOn: '2026-11-01',
        maturityOn: '2027-04-01',
        graceDays: 29,
        interestMethod: 'actual/360',
        ratePercent: 10.5,
        noteAmountCents: 45_000_000 + i * 100,
      }),
    );
    loanIds.push(loan.id);
    // November's installment, billed on its day and never paid: late on 1 December.
    await db().transaction((tx) => billDueDay(tx, loan.id, '2026-11-01'));
  }
}, 120_000);

/** Starts a process at `now`; resolves once it is ready, with a function that says go and reads its one result line. */
async function startProcess(
  mode: 'queue' | 'direct',
  now = NOW,
): Promise<{ go: () => Promise<Record<string, number>>; child: ChildProcessWithoutNullStreams }> {
  const tsx = path.resolve('node_modules/.bin/tsx');
  const child = spawn(tsx, ['tests/support/servicing-jobs-process.ts', database.current().url, now, mode], {
    env: { ...process.env, LOG_LEVEL: 'silent' },
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += String(chunk)));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async () => {
    const { value, done } = await lines.next();
    if (done) throw new Error(`the process ended early: ${stderr}`);
    return value as string;
  };
  expect(await next()).toBe('ready');
  return {
    child,
    go: async () => {
      child.stdin.write('go\n');
      const result = JSON.parse(await next()) as Record<string, number>;
      await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)));
      expect(child.exitCode, stderr).toBe(0);
      return result;
    },
  };
}

async function counts() {
  const rows = await db()
    .select({ loanId: ledgerEntry.loanId, kind: ledgerEntry.kind, dueOn: ledgerEntry.dueOn, n: sql<number>`count(*)::int` })
    .from(ledgerEntry)
    .where(and(inArray(ledgerEntry.loanId, loanIds), inArray(ledgerEntry.kind, ['interest-billed', 'late-charge'])))
    .groupBy(ledgerEntry.loanId, ledgerEntry.kind, ledgerEntry.dueOn);
  const statements = await db()
    .select({ loanId: loanStatement.loanId, dueOn: loanStatement.dueOn, key: loanStatement.storageKey })
    .from(loanStatement)
    .where(inArray(loanStatement.loanId, loanIds));
  const mails = await db()
    .select({ template: outboxEmail.template, n: sql<number>`count(*)::int` })
    .from(outboxEmail)
    .innerJoin(user, eq(user.email, outboxEmail.to))
    .where(inArray(outboxEmail.template, ['loan-statement', 'loan-payment-late']))
    .groupBy(outboxEmail.template);
  return { rows, statements, mails };
}

/** Each loan has one bill and one statement for each of `billed`, one late charge for each of `late`, and as many e-mails. */
async function expectOneOfEach(billed: string[], late: string[]) {
  const { rows, statements, mails } = await counts();
  for (const id of loanIds) {
    const of = (kind: string) =>
      rows
        .filter((r) => r.loanId === id && r.kind === kind)
        .map((r) => `${r.dueOn} ×${r.n}`)
        .sort();
    expect(of('interest-billed')).toEqual(billed.map((d) => `${d} ×1`));
    expect(of('late-charge')).toEqual(late.map((d) => `${d} ×1`));
    expect(
      statements
        .filter((s) => s.loanId === id)
        .map((s) => s.dueOn)
        .sort(),
    ).toEqual(billed);
  }
  // One PDF per statement row: a process that lost the race removed its own file, never the winner's.
  const folder = (id: string) => path.join(process.env.DATA_DIR!, 'storage', 'statements', id);
  for (const id of loanIds) {
    const files = (await readdir(folder(id))).map((f) => `statements/${id}/${f}`).sort();
    expect(files).toEqual(
      statements
        .filter((s) => s.loanId === id)
        .map((s) => s.key)
        .sort(),
    );
  }
  expect(Object.fromEntries(mails.map((m) => [m.template, m.n]))).toEqual({
    'loan-statement': billed.length * LOANS,
    'loan-payment-late': late.length * LOANS,
  });
}

describe('two processes run the daily jobs for the same day', () => {
  it('give each loan one bill, one statement and one late charge, through the jobs and without them', async () => {
    const [a, b] = await Promise.all([startProcess('queue'), startProcess('queue')]);
    const [ranA, ranB] = await Promise.all([a.go(), b.go()]);
    for (const job of ['servicing-billing', 'servicing-late-charges', 'servicing-reminders'])
      expect((ranA[job] ?? 0) + (ranB[job] ?? 0), job).toBe(LOANS);
    await expectOneOfEach(['2026-11-01', '2026-12-01'], ['2026-11-01']);

    // A month later, bypassing the jobs' claim (the loan's lock and the unique indexes are all
    // that is left): January's bill and statement, December's late charge (its late day, 12-31,
    // has passed), once each, however the two processes split the loans.
    const JANUARY = '2027-01-01T20:00:00Z';
    const [c, d] = await Promise.all([startProcess('direct', JANUARY), startProcess('direct', JANUARY)]);
    const [ranC, ranD] = await Promise.all([c.go(), d.go()]);
    expect((ranC.statements ?? 0) + (ranD.statements ?? 0)).toBe(LOANS);
    expect((ranC.charges ?? 0) + (ranD.charges ?? 0)).toBe(LOANS);
    await expectOneOfEach(['2026-11-01', '2026-12-01', '2027-01-01'], ['2026-11-01', '2026-12-01']);
  }, 120_000);
});
