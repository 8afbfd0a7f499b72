/**
 * Backup and restore of the whole site: every table of the `public` schema and every stored
 * file a row refers to (`npm run db:backup`, `npm run db:restore`; cli/db-backup.ts,
 * cli/db-restore.ts).
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
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
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
import { authSecretWasGenerated, dataPath, env } from './env.server';
import { logger } from './logger.server';
import { assertKey, storage } from './storage.server';

/** The advisory lock a backup holds while it copies (migrations hold 727_001, start-up 727_002). */
export const BACKUP_LOCK = 727_003;

const FORMAT = 1;
/** Rows per FETCH when reading, and at most per INSERT when restoring. */
const BATCH_ROWS = 1000;
/** Characters of row JSON per INSERT when restoring, whatever the row count (wide rows). */
const BATCH_CHARS = 8_000_000;

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
const DERIVED_TABLES = new Set(['list_count']);

/** A backup or a restore refused for a stated reason (the message says what and why). */
export class BackupError extends Error {
  override name = 'BackupError';
}

const tableName = z.string().regex(/^[a-z_][a-z0-9_]*$/, 'must be a lower-case SQL name');
const manifestSchema = z.object({
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
type TableEntry = BackupManifest['tables'][number];
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

export interface RestoreSummary {
  /**
   * The backup's generated secret: 'restored' into DATA_DIR/auth-secret (this site generates
   * its own too), 'differs' (this site's AUTH_SECRET is another: sessions and two-step
   * verification of the backup do not work until it is set to the backup's), or 'none'.
   */
  authSecret: 'restored' | 'differs' | 'none';
  tables: number;
  rows: number;
  files: number;
  /** Bytes of stored files written. */
  fileBytes: number;
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

/**
 * Restores the backup at `source` into the process database and storage. The caller has
 * migrated the database to the current code's schema. Rows keep the backup's columns; columns
 * added by later migrations take their defaults.
 *
 * The archive is unpacked into a private folder in the OS temporary folder (`TMPDIR`), removed
 * at the end: it needs room for the uncompressed backup there. Everything is checked before
 * anything is written: the manifest, every file's size and SHA-256,
 * the migrations, the tables and columns (against the live catalog). Then, in one transaction:
 * with `replace`, the backed-up tables are emptied; the rows are inserted with
 * `session_replication_role = replica` (foreign keys and triggers off, so any order works; needs
 * a superuser, which PGlite and the embedded cluster are); identity and serial sequences are
 * moved past the restored maximum; the files are written to storage; and only then does it commit.
 * A failure rolls the database back; files already written stay in storage, unreferenced.
 * @throws BackupError when the archive is unreadable, its manifest missing or invalid, a file
 *   damaged, it holds migrations, tables or columns this database does not have, the database
 *   already holds rows in the backed-up tables (unless `replace`), or a table's rows are refused.
 */
export async function restoreBackup(source: string, options: { replace?: boolean } = {}): Promise<RestoreSummary> {
  const staging = await mkdtemp(path.join(os.tmpdir(), 'ormsby-restore-'));
  try {
    await unpack(source, staging);
    const manifest = await readManifest(staging);
    await checkArchive(staging, manifest);
    await checkMigrations(manifest.migrations);
    let authSecret: RestoreSummary['authSecret'] = 'none';
    const rows = await db().transaction(async (tx) => {
      const tables = await matchTables(tx, manifest.tables);
      await replicaMode(tx);
      await clearTables(tx, tables, options.replace ?? false);
      let rows = 0;
      for (const table of tables) rows += await loadTable(tx, table, path.join(staging, 'db', `${table.name}.ndjson`));
      await resetSequences(tx, tables);
      for (const file of manifest.files)
        await storage().putStream(file.key, createReadStream(path.join(staging, 'files', file.key)), contentTypeOf(file.key));
      authSecret = manifest.authSecret ? await restoreAuthSecret(path.join(staging, 'secret', 'auth-secret')) : 'none';
      return rows;
    });
    return {
      tables: manifest.tables.length,
      rows,
      files: manifest.files.length,
      fileBytes: manifest.files.reduce((sum, f) => sum + f.bytes, 0),
      authSecret,
    };
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
    for await (const line of cursorLines(tx, sql`select row_to_json(t)::text as line from ${qualified(table)} t`)) {
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

// ----- Restore steps -----

/** Extracts the archive `source` into `staging`: regular files and folders only. */
async function unpack(source: string, staging: string): Promise<void> {
  try {
    await tar.extract({
      file: source,
      cwd: staging,
      strict: true,
      filter: (_path, entry) => entry instanceof tar.ReadEntry && (entry.type === 'File' || entry.type === 'Directory'),
    });
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'there is no such file' : (error as Error).message;
    throw new BackupError(`${source} cannot be read as a backup: ${reason}.`);
  }
}

/** The archive's manifest. @throws BackupError when it is missing or invalid. */
async function readManifest(staging: string): Promise<BackupManifest> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(path.join(staging, 'manifest.json'), 'utf8'));
  } catch {
    throw new BackupError('The archive has no readable manifest.json: it is not a backup of this site.');
  }
  const result = manifestSchema.safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new BackupError(`The backup's manifest.json is invalid: ${issue.path.join('.') || 'manifest'} ${issue.message}.`);
  }
  return result.data;
}

/** @throws BackupError when a table's rows or a file listed in the manifest are missing or damaged. */
async function checkArchive(staging: string, manifest: BackupManifest): Promise<void> {
  for (const table of manifest.tables)
    await stat(path.join(staging, 'db', `${table.name}.ndjson`)).catch(() => {
      throw new BackupError(`The backup has no rows file for table ${table.name} (db/${table.name}.ndjson).`);
    });
  for (const file of manifest.files) {
    const found = await measure(createReadStream(path.join(staging, 'files', file.key))).catch(() => null);
    if (!found) throw new BackupError(`The backup lacks the file ${file.key}.`);
    if (found.bytes !== file.bytes || found.sha256 !== file.sha256)
      throw new BackupError(
        `The file ${file.key} in the backup is damaged: ${found.bytes} bytes with SHA-256 ${found.sha256}, ` +
          `the manifest says ${file.bytes} bytes with ${file.sha256}.`,
      );
  }
}

/** @throws BackupError when the backup holds migrations the database (migrated by this code) has not applied. */
async function checkMigrations(migrations: BackupManifest['migrations']): Promise<void> {
  const applied = new Set((await appliedMigrations(db())).map((m) => m.createdAt));
  const unknown = migrations.filter((m) => !applied.has(m.createdAt));
  if (unknown.length)
    throw new BackupError(
      `The backup was made by newer code: it holds ${unknown.length} migration(s) this code does not have ` +
        `(created ${unknown.map((m) => new Date(m.createdAt).toISOString()).join(', ')}). Update the site, then restore.`,
    );
}

/**
 * The backup's tables checked against the live catalog, each with the columns to insert (a column
 * the live table generates itself is left out).
 * @throws BackupError for a table or a column the database does not have.
 */
async function matchTables(tx: Transaction, tables: TableEntry[]): Promise<TableEntry[]> {
  const live = await liveTables(tx);
  return tables.map((table) => {
    const target = live.get(table.name);
    if (!target) throw new BackupError(`The backup holds table ${table.name}, which this database does not have.`);
    const generated = new Map(target.columns.map((c) => [c.name, c.generated]));
    const missing = table.columns.find((c) => !generated.has(c));
    if (missing !== undefined)
      throw new BackupError(`The backup holds column ${table.name}.${missing}, which this database does not have.`);
    return { ...table, columns: table.columns.filter((c) => !generated.get(c)) };
  });
}

/** Turns foreign keys and triggers off until the transaction ends. @throws BackupError without a superuser. */
async function replicaMode(tx: Transaction): Promise<void> {
  try {
    await tx.execute(sql`set local session_replication_role = replica`);
  } catch (error) {
    if (pgCode(error) !== '42501') throw error;
    throw new BackupError('Restoring needs a database superuser (to set session_replication_role); connect as one.');
  }
}

/**
 * Empties the backed-up tables when `replace`, else only the derived ones.
 * @throws BackupError when, without `replace`, any backed-up table holds rows.
 */
async function clearTables(tx: Transaction, tables: TableEntry[], replace: boolean): Promise<void> {
  if (!replace) {
    const holding: string[] = [];
    for (const { name } of tables) {
      if (DERIVED_TABLES.has(name)) continue;
      const { rows } = await tx.execute(sql`select 1 from ${qualified(name)} limit 1`);
      if (rows.length) holding.push(name);
    }
    if (holding.length)
      throw new BackupError(
        `The database already holds data (in ${holding.join(', ')}); nothing was restored. Restore with --replace (replace: true) to delete it first.`,
      );
  }
  const clear = tables.filter((t) => replace || DERIVED_TABLES.has(t.name));
  if (clear.length)
    await tx.execute(
      sql`truncate ${sql.join(
        clear.map((t) => qualified(t.name)),
        sql`, `,
      )}`,
    );
}

/**
 * Inserts the rows of `file` (NDJSON) into `table.name`, at most `BATCH_ROWS` per statement.
 * Returns the row count. @throws BackupError when PostgreSQL refuses a row or the count differs.
 */
async function loadTable(tx: Transaction, table: TableEntry, file: string): Promise<number> {
  const target = qualified(table.name);
  const columns = sql.join(
    table.columns.map((c) => sql.identifier(c)),
    sql`, `,
  );
  const insert = async (lines: string[]) => {
    try {
      await tx.execute(
        sql`insert into ${target} (${columns}) overriding system value
            select ${columns} from json_populate_recordset(null::${target}, ${`[${lines.join(',')}]`}::json)`,
      );
    } catch (error) {
      throw new BackupError(`The rows of table ${table.name} could not be restored: ${pgMessage(error)}.`);
    }
  };
  let rows = 0;
  let batch: string[] = [];
  let chars = 0;
  for await (const line of createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity })) {
    if (!line) continue;
    batch.push(line);
    chars += line.length;
    rows++;
    if (batch.length >= BATCH_ROWS || chars >= BATCH_CHARS) {
      await insert(batch);
      batch = [];
      chars = 0;
    }
  }
  if (batch.length) await insert(batch);
  if (rows !== table.rows)
    throw new BackupError(`The backup's table ${table.name} has ${rows} rows; its manifest says ${table.rows}.`);
  return rows;
}

