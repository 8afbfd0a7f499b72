/**
 * Daily work per key (issue 24 "Servicing", "Scheduled work"; docs/decisions/0006-scheduled-work.md):
 * a job declared with `daily(name, { keys, handler })` runs `handler` once for each lender's day
 * (America/Los_Angeles, TIME_ZONE) and each key that day (a loan id, say), however many
 * processes run it, and catches up after downtime: a run handles every day since the last day
 * it finished, oldest first, up to the lender's day of the run, computed once when the run starts.
 *
 * Once: the handler gets a transaction that has already inserted the row (job, day, key) of
 * `job_run`, whose primary key a second run of the same (job, day, key) waits on and then finds
 * taken, so the work commits once, or not at all when the handler throws (the next run does it).
 * The handler writes everything it causes (rows, outbox e-mails) in that transaction.
 *
 * The queue that triggers the runs (pg-boss, on cron in the lender's zone) is `queue.server.ts`.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { lenderDay } from '~/lib/format';
import { addDays } from '~/lib/milestones';
import type { Database, Transaction } from '../db/client.server';
import { jobDay, jobRun } from '../db/schema';

/** One day's work for one key, given the transaction its `job_run` row is claimed in. */
export interface DailyWork {
  tx: Transaction;
  /** The lender's day 'YYYY-MM-DD' the work is for (not necessarily today, when catching up). */
  day: string;
  key: string;
  /** The lender's day of the run: `day`, or a later one when the run catches up missed days. */
  today: string;
}

export interface DailyJobOptions {
  /**
   * When the queue starts a run: a cron expression read in the lender's zone (default '5 0 * * *',
   * five past the lender's midnight, a time every day has across daylight-saving changes).
   */
  cron?: string;
  /** The keys that have work on `day` (e.g. the loans active that day); read outside the work's transaction. */
  keys(input: { db: Database; day: string }): Promise<string[]>;
  /** The work of one (day, key); throws to leave it undone for the next run. */
  handler(work: DailyWork): Promise<void>;
}

export interface DailyJob extends Required<Pick<DailyJobOptions, 'cron'>>, Omit<DailyJobOptions, 'cron'> {
  /** The job's name: letters, digits and hyphens (the queue's name too). */
  name: string;
}

/** What one run did: the days it finished, oldest first, and how many (day, key) works it committed. */
export interface DailyRunResult {
  today: string;
  days: string[];
  done: number;
}

const registry = new Map<string, DailyJob>();
const NAME = /^[a-z][a-z0-9-]{0,47}$/;

/**
 * Declares a daily job and registers it for the server's queue (`startJobs` runs every registered
 * job). Returns the job, which tests can give to their own runners.
 * @throws Error on a name that is not lower-case letters, digits and hyphens, or declared twice.
 */
export function daily(name: string, options: DailyJobOptions): DailyJob {
  const job = defineDaily(name, options);
  if (registry.has(name)) throw new Error(`The daily job '${name}' is declared twice.`);
  registry.set(name, job);
  return job;
}

/** A daily job that is not registered (tests). @throws Error on a name `daily` refuses. */
export function defineDaily(name: string, options: DailyJobOptions): DailyJob {
  if (!NAME.test(name)) throw new Error(`A daily job's name is lower-case letters, digits and hyphens: '${name}'.`);
  return { name, cron: options.cron ?? '5 0 * * *', keys: options.keys, handler: options.handler };
}

/** Every job declared with `daily`. */
export function registeredDailyJobs(): DailyJob[] {
  return [...registry.values()];
}

/**
 * Runs `job` on `db` for every lender's day from the day after the last finished one (today on the
 * job's first run) through the lender's day of `now`, oldest first. Each (day, key) is claimed
 * in its own transaction; a day is recorded finished once all its keys are done. When a key's
 * handler throws, the other keys of that day still run, the day stays unfinished and the run
 * stops there (later days wait, so a day is never done before an earlier one): the error is thrown
 * after, naming the job, day and key; the next run retries only what is undone.
 */
export async function runDaily(db: Database, job: DailyJob, now: Date = new Date()): Promise<DailyRunResult> {
  const today = lenderDay(now);
  const result: DailyRunResult = { today, days: [], done: 0 };
  for (let day = await firstDay(db, job.name, today); day <= today; day = addDays(day, 1)) {
    await db.insert(jobDay).values({ job: job.name, day }).onConflictDoNothing();
    const failures: { key: string; error: unknown }[] = [];
    for (const key of await job.keys({ db, day })) {
      try {
        if (await runOnce(db, job, day, key, today)) result.done += 1;
      } catch (error) {
        failures.push({ key, error });
      }
    }
    const [failure] = failures;
    if (failure) {
      const { key, error } = failure;
      throw new Error(
        `The daily job '${job.name}' failed on ${day} for ${failures.length} key(s), first '${key}': ${(error as Error)?.message ?? error}`,
        { cause: error },
      );
    }
    await db
      .update(jobDay)
      .set({ finishedAt: sql`now()` })
      .where(and(eq(jobDay.job, job.name), eq(jobDay.day, day), isNull(jobDay.finishedAt)));
    result.days.push(day);
  }
  return result;
}

/**
 * Where a run of `job` starts: the day it began and did not finish (a key failed, or a process
 * stopped mid-day), else the day after the latest finished day, else `today` (its first run).
 */
async function firstDay(db: Database, job: string, today: string): Promise<string> {
  const [row] = await db
    .select({
      unfinished: sql<string | null>`(min(${jobDay.day}) filter (where ${jobDay.finishedAt} is null))::text`,
      finished: sql<string | null>`max(${jobDay.day})::text`,
    })
    .from(jobDay)
    .where(eq(jobDay.job, job));
  if (row?.unfinished) return row.unfinished;
  return row?.finished ? addDays(row.finished, 1) : today;
}

/**
 * Claims (job, day, key) and does its work in one transaction, for a run on the lender's day
 * `today` (default `day`); false when it was done already.
 * The one path a key's work takes, from `runDaily` and from a caller running one day by hand
 * (the statement run of the benchmark, jobs/servicing.server.ts `runStatementDay`).
 */
export async function runOnce(db: Database, job: DailyJob, day: string, key: string, today = day): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(jobRun)
      .values({ job: job.name, day, key })
      .onConflictDoNothing()
      .returning({ day: jobRun.day });
    if (!claimed.length) return false;
    await job.handler({ tx, day, key, today });
    return true;
  });
}
