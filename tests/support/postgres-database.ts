/**
 * A new, empty database on the PostgreSQL server of `adminUrl` (TEST_DATABASE_URL) for an
 * end-to-end test whose servers migrate it themselves, and a client on it to check what the
 * servers wrote. `drop()` closes the client and drops the database, connections and all.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  /** The database's own URL, for DATABASE_URL. */
  url: string;
  /** A client connected to it. */
  client: pg.Client;
  drop(): Promise<void>;
}

async function onServer(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** Creates database `{prefix}_{random}` on the server of `adminUrl`. */
export async function createScratchDatabase(adminUrl: string, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await onServer(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return {
    url: url.toString(),
    client,
    async drop() {
      await client.end().catch(() => {});
      await onServer(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
