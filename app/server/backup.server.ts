/**
 * Backup of the whole site: every table of the `public` schema and every stored file a row
 * refers to (`npm run db:backup`, cli/db-backup.ts), and what its restore shares with it (the
 * manifest, the tables' and migrations' reads; `restoreBackup` is in backup-restore.server.ts,
 * `npm run db:restore`).
 *
 * A backup is one gzipped tar file:
 * - `manifest.json`: format, creation time, the applied migrations, each table's columns and row
 *   count, each file's key, size and SHA-256 (`BackupManifest`);
 * - `db/<table>.ndjson`: one row per line, written by PostgreSQL itself (`row_to_json`), so
 *   numerics, timestamps and arrays keep their exact text;
 * - `files/<key>`: the stored files.
 *
 * It is a logical backup in plain SQL through the drizzle handle, so it works the same on PGlite
 * and on PostgreSQL of any major version (the embedded PostgreSQL cluster ships no pg_dump). All
 * tables are read in one REPEATABLE READ transaction, so the copy is consistent while the site
 * runs. Files are removed only by code that holds `BACKUP_LOCK` shared (`holdOffBackups`); a
 * backup holds it exclusively while it copies, so it never holds a row whose file is gone.
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql, type SQL } from 'drizzle-orm';
import * as tar from 'tar';
import { z } from 'zod';
import { DOCUMENT_MIME, type DocumentExtension } from '~/lib/documents';
import { db, type Transaction, type Reader } from './db/client.server';
import {
  accreditationRecord,
  dataRoomDocument,
  deal,
  document,
  loanStatement,
  payoffQuote,
  profile,
  siteImage,
} from './db/schema';
import { authSecretWasGenerated, env } from './env.server';
import { logger } from './logger.server';
import { assertKey, storage } from './storage.server';

/** The advisory lock a backup holds while it copies (migrations hold 727_001, start-up 727_002). */
export const BACKUP_LOCK = 727_003;

const FORMAT = 1;
/** Rows per FETCH when reading, and at most per INSERT when restoring. */
export const BATCH_ROWS = 1000;
/** Characters of row JSON per INSERT when restoring, whatever the row count (wide rows). */
export const BATCH_CHARS = 8_000_000;

/**
 * Every column that holds a storage key (app/server/db/schema.ts): a backup carries the file of
 * each key these give. A new column holding keys must be added here.
 */
const STORED_FILE_KEYS: SQL[] = [
  sql`select ${document.storageKey} from ${document}`,
  sql`select ${profile.avatarKey} from ${profile}`,
  sql`select unnest(${deal.imageKeys}) from ${deal}`,
  sql`select ${deal.prospectusKey} from ${deal}`,
  sql`select ${dataRoomDocument.storageKey} from ${dataRoomDocument}`,
  sql`select ${accreditationRecord.letterKey} from ${accreditationRecord}`,
  sql`select ${payoffQuote.storageKey} from ${payoffQuote}`,
  sql`select ${loanStatement.storageKey} from ${loanStatement}`,
  sql`select 'site/' || ${siteImage.id} || '-' || w || '.' || f from ${siteImage}, unnest(${siteImage.widths}) w, unnest(array['avif', 'webp']) f`,
];

/**
 * Tables kept by triggers from other tables' rows (`list_count`, docs/decisions/0001): a freshly
 * migrated database already holds their rows, so they do not count as data a restore would
 * overwrite. A restore always replaces them with the backup's copy, which matches its rows.
 */
export const DERIVED_TABLES = new Set(['list_count']);

/** A backup or a restore refused for a stated reason (the message says what and why). */
export class BackupError extends Error {
  override name = 'BackupError';
}

const tableName = z.string().regex(/^[a-z_][a-z0-9_]*$/, 'must be a lower-case SQL name');
export const manifestSchema = z.object({
  /**
   * True when the archive holds `secret/auth-secret`: the session and encryption secret the site
   * generated in DATA_DIR (AUTH_SECRET unset). Two-step verification secrets are encrypted with it.
   */
  authSecret: z.boolean().default(false),
  format: z.literal(FORMAT),
  createdAt: z.iso.datetime(),
  /** `drizzle.__drizzle_migrations`; `createdAt` is the migration's journal time (ms). */
  migrations: z.array(z.object({ id: z.number().int(), hash: z.string(), createdAt: z.number().int() })),
  tables: z
    .array(z.object({ name: tableName, columns: z.array(z.string().min(1)).min(1), rows: z.number().int().min(0) }))
    .refine((tables) => new Set(tables.map((t) => t.name)).size === tables.length, 'a table appears twice'),
  files: z.array(
    z.object({
      key: z.string().refine(isStorageKey, 'is not a storage key'),
      bytes: z.number().int().min(0),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
    }),
  ),
});

