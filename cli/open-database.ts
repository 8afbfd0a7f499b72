/**
 * Opens and migrates the configured database for a CLI command: DATABASE_URL, or the embedded
 * cluster of DATA_DIR (joined when the site is running, else started for the command).
 */
import { configuredDatabase, openDatabase, setDatabase } from '../app/server/db/client.server';
import { env } from '../app/server/env.server';

export async function openConfiguredDatabase() {
  const config = env();
  const handle = await openDatabase(configuredDatabase(config));
  await handle.migrate();
  setDatabase(handle);
  return handle;
}
