/**
 * The database connection: embedded PGlite in `DATA_DIR/pglite` by default, or a
 * PostgreSQL server when `DATABASE_URL` is set (docs/architecture.md). One drizzle schema and one
 * migration set serve both. The process holds a single connection handle, opened by
 * `openDatabase` at start-up and closed on shutdown.
 */
import { mkdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

/** The drizzle database type used everywhere (the pg driver's API is the same). */
export type Database = PgliteDatabase<typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
  /** Applies the committed migrations in `drizzle/` (idempotent, serialised across processes). */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseOptions = { url: string; poolSize?: number } | { dataDir: string } | { memory: true };

const migrationsFolder = path.resolve(process.env.MIGRATIONS_DIR ?? 'drizzle');
const MIGRATION_LOCK = 727_001;

/**
 * Opens the database described by `options`.
 * For a PGlite data directory that does not exist yet, the directory is created, the cluster
 * initialised and closed once, then opened again: a cluster created and written in one
 * session was seen to lose its first writes after a crash (docs/stack-notes.md).
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if ('url' in options) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5_000,
    });
    // An idle client that loses its connection must not crash the process.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
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
      async close() {
        await pool.end();
      },
    };
  }

  let client: PGlite;
  if ('dataDir' in options) {
    const dir = path.resolve(options.dataDir);
    if (!existsSync(path.join(dir, 'PG_VERSION'))) {
      mkdirSync(dir, { recursive: true });
      const init = await PGlite.create(dir, { extensions: { pg_trgm } });
      await init.query('CHECKPOINT');
      await init.close();
    }
    client = await PGlite.create(dir, { extensions: { pg_trgm } });
  } else {
    client = await PGlite.create({ extensions: { pg_trgm } });
  }
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    async ping() {
      if (client.closed) throw new Error('database closed');
      await client.query('select 1');
    },
    async migrate() {
      await migratePglite(db, { migrationsFolder });
      await client.query('CHECKPOINT');
    },
    async close() {
      if (client.closed) return;
      await client.query('CHECKPOINT').catch(() => {});
      await client.close();
    },
  };
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