/** What `manifest.json` holds. */
export type BackupManifest = z.infer<typeof manifestSchema>;
export type TableEntry = BackupManifest['tables'][number];
type FileEntry = BackupManifest['files'][number];

export interface BackupSummary {
  /** The archive's absolute path. */
  path: string;
  tables: number;
  rows: number;
  files: number;
  /** The archive's size in bytes. */
  bytes: number;
  /** ISO 8601. */
  createdAt: string;
}

/**
 * Keeps backups out until `tx` ends, after waiting for a running one to finish. Call it in a
 * transaction before removing a stored file that a committed row may refer to, so a backup never
 * holds a row whose file is gone. Removals share the lock and never wait for one another.
 */
export async function holdOffBackups(tx: Transaction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${BACKUP_LOCK})`);
}

/**
 * Removes the stored files `keys` that committed rows no longer refer to (an avatar or a deal
 * picture that was replaced), after waiting for a running backup, which may still hold the old
 * row. Logs, never throws: a file left behind costs only space.
 */
export async function removeReplacedFiles(keys: string[]): Promise<void> {
  if (!keys.length) return;
  await db()
    .transaction(async (tx) => {
      await holdOffBackups(tx);
      for (const key of keys) await storage().delete(key);
    })
    .catch((err) => logger.warn({ err, keys }, 'replaced files not removed'));
}

/**
 * Writes a backup of the process database (`db()`) and storage (`storage()`) to the file
 * `target` (mode 600; its folder is created mode 700 when missing). The archive is written as
 * `<target>.partial` and renamed when complete, so a failed backup leaves no file that looks
 * whole. `now` is the creation time recorded in the manifest. The tables and files are first
 * copied, uncompressed, into a private folder beside `target`, removed at the end: it needs
 * that much free space there.
 * @throws BackupError when a file a row refers to is missing from storage (named by its key), or
 *   a table's name is not a plain SQL name; any database or disk error as it is.
 */
export async function writeBackup(target: string, options: { now?: Date } = {}): Promise<BackupSummary> {
  const file = path.resolve(target);
  const createdAt = (options.now ?? new Date()).toISOString();
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const staging = await mkdtemp(path.join(path.dirname(file), '.ormsby-backup-'));
  const partial = `${file}.partial`;
  try {
    const snapshot = await whileBackupLockHeld(() =>
      db().transaction((tx) => copySnapshot(tx, staging), { isolationLevel: 'repeatable read', accessMode: 'read only' }),
    );
    const authSecret = authSecretWasGenerated();
    if (authSecret) {
      await mkdir(path.join(staging, 'secret'), { mode: 0o700 });
      await writeFile(path.join(staging, 'secret', 'auth-secret'), env().AUTH_SECRET, { mode: 0o600 });
    }
    const manifest: BackupManifest = { format: FORMAT, createdAt, authSecret, ...snapshot };
    await writeFile(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    await tar.create({ file: partial, mode: 0o600, gzip: true, portable: true, cwd: staging }, [
      'manifest.json',
      'db',
      'files',
      ...(authSecret ? ['secret'] : []),
    ]);
    await rename(partial, file);
    return {
      path: file,
      tables: manifest.tables.length,
      rows: manifest.tables.reduce((sum, t) => sum + t.rows, 0),
      files: manifest.files.length,
      bytes: (await stat(file)).size,
      createdAt,
    };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

// ----- Backup steps -----

/**
 * Runs `copy` while holding `BACKUP_LOCK` exclusively, on a connection of its own so that the
 * copy's snapshot is taken after every removal holding the lock has committed.
 */
async function whileBackupLockHeld<T>(copy: () => Promise<T>): Promise<T> {
  return db().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BACKUP_LOCK})`);
    return copy();
  });
}

/** Copies every table and every referenced file into `staging` (`db/`, `files/`) within `tx`. */
async function copySnapshot(tx: Transaction, staging: string) {
  await mkdir(path.join(staging, 'db'), { mode: 0o700 });
  await mkdir(path.join(staging, 'files'), { mode: 0o700 });
  const migrations = await appliedMigrations(tx);
  const tables: TableEntry[] = [];
  for (const live of (await liveTables(tx)).values()) {
    if (!tableName.safeParse(live.name).success)
      throw new BackupError(`Table ${JSON.stringify(live.name)} has a name a backup cannot hold.`);
    const rows = await dumpTable(tx, live.name, path.join(staging, 'db', `${live.name}.ndjson`));
    tables.push({ name: live.name, columns: live.columns.filter((c) => !c.generated).map((c) => c.name), rows });
  }
  const keys = sql`select k as line from (${sql.join(STORED_FILE_KEYS, sql` union `)}) as stored(k) where k is not null order by k`;
  const files: FileEntry[] = [];
  for await (const key of cursorLines(tx, keys)) files.push(await copyStoredFile(key, staging));
  return { migrations, tables, files };
}