/** Moves every sequence owned by a column of `tables` (serial, identity) to the column's maximum. */
async function resetSequences(tx: Transaction, tables: TableEntry[]): Promise<void> {
  const names = new Set(tables.map((t) => t.name));
  const { rows } = await tx.execute<{ table: string; column: string; sequence: string }>(sql`
    select * from (
      select c.relname::text as table, a.attname::text as column,
             pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname) as sequence
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       where n.nspname = 'public' and c.relkind in ('r', 'p')
    ) owned
    where sequence is not null`);
  for (const { table, column, sequence } of rows.filter((r) => names.has(r.table))) {
    const value = sql.identifier(column);
    await tx.execute(
      sql`select setval(${sequence}::regclass, max(${value})) from ${qualified(table)} having max(${value}) is not null`,
    );
  }
}

/**
 * Puts the backup's generated secret (file `source`) in place of this site's generated one, so
 * restored sessions and two-step verification secrets keep working; a configured AUTH_SECRET is
 * left alone ('differs' when it is another).
 */
async function restoreAuthSecret(source: string): Promise<RestoreSummary['authSecret']> {
  const secret = (await readFile(source, 'utf8').catch(() => '')).trim();
  if (!secret) throw new BackupError('The backup says it holds the site secret (secret/auth-secret), but it does not.');
  if (!authSecretWasGenerated()) return env().AUTH_SECRET === secret ? 'restored' : 'differs';
  await writeFile(dataPath('auth-secret'), secret, { mode: 0o600 });
  return 'restored';
}

