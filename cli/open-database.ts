/**
 * Opens and migrates the configured database for a CLI command (DATABASE_URL, or PGlite in
 * DATA_DIR/pglite: stop the server first, PGlite admits one process per data directory).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { openDatabase, setDatabase } from '../app/server/db/client.server';
import { env } from '../app/server/env.server';

export async function openConfiguredDatabase() {
  const config = env();
  mkdirSync(path.resolve(config.DATA_DIR), { recursive: true });
  const handle = await openDatabase(
    config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: path.join(config.DATA_DIR, 'pglite') },
  );
  await handle.migrate();
  setDatabase(handle);
  return handle;
}
