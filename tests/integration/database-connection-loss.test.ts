/**
 * A connection lost in the middle of a transaction (a network cut, a restarted PostgreSQL, a
 * terminated backend) fails that transaction and nothing else: the process keeps running and the
 * pool's next query gets a new connection. node-postgres emits 'error' on a checked-out client
 * that loses its connection between two queries, and pg-pool listens only while the client is
 * idle; without a listener of ours the process died of an unhandled 'error' event (CI, issue 24's
 * stop: tests/e2e/outage.spec.ts under load found it).
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { useTestDatabase } from '../support/test-database';

const database = useTestDatabase();
let admin: pg.Client;

beforeAll(async () => {
  admin = new pg.Client({ connectionString: database.current().url });
  await admin.connect();
});
afterAll(async () => {
  await admin.end();
});

/** Resolves once PostgreSQL no longer lists the backend `pid`. */
async function backendGone(pid: number): Promise<void> {
  await expect
    .poll(async () => (await admin.query('select count(*)::int as n from pg_stat_activity where pid = $1', [pid])).rows[0].n)
    .toBe(0);
}

it('a transaction whose connection is terminated between two queries fails; the process and the pool go on', async () => {
  const { db } = database.current();
  const outcome = await db
    .transaction(async (tx) => {
      const { rows } = await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
      const pid = rows[0]!.pid;
      await admin.query('select pg_terminate_backend($1)', [pid]);
      // The client is checked out and idle while its connection ends: the moment that crashed.
      await backendGone(pid);
      await new Promise((resolve) => setImmediate(resolve));
      await tx.execute(sql`select 1`);
      return 'committed';
    })
    .then(
      (value) => value,
      (error: Error) => `failed: ${error.message}`,
    );
  expect(outcome).toMatch(/^failed: /);
  const { rows } = await db.execute<{ ok: number }>(sql`select 1 as ok`);
  expect(rows[0]!.ok).toBe(1);
});
