/**
 * The job queue survives losing its database between a run's work and the run's completion
 * (CI of issue 24 and 25: tests/e2e/outage.spec.ts cut the database just as a daily job finished,
 * and the server died of an unhandled rejection). pg-boss 10 records a run's end with
 * `complete()` (or `fail()`) without waiting for it (src/manager.js `watch`), so a connection
 * error there rejected a promise nobody handled; patches/pg-boss+10.4.2.patch hands it to the
 * queue's 'error' event, which queue.server.ts logs. The run stays active and is taken again once
 * it expires; `job_run` keeps its work to one commit per key.
 *
 * The runner's queue reaches PostgreSQL through a proxy (tests/support/database-proxy.ts) that
 * the job's own work cuts; the work itself commits on the direct pool.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { defineDaily } from '~/server/jobs/daily.server';
import { startJobs, type Jobs } from '~/server/jobs/queue.server';
import { logger } from '~/server/logger.server';
import { databaseProxy } from '../support/database-proxy';
import { throughPort } from '../support/postgres-database';
import { useTestDatabase } from '../support/test-database';

const database = useTestDatabase();
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeAll(() => {
  process.on('unhandledRejection', onUnhandled);
});
afterAll(() => {
  process.off('unhandledRejection', onUnhandled);
});

it('a run whose completion meets a cut connection is logged as a queue error; the process goes on', async () => {
  const handle = database.current();
  await handle.db.execute(sql`create table cut_effect (day date not null, key text not null)`);
  const proxy = await databaseProxy(handle.url);
  const errors = vi.spyOn(logger, 'error');
  let runner: Jobs | undefined;
  try {
    const job = defineDaily('cut-before-complete', {
      cron: '5 0 1 1 *',
      keys: async () => ['only'],
      async handler({ tx, day, key }) {
        await tx.execute(sql`insert into cut_effect (day, key) values (${day}, ${key})`);
        // The queue's connections go now, while the work's transaction (direct) is still open.
        await proxy.set({ kind: 'cut' });
      },
    });
    runner = await startJobs({
      handle: { ...handle, url: throughPort(handle.url, proxy.port) },
      timeZone: 'America/Los_Angeles',
      jobs: [job],
      housekeeping: false,
      catchUpAtStart: false,
      pollingIntervalSeconds: 0.5,
    });
    await runner.trigger(job.name);
    // The work committed, on the direct pool…
    await expect
      .poll(async () => (await handle.db.execute(sql`select count(*)::int as n from cut_effect`)).rows[0]!.n, { timeout: 15_000 })
      .toBe(1);
    // …and the queue's record of its end failed, which is logged, not thrown at the process.
    const recordingFailed = () =>
      errors.mock.calls.some(
        ([fields, message]) =>
          message === 'job queue error' &&
          String((fields as { err?: { message?: string } }).err?.message).includes(`recording the end of ${job.name} jobs`),
      );
    await expect.poll(recordingFailed, { timeout: 15_000 }).toBe(true);
    expect(unhandled).toEqual([]);
  } finally {
    await proxy.set({ kind: 'pass' });
    await runner?.stop();
    await proxy.close();
    errors.mockRestore();
  }
  expect(unhandled).toEqual([]);
});
