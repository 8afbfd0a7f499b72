/**
 * A new, empty database on the PostgreSQL server of `adminUrl` (TEST_DATABASE_URL) for an
 * end-to-end test whose servers migrate it themselves, and a client on it to check what the
 * servers wrote. `drop()` closes the client and drops the database, connections and all.
 */
import { randomBytes } from 'node:crypto';
import type { NetConnectOpts } from 'node:net';
import path from 'node:path';
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

/**
 * Where the server of a PostgreSQL URL listens, as options for `net.connect`: its Unix socket
 * when the URL names a socket folder (`?host=/folder`, as the embedded cluster's does), else its
 * TCP host and port. For a proxy in front of the test run's server.
 */
export function serverAddress(url: string): NetConnectOpts {
  const parsed = new URL(url);
  const port = Number(parsed.searchParams.get('port') ?? (parsed.port || 5432));
  const socketFolder = parsed.searchParams.get('host');
  if (socketFolder?.startsWith('/')) return { path: path.join(socketFolder, `.s.PGSQL.${port}`) };
  return { host: parsed.hostname, port };
}

/** `url` reached over TCP at 127.0.0.1:`port` instead (e.g. a proxy in front of its server). */
export function throughPort(url: string, port: number): string {
  const parsed = new URL(url);
  parsed.searchParams.delete('host');
  parsed.searchParams.delete('port');
  parsed.host = `127.0.0.1:${port}`;
  return parsed.toString();
}