/** Writes every row of `table` to `file` as NDJSON; returns the row count. */
async function dumpTable(tx: Transaction, table: string, file: string): Promise<number> {
  let rows = 0;
  async function* lines() {
    for await (const line of cursorLines(tx, sql`select row_to_json(t)::text as line from ${qualifiedTable(table)} t`)) {
      rows++;
      yield `${line}\n`;
    }
  }
  await pipeline(lines, createWriteStream(file, { mode: 0o600 }));
  return rows;
}

/** The `line` column of `query`'s rows, read through a cursor `BATCH_ROWS` at a time. */
async function* cursorLines(tx: Transaction, query: SQL): AsyncGenerator<string> {
  await tx.execute(sql`declare backup_cursor no scroll cursor for ${query}`);
  for (;;) {
    const { rows } = await tx.execute<{ line: string }>(sql`fetch ${sql.raw(String(BATCH_ROWS))} from backup_cursor`);
    for (const row of rows) yield row.line;
    if (rows.length < BATCH_ROWS) break;
  }
  await tx.execute(sql`close backup_cursor`);
}

/** Copies the stored file `key` to `staging/files/<key>`; returns its manifest entry. */
async function copyStoredFile(key: string, staging: string): Promise<FileEntry> {
  assertKey(key);
  const object = await storage().get(key);
  if (!object)
    throw new BackupError(`The stored file ${key} is missing, though the database refers to it; no backup was written.`);
  const file = path.join(staging, 'files', key);
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  return { key, ...(await measure(object.stream, createWriteStream(file, { mode: 0o600 }))) };
}

// ----- Shared -----

interface LiveTable {
  name: string;
  columns: { name: string; generated: boolean }[];
}

/** The tables of the `public` schema by name, with their columns in order (the live catalog). */
export async function liveTables(tx: Transaction): Promise<Map<string, LiveTable>> {
  const { rows } = await tx.execute<{ name: string; columns: LiveTable['columns'] }>(sql`
    select c.relname::text as name,
           json_agg(json_build_object('name', a.attname, 'generated', a.attgenerated <> '') order by a.attnum) as columns
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
     where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
     group by c.relname
     order by c.relname`);
  return new Map(rows.map((t) => [t.name, t]));
}

/** The migrations drizzle has applied, oldest first. */
export async function appliedMigrations(tx: Reader): Promise<BackupManifest['migrations']> {
  const { rows } = await tx.execute<{ id: number; hash: string; created_at: string }>(
    sql`select id, hash, created_at::text as created_at from drizzle.__drizzle_migrations order by id`,
  );
  return rows.map((r) => ({ id: Number(r.id), hash: r.hash, createdAt: Number(r.created_at) }));
}

/** `public.<name>`, quoted. */
export function qualifiedTable(name: string): SQL {
  return sql`${sql.identifier('public')}.${sql.identifier(name)}`;
}

/** Streams `source` into `sink` (or only reads it), counting its bytes and hashing them. */
export async function measure(source: Readable, sink?: Writable): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  async function* count(chunks: AsyncIterable<Buffer>) {
    for await (const chunk of chunks) {
      hash.update(chunk);
      bytes += chunk.length;
      yield chunk;
    }
  }
  if (sink) await pipeline(source, count, sink);
  else for await (const _chunk of count(source));
  return { bytes, sha256: hash.digest('hex') };
}

function isStorageKey(key: string): boolean {
  try {
    assertKey(key);
    return true;
  } catch {
    return false;
  }
}

/** The content type to store `key` with (S3 keeps it; the site sends its own on download). */
export function contentTypeOf(key: string): string {
  const extension = path.extname(key).slice(1);
  if (extension === 'webp') return 'image/webp';
  return DOCUMENT_MIME[extension as DocumentExtension] ?? 'application/octet-stream';
}

/** The PostgreSQL error code of `error` (drizzle wraps the driver's error in `cause`). */
export function pgCode(error: unknown): string | undefined {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.cause?.code ?? e.code;
}

/** The PostgreSQL message of `error`, without drizzle's statement and parameters. */
export function pgMessage(error: unknown): string {
  const e = error as { message?: string; cause?: { message?: string } };
  return e.cause?.message ?? e.message ?? String(error);
}
