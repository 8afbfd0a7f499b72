/**
 * Restore of a backup made by `writeBackup` (backup.server.ts; `npm run db:restore`,
 * cli/db-restore.ts): the archive is unpacked and checked (manifest, files' sizes and SHA-256,
 * migrations, tables and columns) before anything is written, then every table is loaded in one
 * transaction with the stored files and the generated secret.
 */
import { createReadStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import * as tar from 'tar';
import {
  appliedMigrations,
  BackupError,
  BATCH_CHARS,
  BATCH_ROWS,
  contentTypeOf,
  DERIVED_TABLES,
  liveTables,
  manifestSchema,
  measure,
  pgCode,
  pgMessage,
  qualifiedTable,
  type BackupManifest,
  type TableEntry,
} from './backup.server';
import { db, type Transaction } from './db/client.server';
import { authSecretWasGenerated, dataPath, env } from './env.server';
import { storage } from './storage.server';

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
      const { rows } = await tx.execute(sql`select 1 from ${qualifiedTable(name)} limit 1`);
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
        clear.map((t) => qualifiedTable(t.name)),
        sql`, `,
      )}`,
    );
}

/**
 * Inserts the rows of `file` (NDJSON) into `table.name`, at most `BATCH_ROWS` per statement.
 * Returns the row count. @throws BackupError when PostgreSQL refuses a row or the count differs.
 */
async function loadTable(tx: Transaction, table: TableEntry, file: string): Promise<number> {
  const target = qualifiedTable(table.name);
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
      sql`select setval(${sequence}::regclass, max(${value})) from ${qualifiedTable(table)} having max(${value}) is not null`,
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
