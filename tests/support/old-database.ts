/**
 * A migration tried on data written before it (issue "Integrity": migrations keep what they
 * convert): a new database on the test run's server, migrated up to (not including) migration
 * `upTo`, seeded by `seed` as the older code would have written it, then migrated to the newest;
 * `check` reads it afterwards. The database is dropped at the end.
 */
import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { createScratchDatabase } from './postgres-database';
import { testServerUrl } from './test-database';

/**
 * @param upTo the first migration not applied before `seed`, as its four digits ('0010').
 * @param seed writes the old rows (SQL statements through `client`).
 * @param check reads the migrated database.
 */
export async function migrateOldData(
  upTo: string,
  seed: (client: pg.Client) => Promise<void>,
  check: (client: pg.Client) => Promise<void>,
): Promise<void> {
  // The migrations before `upTo`, in a folder of their own.
  const folder = await mkdtemp(path.join(os.tmpdir(), 'ormsby-migrations-'));
  await mkdir(path.join(folder, 'meta'));
  const journal = JSON.parse(await readFile('drizzle/meta/_journal.json', 'utf8')) as { entries: { tag: string }[] };
  const before = journal.entries.filter((e) => e.tag < upTo);
  if (before.length !== Number(upTo))
    throw new Error(`expected ${Number(upTo)} migrations before ${upTo}, found ${before.length}`);
  await writeFile(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: before }));
  for (const file of await readdir('drizzle'))
    if (file.endsWith('.sql') && file < upTo) await copyFile(path.join('drizzle', file), path.join(folder, file));

  const scratch = await createScratchDatabase(testServerUrl(), `ormsby_migration_${randomUUID().slice(0, 4)}`);
  try {
    const database = drizzle(scratch.client);
    await migrate(database, { migrationsFolder: folder });
    await seed(scratch.client);
    await migrate(database, { migrationsFolder: 'drizzle' });
    await check(scratch.client);
  } finally {
    await scratch.drop();
  }
}
