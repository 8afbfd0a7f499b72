/**
 * `npm run db:backup -- [--out <file>]`: writes a backup of the configured database and storage
 * (app/server/backup.server.ts) to `<file>`, by default `DATA_DIR/backups/ormsby-<UTC time>.tar.gz`
 * (folder mode 700, file mode 600), and prints its path, what it holds and its size.
 * The site may keep running meanwhile: the copy is one consistent snapshot.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BackupError, writeBackup } from '../app/server/backup.server';
import { dataPath } from '../app/server/env.server';
import { openConfiguredDatabase } from './open-database';

let out: string | undefined;
try {
  ({ out } = parseArgs({ options: { out: { type: 'string' } } }).values);
} catch (error) {
  console.error(`${(error as Error).message}\nUsage: npm run db:backup -- [--out data/backups/site.tar.gz]`);
  process.exit(2);
}

const now = new Date();
const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\.\d+/, ''); // 20260314T091500Z
let handle: Awaited<ReturnType<typeof openConfiguredDatabase>> | undefined;
try {
  handle = await openConfiguredDatabase();
  const target = out ? path.resolve(out) : dataPath('backups', `ormsby-${stamp}.tar.gz`);
  const backup = await writeBackup(target, { now });
  console.log(
    `Backup written to ${backup.path}: ${backup.tables} tables, ${backup.rows} rows, ${backup.files} files, ` +
      `${(backup.bytes / 1024 / 1024).toFixed(1)} MB.`,
  );
} catch (error) {
  console.error(error instanceof BackupError ? `Backup failed: ${error.message}` : error);
  process.exitCode = 1;
} finally {
  await handle?.close();
}
