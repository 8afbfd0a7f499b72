/**
 * A fresh, migrated database for one test file: a new database on the PostgreSQL server of
 * TEST_DATABASE_URL, dropped afterwards. When no server is configured, the test run starts an
 * embedded PostgreSQL cluster first and sets TEST_DATABASE_URL to it (tests/support/postgres-server.ts,
 * a global setup of vitest and of Playwright), so every run has real PostgreSQL and nothing is skipped.
 */
import { afterAll, beforeAll } from 'vitest';
import { openDatabase, setDatabase, type DatabaseHandle } from '~/server/db/client.server';
import { createScratchDatabase } from './postgres-database';

/**
 * The URL of the test run's PostgreSQL server (its `postgres` database, for CREATE DATABASE).
 * @throws Error when neither TEST_DATABASE_URL nor the global setup provided one.
 */
export function testServerUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set: the global setup (tests/support/postgres-server.ts) did not run');
  return url;
}

export async function createTestDatabase(): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  const scratch = await createScratchDatabase(testServerUrl(), 'ormsby_test');
  await scratch.client.end();
  const handle = await openDatabase({ url: scratch.url, poolSize: 5 });
  await handle.migrate();
  return {
    handle,
    async drop() {
      await handle.close();
      await scratch.drop();
    },
  };
}

/** Registers beforeAll/afterAll hooks giving this test file its own process database. */
export function useTestDatabase(): { current: () => DatabaseHandle } {
  let handle: DatabaseHandle | undefined;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ handle, drop } = await createTestDatabase());
    setDatabase(handle);
  });
  afterAll(async () => {
    setDatabase(undefined);
    await drop?.();
  });
  return {
    current() {
      if (!handle) throw new Error('test database not ready');
      return handle;
    },
  };
}
