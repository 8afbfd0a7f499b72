/**
 * Scheduled daily work on the job queue (issue 24 "Servicing": "Scheduled work" and the "Two
 * processes" must-show; docs/decisions/0006-scheduled-work.md). Two processes are two runners,
 * each with its own pg-boss and its own database pool, on one PostgreSQL database. Runs are
 * triggered through the runners' API with a chosen `now` (no waiting for cron minutes); the
 * handler's effect is a row in a table of this test, written in the work's transaction.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '~/server/db/client.server';
import { jobDay } from '~/server/db/schema';
import { defineDaily, type DailyJob, type DailyRunResult } from '~/server/jobs/daily.server';
import { startJobs, type Jobs } from '~/server/jobs/queue.server';
import { useTestDatabase } from '../support/test-database';

const database = useTestDatabase();
const ZONE = 'America/Los_Angeles';
// Never due while the tests run (1 January, 00:05): runs come from the tests alone.
const CRON = '5 0 1 1 *';

let other: DatabaseHandle;
const runners: Jobs[] = [];

/** A job whose work records (job, day, key, process) in `effect`; `gate` runs inside the work first. */
function recordingJob(name: string, keys: string[], gate?: (day: string, key: string) => Promise<void>): DailyJob {
  return defineDaily(name, {
    cron: CRON,
    keys: async () => keys,
    async handler({ tx, day, key }) {
      await gate?.(day, key);
      await tx.execute(sql`insert into effect (job, day, key) values (${name}, ${day}, ${key})`);
    },
  });
}

async function effects(job: string) {
  const { rows } = await database
    .current()
    .db.execute<{ day: string; key: string }>(sql`select day::text as day, key from effect where job = ${job} order by id`);
  return rows.map((r) => `${r.day} ${r.key}`);
}

/** Starts a runner ("process") of `job` on `handle`. */
async function startProcess(
  job: DailyJob,
  handle: DatabaseHandle,
  options: { catchUpAtStart?: boolean; housekeeping?: boolean } = {},
): Promise<Jobs> {
  const started = await startJobs({
    handle,
    timeZone: ZONE,
    jobs: [job],
    housekeeping: options.housekeeping ?? false,
    catchUpAtStart: options.catchUpAtStart ?? false,
    pollingIntervalSeconds: 0.5,
  });
  runners.push(started);
  return started;
}

/** Lender's noon of `day` ('YYYY-MM-DD'), well clear of midnight in either offset. */
const noon = (day: string) => new Date(`${day}T20:00:00Z`);
const keys = (n: number) => Array.from({ length: n }, (_, i) => `loan-${String(i + 1).padStart(2, '0')}`);

beforeAll(async () => {
  const handle = database.current();
  await handle.db.execute(
    sql`create table effect (id serial primary key, job text not null, day date not null, key text not null)`,
  );
  other = await openDatabase({ url: handle.url, poolSize: 3 });
});
afterAll(async () => {
  await Promise.all(runners.map((r) => r.stop()));
  await other?.close();
});

