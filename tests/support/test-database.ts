/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new
 * database on the PostgreSQL server of TEST_DATABASE_URL (dropped afterwards).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { openDatabase, setDatabase, type DatabaseHandle } from '~/server/db/client.server';

export async function createTestDatabase(): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const handle = await openDatabase({ memory: true });
    await handle.migrate();
    return { handle, drop: () => handle.close() };
  }
  const name = `ormsby_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), poolSize: 5 });
  await handle.migrate();
  return {
    handle,
    async drop() {
      await handle.close();
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
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
