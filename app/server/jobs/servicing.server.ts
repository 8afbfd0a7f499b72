/**
 * The servicing's daily jobs (issue 24 "Scheduled work"; docs/decisions/0006-scheduled-work.md),
 * declared with `daily` and so run by the queue once per lender's day and funded loan, however
 * many processes run, catching up missed days oldest first:
 * - 'servicing-billing': the interest bill and the statement on a due day (`billDueDay`);
 * - 'servicing-late-charges': the late charge after the grace days (`chargeLateFees`);
 * - 'servicing-reminders': payment due in 5 days, maturity in 60, 30 and 15 days (`sendReminders`).
 * Their keys are the loans with a closing record, in the Funded stage, funded on or before the
 * day. Each (job, day, loan) commits once (`job_run`), and the unique indexes on bills, late
 * charges and statements (one per loan and due day) hold even if two runs overlapped.
 * queue.server.ts imports this module, so the server registers them.
 */
import { and, asc, eq, lte } from 'drizzle-orm';
import type { Database } from '../db/client.server';
import { db as currentDb } from '../db/client.server';
import { loan, loanServicing } from '../db/schema';
import { billDueDay, chargeLateFees, sendReminders } from '../domain/servicing/billing.server';
import { addDays } from '~/lib/servicing/day-count';
import { daily, runOnce, type DailyJobOptions } from './daily.server';

/** The funded loans on `day`: a closing record, stage Funded, funded on or before `day`; by id. */
export async function fundedLoanIds({ db, day }: { db: Database; day: string }): Promise<string[]> {
  const rows = await db
    .select({ id: loanServicing.loanId })
    .from(loanServicing)
    .innerJoin(loan, eq(loan.id, loanServicing.loanId))
    .where(and(eq(loan.stage, 'funded'), lte(loanServicing.fundedOn, day)))
    .orderBy(asc(loanServicing.loanId));
  return rows.map((r) => r.id);
}

/** The jobs' options (keys and handler), which tests may give to jobs of their own names (`defineDaily`). */
export const BILLING: DailyJobOptions = {
  keys: fundedLoanIds,
  handler: async ({ tx, day, key }) => void (await billDueDay(tx, key, day)),
};
export const LATE_CHARGES: DailyJobOptions = {
  keys: fundedLoanIds,
  handler: async ({ tx, day, key }) => void (await chargeLateFees(tx, key, day)),
};
export const REMINDERS: DailyJobOptions = {
  keys: fundedLoanIds,
  handler: async ({ tx, day, key, today }) => void (await sendReminders(tx, key, day, today)),
};

export const billingJob = daily('servicing-billing', BILLING);
export const lateChargesJob = daily('servicing-late-charges', LATE_CHARGES);
export const remindersJob = daily('servicing-reminders', REMINDERS);

/** What `runStatementDay` did. */
export interface StatementDayResult {
  day: string;
  /** Funded loans that day. */
  loans: number;
  /** (day, loan) works committed by this run (0 for those done already). */
  done: number;
}

/**
 * Runs the billing job for every funded loan for the lender's day `day` ('YYYY-MM-DD'), through
 * the path the queue's runs take (`runOnce`: claim (job, day, loan), then `billDueDay` in that
 * transaction), `concurrency` loans at a time (default 1; at most the pool's size is useful). On
 * a due day it bills and issues every statement with its PDF: the benchmark's monthly run. Does
 * not mark the day finished for the queue (a later queue run finds each loan done and skips it).
 * @throws the first error a loan's work threw, after the other loans ran.
 */
export async function runStatementDay(
  day: string,
  options: { concurrency?: number; db?: Database } = {},
): Promise<StatementDayResult> {
  const database = options.db ?? currentDb();
  const ids = await fundedLoanIds({ db: database, day });
  let next = 0;
  let done = 0;
  const errors: unknown[] = [];
  const worker = async () => {
    while (next < ids.length) {
      const key = ids[next++]!;
      try {
        if (await runOnce(database, billingJob, day, key)) done += 1;
      } catch (error) {
        errors.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 1) }, worker));
  if (errors.length) throw errors[0];
  return { day, loans: ids.length, done };
}

/**
 * Does for loan `loanId` what the daily jobs would have done had it been boarded on its funding
 * day (a loan boarded after it funded, say): for each lender's day from the day after funding to
 * `today`, the billing and the late-charge work, each claimed once per (job, day, loan) as the
 * queue claims it, oldest first; then today's reminders. Days already done are skipped, so
 * running it twice, or alongside the queue, changes nothing. Returns the works committed.
 * @throws what a day's work throws (the days before it stay done).
 */
export async function catchUpLoan(loanId: string, today: string, database: Database = currentDb()): Promise<number> {
  const [row] = await database
    .select({ fundedOn: loanServicing.fundedOn })
    .from(loanServicing)
    .where(eq(loanServicing.loanId, loanId));
  if (!row) return 0;
  let done = 0;
  for (let day = addDays(row.fundedOn, 1); day <= today; day = addDays(day, 1))
    for (const job of [billingJob, lateChargesJob]) if (await runOnce(database, job, day, loanId, today)) done += 1;
  if (await runOnce(database, remindersJob, today, loanId, today)) done += 1;
  return done;
}