describe('a daily job on two processes', () => {
  it('does each key once when both run the same day at the same moment, directly or through the queue', async () => {
    // Process A, holding loan-01's claim in its open transaction, starts process B's run of the
    // same day and waits until B is seen blocked on that claim: the two runs overlap for certain.
    const handle = database.current();
    let runB: Promise<DailyRunResult> | undefined;
    let sawBWaiting = false;
    const startBAndWait = async (day: string, key: string) => {
      if (day !== '2026-11-20' || key !== 'loan-01' || runB) return;
      runB = b.runNow('statements', noon('2026-11-20'));
      for (let i = 0; i < 400 && !sawBWaiting; i++) {
        const { rows } = await handle.db.execute<{ n: number }>(
          sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        );
        sawBWaiting = (rows[0]?.n ?? 0) > 0;
        if (!sawBWaiting) await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };
    const a = await startProcess(recordingJob('statements', keys(20), startBAndWait), handle);
    const b = await startProcess(recordingJob('statements', keys(20)), other);

    const ranA = await a.runNow('statements', noon('2026-11-20'));
    const ranB = await runB!;
    expect(sawBWaiting).toBe(true);
    expect(ranA.done + ranB.done).toBe(20);
    expect(ranA.days).toEqual(['2026-11-20']);
    expect(await effects('statements')).toEqual(keys(20).map((k) => `2026-11-20 ${k}`));

    // The next day through the queue: both processes send a run; the work is done once.
    const sent = await Promise.all([a.trigger('statements', noon('2026-11-21')), b.trigger('statements', noon('2026-11-21'))]);
    expect(sent.some(Boolean)).toBe(true);
    await Promise.all([a.idle('statements'), b.idle('statements')]);
    const done = await effects('statements');
    expect(done.filter((e) => e.startsWith('2026-11-21'))).toEqual(keys(20).map((k) => `2026-11-21 ${k}`));
    expect(done).toHaveLength(40);

    // The schedule is kept once, in the lender's zone.
    const { rows } = await handle.db.execute<{ cron: string; timezone: string }>(
      sql`select cron, timezone from pgboss.schedule where name = 'statements'`,
    );
    expect(rows).toEqual([{ cron: CRON, timezone: ZONE }]);
  });

  it('catches up a process down for three days: each missed day once, oldest first, on both processes at once', async () => {
    const job = recordingJob('late-charges', ['loan-1', 'loan-2']);
    // Started together, as a deployment starts its replicas (each creates the job's queue).
    const [a, b] = await Promise.all([startProcess(job, database.current()), startProcess(job, other)]);
    expect((await a.runNow('late-charges', noon('2026-11-10'))).days).toEqual(['2026-11-10']);

    // Down on the 11th and 12th; both processes come back on the 13th.
    const [ranA, ranB] = await Promise.all([
      a.runNow('late-charges', noon('2026-11-13')),
      b.runNow('late-charges', noon('2026-11-13')),
    ]);
    expect(ranA.done + ranB.done).toBe(6);
    expect(await effects('late-charges')).toEqual([
      '2026-11-10 loan-1',
      '2026-11-10 loan-2',
      '2026-11-11 loan-1',
      '2026-11-11 loan-2',
      '2026-11-12 loan-1',
      '2026-11-12 loan-2',
      '2026-11-13 loan-1',
      '2026-11-13 loan-2',
    ]);
    expect(await a.runNow('late-charges', noon('2026-11-13'))).toEqual({ today: '2026-11-13', days: [], done: 0 });
  });
});

describe('the lender’s day', () => {
  it('changes at the lender’s midnight across the end of daylight saving time (1 November 2026)', async () => {
    const job = recordingJob('reminders', ['loan-1']);
    const a = await startProcess(job, database.current());
    const daysAt = async (iso: string) => (await a.runNow('reminders', new Date(iso))).days;
    expect(await daysAt('2026-10-31T07:30:00Z')).toEqual(['2026-10-31']); // 00:30 PDT
    expect(await daysAt('2026-11-01T06:59:59Z')).toEqual([]); // 23:59:59 PDT, still the 31st
    expect(await daysAt('2026-11-01T07:00:00Z')).toEqual(['2026-11-01']); // midnight PDT (UTC−7)
    expect(await daysAt('2026-11-02T07:30:00Z')).toEqual([]); // 23:30 PST: the 1st had 25 hours
    expect(await daysAt('2026-11-02T08:00:00Z')).toEqual(['2026-11-02']); // midnight PST (UTC−8)
    expect(await effects('reminders')).toEqual(['2026-10-31 loan-1', '2026-11-01 loan-1', '2026-11-02 loan-1']);
  });
});

describe('failures and start-up', () => {
  it('leaves a failed key for the next run, which does it before any later day', async () => {
    let failing = true;
    const job = defineDaily('failing', {
      cron: CRON,
      keys: async () => ['a', 'b'],
      async handler({ tx, day, key }) {
        await tx.execute(sql`insert into effect (job, day, key) values ('failing', ${day}, ${key})`);
        if (key === 'b' && failing) throw new Error('the statement could not be drawn');
      },
    });
    const a = await startProcess(job, database.current());
    await expect(a.runNow('failing', noon('2026-11-05'))).rejects.toThrow(
      "The daily job 'failing' failed on 2026-11-05 for 1 key(s), first 'b': the statement could not be drawn",
    );
    // b's effect was rolled back with its claim.
    expect(await effects('failing')).toEqual(['2026-11-05 a']);
    failing = false;
    expect((await a.runNow('failing', noon('2026-11-06'))).days).toEqual(['2026-11-05', '2026-11-06']);
    expect(await effects('failing')).toEqual(['2026-11-05 a', '2026-11-05 b', '2026-11-06 a', '2026-11-06 b']);
  });

  it('sends each daily job a catch-up run at start, for the lender’s day of now, and schedules the hourly housekeeping', async () => {
    const job = recordingJob('at-start', ['loan-1']);
    const a = await startProcess(job, database.current(), { catchUpAtStart: true, housekeeping: true });
    const { rows: schedules } = await database
      .current()
      .db.execute<{ cron: string; timezone: string }>(
        sql`select cron, timezone from pgboss.schedule where name = 'housekeeping'`,
      );
    expect(schedules).toEqual([{ cron: '0 * * * *', timezone: ZONE }]);
    await a.idle('at-start');
    const days = await database
      .current()
      .db.select({ day: jobDay.day })
      .from(jobDay)
      .where(sql`${jobDay.job} = 'at-start'`);
    expect(days).toHaveLength(1);
    expect(await effects('at-start')).toEqual([`${days[0]?.day} loan-1`]);
  });
});
