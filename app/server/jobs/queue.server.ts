/**
 * The job queue (docs/decisions/0006-scheduled-work.md): pg-boss on the site's PostgreSQL, in its
 * own schema `pgboss`, with a small pool of its own. Each daily job (daily.server.ts) is a queue
 * with a cron schedule in the lender's zone; the hourly housekeeping is one more. pg-boss's cron
 * sends each scheduled run once across all processes, and any process's worker takes it; the
 * queues are 'stately' (at most one run waiting and one running), so runs never pile up.
 * At start each daily job gets one run, which catches up the days missed while no process ran.
 * A run retries (with backoff) when it throws; `job_run` keeps each (job, day, key) to one commit.
 */
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/client.server';
import { logger } from '../logger.server';
import { registeredDailyJobs, runDaily, type DailyJob, type DailyRunResult } from './daily.server';
import { runHousekeeping } from './housekeeping.server';
// Declares the servicing's daily jobs (billing, late charges, reminders) for every process that starts the queue.
import './servicing.server';
// Declares investor returns' daily job (loan updates: 30 days late, in default).
import './returns.server';

export const HOUSEKEEPING_QUEUE = 'housekeeping';
const QUEUE_SETUP_LOCK = 727_004;
const QUEUE_OPTIONS = {
  policy: 'stately',
  retryLimit: 5,
  retryDelay: 60,
  retryBackoff: true,
  // A long run (a month's statements) must not be taken for lost; job_run makes an overlap harmless.
  expireInSeconds: 4 * 60 * 60,
} satisfies Omit<PgBoss.Queue, 'name'>;

export interface JobsOptions {
  /** The database the work and the queue use (its `db` and its `url`). */
  handle: DatabaseHandle;
  /** The lender's zone the cron schedules are read in ('America/Los_Angeles', TIME_ZONE). */
  timeZone: string;
  /** The daily jobs (default: every job declared with `daily`). */
  jobs?: DailyJob[];
  /** Whether this runner schedules the hourly housekeeping (default true). */
  housekeeping?: boolean;
  /** Whether each daily job gets a catch-up run at start (default true; tests pick their days). */
  catchUpAtStart?: boolean;
  /** How often an idle worker looks for a run, in seconds (pg-boss's default 2; at least 0.5). */
  pollingIntervalSeconds?: number;
}

/** A started queue: the handle a process keeps until it stops. */
export interface Jobs {
  /** Sends a run of a daily job to the queue, for `now`'s lender's day; null when a run already waits. */
  trigger(name: string, now?: Date): Promise<string | null>;
  /** Runs a daily job in this process now, outside the queue (the same once-per-key guarantee). */
  runNow(name: string, now?: Date): Promise<DailyRunResult>;
  /** Resolves once no run of `name` waits or runs in the queue. */
  idle(name: string): Promise<void>;
  /** Stops taking runs, waits up to 20 s for the running ones, and closes the queue's pool. */
  stop(): Promise<void>;
}

/**
 * Starts pg-boss on `handle` (creating or migrating its schema `pgboss`), creates a queue and a
 * cron schedule per daily job and for the housekeeping, starts their workers and sends each daily
 * job one catch-up run. @throws what pg-boss throws when the database refuses it.
 */
export async function startJobs(options: JobsOptions): Promise<Jobs> {
  const jobs = new Map((options.jobs ?? registeredDailyJobs()).map((job) => [job.name, job]));
  const boss = new PgBoss({ connectionString: options.handle.url, schema: 'pgboss', max: 3, application_name: 'ormsby-jobs' });
  boss.on('error', (err) => logger.error({ err }, 'job queue error'));
  await boss.start();
  const work = { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, batchSize: 1 };
  const known = (name: string) => {
    const job = jobs.get(name);
    if (!job) throw new Error(`No daily job is named '${name}'.`);
    return job;
  };

  await underSetupLock(options.handle.url, async () => {
    for (const job of jobs.values()) {
      await boss.createQueue(job.name, { name: job.name, ...QUEUE_OPTIONS });
      await boss.schedule(job.name, job.cron, {}, { tz: options.timeZone });
    }
    if (options.housekeeping ?? true) {
      await boss.createQueue(HOUSEKEEPING_QUEUE, { name: HOUSEKEEPING_QUEUE, ...QUEUE_OPTIONS, retryLimit: 0 });
      await boss.schedule(HOUSEKEEPING_QUEUE, '0 * * * *', {}, { tz: options.timeZone });
    }
  });
  for (const job of jobs.values()) {
    await boss.work<{ now?: string }>(job.name, work, async ([run]) => {
      const now = run?.data?.now;
      try {
        const result = await runDaily(options.handle.db, job, now ? new Date(now) : new Date());
        if (result.days.length) logger.info({ job: job.name, ...result }, 'daily job ran');
      } catch (err) {
        // pg-boss records the failure on the job and retries it; say so where people look.
        logger.error({ err, job: job.name }, 'daily job failed; the queue retries it');
        throw err;
      }
    });
  }
  if (options.housekeeping ?? true) await boss.work(HOUSEKEEPING_QUEUE, work, runHousekeeping);
  if (options.catchUpAtStart ?? true) for (const job of jobs.values()) await boss.send(job.name, {});

  return {
    trigger: (name, now) => boss.send(known(name).name, now ? { now: now.toISOString() } : {}),
    runNow: (name, now) => runDaily(options.handle.db, known(name), now),
    async idle(name) {
      known(name);
      while ((await boss.getQueueSize(name, { before: 'completed' })) > 0) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    stop: () => boss.stop({ graceful: true, timeout: 20_000 }),
  };
}

/**
 * Runs `setup` while holding a PostgreSQL advisory lock on a connection of its own: pg-boss's
 * `createQueue` run by two processes starting together deadlocks (each creates the queue's
 * partition and row), so processes create their queues and schedules one after the other.
 */
async function underSetupLock(url: string, setup: () => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  // A connection lost while pg-boss sets up fails the setup's next query, not the process.
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [QUEUE_SETUP_LOCK]);
    await setup();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [QUEUE_SETUP_LOCK]).catch(() => {});
    await client.end().catch(() => {});
  }
}
