/**
 * The database connection (docs/architecture.md): a PostgreSQL server when `DATABASE_URL` is
 * set, else the embedded PostgreSQL cluster in `DATA_DIR/postgres` (embedded-postgres.server.ts).
 * The tests use PostgreSQL too (a database per test file on TEST_DATABASE_URL's server, or on an
 * embedded cluster the test run starts): one engine, one drizzle schema, one migration set.
 * The process holds a single handle, opened by `openDatabase` at start-up and closed on shutdown.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import { startEmbeddedPostgres } from './embedded-postgres.server';

/** The drizzle database type used everywhere. */
export type Database = NodePgDatabase<typeof schema>;
/** A transaction of `Database` (what `db().transaction` hands its callback). */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** What reads and writes take: the database itself, or a transaction they join. */
export type Reader = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  /** The connection string of this database (the job queue opens its own pool on it). */
  url: string;
  /** True when this is the embedded cluster and another process (a running site) started it. */
  joined?: boolean;
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
  /** Applies the committed migrations in `drizzle/` (idempotent, serialised across processes). */
  migrate(): Promise<void>;
  /**
   * Calls `onNotify` for every `NOTIFY channel` any process sends (PostgreSQL delivers one sent
   * inside a transaction when it commits, and never one from a transaction rolled back), and once
   * more after a lost connection is back, since notices sent meanwhile are gone. Resolves, once
   * listening, to the function that stops it.
   */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * The connections each process's pool may open. A signed-in page sends all its reads at once
 * after the viewer's (issue 26, decision 0010): the borrower's loan page and the staff's loan
 * review send up to twenty, and with fewer connections the rest would wait for the first to
 * finish, a second database wait. Every process opens its own pool (WEB_CONCURRENCY), and the
 * server's max_connections must hold them all (the embedded cluster's is raised to fit).
 */
export const DATABASE_POOL_SIZE = 20;

export type DatabaseOptions = (
  | { url: string }
  /** The embedded cluster of this DATA_DIR, started (or joined) first. */
  | { embedded: string }
) & {
  poolSize?: number;
  /** The embedded cluster's max_connections when this process starts it (default 100). */
  maxConnections?: number;
};

const migrationsFolder = path.resolve(process.env.MIGRATIONS_DIR ?? 'drizzle');
const MIGRATION_LOCK = 727_001;

/**
 * Opens the database described by `options`.
 * @throws EmbeddedPostgresError when the embedded cluster cannot be started.
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if ('embedded' in options) {
    const cluster = await startEmbeddedPostgres(options.embedded, { maxConnections: options.maxConnections });
    const handle = await openDatabase({ url: cluster.url, poolSize: options.poolSize });
    return {
      ...handle,
      joined: !cluster.owned,
      async close() {
        await handle.close();
        await cluster.stop();
      },
    };
  }
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? DATABASE_POOL_SIZE,
    connectionTimeoutMillis: 5_000,
  });
  // A client that loses its connection must not crash the process: an idle one reports on the
  // pool; a checked-out one between two queries (inside a transaction) emits 'error' on itself,
  // with no listener of pg-pool's while it is out. Its next query fails (a 503) and the pool
  // discards it on release (tests/integration/database-connection-loss.test.ts).
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db: Database = drizzlePg(pool, { schema });
  return {
    db,
    url: options.url,
    async ping() {
      await pool.query('select 1');
    },
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
        client.release();
      }
    },
    listen: (channel, onNotify) => listenOnServer(options.url, channel, onNotify),
    async close() {
      await pool.end();
    },
  };
}

const RECONNECT_MS = 1_000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries), connected
 * again a second after it is lost; see `DatabaseHandle.listen`.
 */
async function listenOnServer(url: string, channel: string, onNotify: () => void): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (first: boolean): Promise<void> => {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    client = next;
    const lost = () => {
      if (client !== next || stopped) return;
      client = undefined;
      next.end().catch(() => {});
      retry = setTimeout(() => connect(false).then(onNotify, () => {}), RECONNECT_MS);
    };
    next.on('error', lost);
    next.on('end', lost);
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify();
    });
    try {
      await next.connect();
      await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      // The first attempt tells the caller; a reconnection tries again.
      if (first) stopped = true;
      lost();
      if (first) await next.end().catch(() => {});
      throw error;
    }
  };
  await connect(true);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}

/** The database the configuration names: `DATABASE_URL`, else the embedded cluster of `DATA_DIR`. */
export function configuredDatabase(config: { DATABASE_URL?: string; DATA_DIR: string }): DatabaseOptions {
  return config.DATABASE_URL ? { url: config.DATABASE_URL } : { embedded: path.resolve(config.DATA_DIR) };
}

const holder = globalThis as { __ormsbyDb?: DatabaseHandle };

/** Makes `handle` the process-wide database (start-up, CLI commands and tests call it). */
export function setDatabase(handle: DatabaseHandle | undefined): void {
  holder.__ormsbyDb = handle;
}

/** The process-wide database handle. @throws Error when none was opened. */
export function databaseHandle(): DatabaseHandle {
  const current = holder.__ormsbyDb;
  if (!current) throw new Error('The database is not open (call setDatabase at start-up).');
  return current;
}

/** The process-wide drizzle database. @throws Error when none was opened. */
export function db(): Database {
  return databaseHandle().db;
}

/** Runs `fn` in one transaction on the process-wide database. */
export function transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
  return db().transaction(fn);
}

export { schema, sql };
