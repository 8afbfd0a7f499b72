/**
 * The test run's PostgreSQL server, as a global setup of vitest and of Playwright: the server of
 * TEST_DATABASE_URL when it is set (CI sets it to the machine's PostgreSQL), else an embedded
 * PostgreSQL cluster (the site's own, app/server/db/embedded-postgres.server.ts) in a temporary
 * folder, started here and stopped at the end of the run. TEST_DATABASE_URL is then set for the
 * test processes, which are started after the global setup and inherit it; every suite that needs
 * PostgreSQL runs on every run, none is skipped.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../../app/server/db/embedded-postgres.server';

/** Starts the embedded cluster when no server is configured; returns the teardown. */
export default async function postgresServer(): Promise<() => Promise<void>> {
  if (process.env.TEST_DATABASE_URL) return async () => {};
  const folder = mkdtempSync(path.join(os.tmpdir(), 'ormsby-test-pg-'));
  const cluster = await startEmbeddedPostgres(folder);
  process.env.TEST_DATABASE_URL = cluster.url;
  return async () => {
    await cluster.stop();
    rmSync(folder, { recursive: true, force: true });
  };
}
