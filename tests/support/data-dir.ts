/**
 * A new, empty DATA_DIR for a server a test starts. mkdtemp makes it owner-only (mode 700);
 * when the tests run as root, the embedded PostgreSQL runs as the system user `postgres`, which
 * must pass through this folder to reach its cluster, so it gets search permission (711) too.
 * Nothing in it becomes readable: every file the site writes there is owner-only.
 */
import { chmodSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export function newDataDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `ormsby-${prefix}-`));
  chmodSync(dir, 0o711);
  return dir;
}
