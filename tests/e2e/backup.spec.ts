/**
 * Backups of the embedded database and its stored files (issue "Security and scale"):
 * `npm run db:backup` copies the suite's running site (its embedded PostgreSQL, joined while the
 * site serves the other tests' requests), and `npm run db:restore` puts that copy into a new
 * DATA_DIR. A server started there has every row and file of the backup, and a borrower signs
 * in (the generated site secret came along) and downloads the document uploaded before.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import * as tar from 'tar';
import { startEmbeddedPostgres } from '../../app/server/db/embedded-postgres.server';
import { baseURL, createVerifiedUser, dataDir, PASSWORD, sessionCookie } from '../support/accounts';
import { newDataDir } from '../support/data-dir';
import { applyForLoan } from '../support/loans';
import { startServer } from '../support/server-process';

/** Runs `npm run -s <script> -- ...args` with DATA_DIR `dir`; resolves with its exit code and output. */
function npmRun(script: string, args: string[], dir: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '-s', script, '--', ...args], {
      env: { ...process.env, DATA_DIR: dir, AUTH_SECRET: '', DATABASE_URL: '', LOG_LEVEL: 'warn' },
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.once('close', (code) => resolve({ code, output }));
  });
}

/** A small PDF (known by its header) with random content, so its bytes are this test's own. */
function pdf(): Buffer {
  return Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from(randomBytes(2048).toString('hex')), Buffer.from('\n%%EOF')]);
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

test('a backup of the running site restores into a new DATA_DIR with every user, loan, document and file', async () => {
  test.setTimeout(240_000);
  // On the running site: a borrower with a submitted loan and a document.
  const borrower = await createVerifiedUser({ borrower: true }, 'backup');
  const loan = await applyForLoan(borrower.cookie);
  const statement = pdf();
  const upload = new FormData();
  upload.append('title', 'Bank statement');
  upload.append('file', new Blob([new Uint8Array(statement)], { type: 'application/pdf' }), 'statement.pdf');
  const uploaded = await fetch(`${baseURL}/dashboard/loans/documents`, {
    method: 'POST',
    headers: { Cookie: borrower.cookie, Origin: baseURL },
    body: upload,
  });
  expect(uploaded.status).toBe(201);
  const documentId = ((await uploaded.json()) as { documents: { id: string }[] }).documents[0]!.id;

  // The backup, while the site keeps serving the other tests.
  const backups = newDataDir('backups');
  const archive = path.join(backups, 'site.tar.gz');
  const backup = await npmRun('db:backup', ['--out', archive], dataDir);
  expect(backup.code, backup.output).toBe(0);
  expect(backup.output).toContain(`Backup written to ${archive}`);
  await tar.extract({ file: archive, cwd: backups, filter: (p) => p === 'manifest.json' });
  const manifest = JSON.parse(readFileSync(path.join(backups, 'manifest.json'), 'utf8')) as {
    authSecret: boolean;
    tables: { name: string; rows: number }[];
    files: { key: string; sha256: string }[];
  };
  expect(manifest.authSecret).toBe(true);
  const rowsOf = (table: string) => manifest.tables.find((t) => t.name === table)!.rows;
  for (const table of ['user', 'loan', 'document', 'deal']) expect(rowsOf(table), table).toBeGreaterThan(0);
  expect(manifest.files.map((f) => f.sha256)).toContain(sha256(statement));

  // Restored into a new DATA_DIR, then served from it.
  const restoredDir = newDataDir('restored');
  const restore = await npmRun('db:restore', [archive], restoredDir);
  expect(restore.code, restore.output).toBe(0);
  expect(restore.output).toContain('The site secret of the backup is in place');
  const site = await startServer({ DATA_DIR: restoredDir, SEED_DEMO: 'false', AUTH_SECRET: '' });
  try {
    // A restore into a running site is refused, and changes nothing.
    const again = await npmRun('db:restore', [archive, '--replace'], restoredDir);
    expect(again.code).toBe(1);
    expect(again.output).toContain('The site is running on this DATA_DIR: stop it first, then restore.');

    // Every table holds the backup's rows; every file is there, byte for byte.
    const cluster = await startEmbeddedPostgres(restoredDir);
    expect(cluster.owned).toBe(false);
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    try {
      for (const table of manifest.tables) {
        const { rows } = await client.query<{ n: string }>(`select count(*) as n from "${table.name}"`);
        expect(Number(rows[0]!.n), table.name).toBe(table.rows);
      }
    } finally {
      await client.end();
    }
    for (const file of manifest.files) {
      const stored = path.join(restoredDir, 'storage', file.key);
      expect(existsSync(stored), file.key).toBe(true);
      expect(sha256(readFileSync(stored)), file.key).toBe(file.sha256);
    }

    // The borrower signs in on the restored site and finds the loan and the document.
    const signedIn = await fetch(`${site.url}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Origin: site.url, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'signin', email: borrower.email, password: PASSWORD }),
    });
    const cookie = sessionCookie(signedIn);
    expect(cookie, await signedIn.text()).not.toBe('');
    const loanPage = await fetch(`${site.url}/dashboard/loans/${loan.reference}`, { headers: { Cookie: cookie } });
    expect(loanPage.status).toBe(200);
    expect(await loanPage.text()).toContain(loan.reference);
    const download = await fetch(`${site.url}/documents/${documentId}/download`, { headers: { Cookie: cookie } });
    expect(download.status).toBe(200);
    expect(sha256(Buffer.from(await download.arrayBuffer()))).toBe(sha256(statement));
  } finally {
    site.process.kill('SIGTERM');
    expect(await site.exited, site.output()).toBe(0);
  }
});