// ----- Shared -----

interface LiveTable {
  name: string;
  columns: { name: string; generated: boolean }[];
}

/** The tables of the `public` schema by name, with their columns in order (the live catalog). */
async function liveTables(tx: Transaction): Promise<Map<string, LiveTable>> {
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
async function appliedMigrations(tx: Reader): Promise<BackupManifest['migrations']> {
  const { rows } = await tx.execute<{ id: number; hash: string; created_at: string }>(
    sql`select id, hash, created_at::text as created_at from drizzle.__drizzle_migrations order by id`,
  );
  return rows.map((r) => ({ id: Number(r.id), hash: r.hash, createdAt: Number(r.created_at) }));
}

/** `public.<name>`, quoted. */
function qualified(name: string): SQL {
  return sql`${sql.identifier('public')}.${sql.identifier(name)}`;
}

/** Streams `source` into `sink` (or only reads it), counting its bytes and hashing them. */
async function measure(source: Readable, sink?: Writable): Promise<{ bytes: number; sha256: string }> {
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
function contentTypeOf(key: string): string {
  const extension = path.extname(key).slice(1);
  if (extension === 'webp') return 'image/webp';
  return DOCUMENT_MIME[extension as DocumentExtension] ?? 'application/octet-stream';
}

/** The PostgreSQL error code of `error` (drizzle wraps the driver's error in `cause`). */
function pgCode(error: unknown): string | undefined {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.cause?.code ?? e.code;
}

/** The PostgreSQL message of `error`, without drizzle's statement and parameters. */
function pgMessage(error: unknown): string {
  const e = error as { message?: string; cause?: { message?: string } };
  return e.cause?.message ?? e.message ?? String(error);
}
