/**
 * The one sweep of stored files without a row (the hourly housekeeping, jobs/housekeeping.server.ts):
 * a file is written before its row, so a request or job cut off between the two leaves a file no
 * row names. Each kind of file (uploaded documents, statement PDFs) states where it lives, the shape
 * of its keys and how to ask which keys its rows name; the sweep does the rest the same way for all.
 */
import { holdOffBackups } from './backup.server';
import { db, type Transaction } from './db/client.server';
import { storage } from './storage.server';

const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 500;

/**
 * Removes the files under `prefix` whose key matches `keyPattern`, last modified more than
 * `olderThanMs` (a day by default) before `now`, that `named(tx, keys)` does not return (the keys
 * some row names). Batches of 500, each in a transaction that waits while a backup copies
 * (`holdOffBackups`), so a backup never sees a row without its file. Deleting an orphan twice is
 * harmless, so two sweeps may overlap. Returns how many files were removed.
 */
export async function sweepOrphanFiles({
  prefix,
  keyPattern,
  named,
  olderThanMs = DAY_MS,
  now = new Date(),
}: {
  prefix: string;
  keyPattern: RegExp;
  named: (tx: Transaction, keys: string[]) => Promise<Set<string>>;
  olderThanMs?: number;
  now?: Date;
}): Promise<number> {
  const cutoff = now.getTime() - olderThanMs;
  let removed = 0;
  let batch: string[] = [];
  const flush = async () => {
    if (!batch.length) return;
    const keys = batch;
    batch = [];
    removed += await db().transaction(async (tx) => {
      await holdOffBackups(tx);
      const known = await named(tx, keys);
      const orphans = keys.filter((key) => !known.has(key));
      for (const key of orphans) await storage().delete(key);
      return orphans.length;
    });
  };
  for await (const object of storage().list(prefix)) {
    if (object.lastModified.getTime() > cutoff || !keyPattern.test(object.key)) continue;
    batch.push(object.key);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  return removed;
}
