/**
 * `npm run db:restore -- <file> [--replace]`: restores a backup made by `npm run db:backup` into
 * the configured database (migrated first) and storage (app/server/backup.server.ts), and prints
 * what it restored. Refuses a database that already holds data unless `--replace` is given, which
 * deletes it first. Stop the site first: it would otherwise serve a half-restored state.
 */
import { parseArgs } from 'node:util';
import { BackupError } from '../app/server/backup.server';
import { restoreBackup } from '../app/server/backup-restore.server';
import { openConfiguredDatabase } from './open-database';

let file: string | undefined;
let replace = false;
try {
  const args = parseArgs({ options: { replace: { type: 'boolean', default: false } }, allowPositionals: true });
  if (args.positionals.length !== 1) throw new Error('Name one backup file.');
  [file] = args.positionals;
  replace = args.values.replace;
} catch (error) {
  console.error(
    `${(error as Error).message}\nUsage: npm run db:restore -- data/backups/ormsby-20260314T091500Z.tar.gz [--replace]`,
  );
  process.exit(2);
}

let handle: Awaited<ReturnType<typeof openConfiguredDatabase>> | undefined;
try {
  handle = await openConfiguredDatabase();
  if (handle.joined) throw new BackupError('The site is running on this DATA_DIR: stop it first, then restore.');
  const restored = await restoreBackup(file!, { replace });
  console.log(
    `Restored ${restored.tables} tables, ${restored.rows} rows and ${restored.files} files ` +
      `(${(restored.fileBytes / 1024 / 1024).toFixed(1)} MB) from ${file}.`,
  );
  if (restored.authSecret === 'restored') console.log('The site secret of the backup is in place (DATA_DIR/auth-secret).');
  if (restored.authSecret === 'differs')
    console.warn(
      'This site uses another AUTH_SECRET than the backup: sessions and two-step verification of the backup do not work until AUTH_SECRET is set to the one in the archive (secret/auth-secret).',
    );
} catch (error) {
  console.error(error instanceof BackupError ? `Restore failed: ${error.message}` : error);
  process.exitCode = 1;
} finally {
  await handle?.close();
}
