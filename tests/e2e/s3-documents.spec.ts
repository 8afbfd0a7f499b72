/**
 * Documents on S3 (issue "Security and scale", real services in the test suite): a production
 * server of its own, started with S3_* pointing at the S3-protocol server (s3rver) this file
 * starts. In Chromium, a borrower uploads a document large enough for a multipart upload,
 * downloads it byte for byte and deletes it; the object is in the bucket (not on the server's
 * disk) while the document exists and gone from the S3 server after. Over HTTP, a file found too
 * large after its first part reached the bucket is refused with 413 and leaves no object.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { linkIn, sessionCookie, signUpFields, uniqueEmail, uniqueIp } from '../support/accounts';
import { readMails } from '../support/mail';
import { startS3Server, type RunningS3Server } from '../support/s3-server';
import { startServer, type RunningServer } from '../support/server-process';
import { newDataDir } from '../support/data-dir';

const MiB = 1024 * 1024;
/** DOCUMENT_MAX_MB of this file's server: small, so a refused file still spans a multipart part. */
const LIMIT_MB = 6;

// One S3 server and one site for the whole file: its tests run one after another in one worker.
test.describe.configure({ mode: 'default' });

let s3: RunningS3Server;
let server: RunningServer;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  s3 = await startS3Server();
  dataDir = newDataDir('s3-site');
  server = await startServer({
    ...s3.env,
    DATA_DIR: dataDir,
    DOCUMENT_MAX_MB: String(LIMIT_MB),
    SMTP_URL: '',
    TRUST_PROXY: '1',
    LOG_LEVEL: 'warn',
  });
});

test.afterAll(async () => {
  if (server) {
    server.process.kill('SIGTERM');
    await server.exited;
  }
  await s3?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const pdf = (extra: number) =>
  Buffer.concat([Buffer.from('%PDF-1.7\n%\xE2\xE3\xCF\xD3\n1 0 obj\n<<>>\nendobj\n', 'latin1'), randomBytes(extra)]);

/**
 * A borrower of this file's server, made as a visitor makes one: sign-up through /login, the
 * verification link from the e-mail in its DATA_DIR/mail. Returns the session cookie and the id.
 */
async function verifiedBorrower(): Promise<{ cookie: string; userId: string }> {
  const email = uniqueEmail('s3-docs');
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(signUpFields(email, { borrower: true })))
    for (const item of [value].flat()) body.append(name, item);
  const signedUp = await fetch(`${server.url}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: server.url, 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': uniqueIp() },
    body,
  });
  expect(signedUp.status, server.output()).toBe(200);
  let link = '';
  await expect
    .poll(
      async () => {
        const mail = (await readMails(dataDir)).find((m) => m.to === email && m.subject.includes('Confirm your e-mail address'));
        link = mail ? linkIn(mail.body, '/api/auth/verify-email') : '';
        return link;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  const verified = await fetch(link, { redirect: 'manual' });
  expect(verified.status).toBe(302);
  const cookie = sessionCookie(verified);
  expect(cookie).not.toBe('');
  const session = (await (await fetch(`${server.url}/api/auth/get-session`, { headers: { Cookie: cookie } })).json()) as {
    user: { id: string };
  };
  return { cookie, userId: session.user.id };
}

test('a borrower uploads a document to S3, downloads it byte for byte and deletes it: the object is gone from the S3 server', async ({
  page,
}) => {
  const { cookie, userId } = await verifiedBorrower();
  const [name, value] = cookie.split(/=(.*)/s) as [string, string];
  await page.context().addCookies([{ name, value, url: server.url }]);
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': uniqueIp() });
  const inBucket = () => s3.keys(`documents/${userId}/`);

  await page.goto(`${server.url}/dashboard/loans`);
  await expect(page.getByRole('heading', { name: 'Welcome, Test User' })).toBeVisible();
  await expect(page.getByText('No documents yet')).toBeVisible();
  expect(await inBucket()).toEqual([]);

  // Over one 5 MiB part: the server streams it to the bucket as a multipart upload.
  const bytes = pdf(5 * MiB + 512 * 1024);
  await page.getByLabel('Choose files').setInputFiles([{ name: 'Appraisal.pdf', mimeType: 'application/pdf', buffer: bytes }]);
  const list = page.getByRole('region', { name: 'My Documents' });
  await expect(list.getByText('Appraisal', { exact: true })).toBeVisible({ timeout: 30_000 });

  // The bytes are in the bucket, and nothing went to the server's disk.
  const keys = await inBucket();
  expect(keys).toHaveLength(1);
  expect((await s3.read(keys[0]!))?.equals(bytes)).toBe(true);
  expect(existsSync(path.join(dataDir, 'storage'))).toBe(false);

  // Download: the same bytes, under the original name, streamed from the bucket.
  const downloading = page.waitForEvent('download');
  await list.getByRole('link', { name: 'Download Appraisal' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Appraisal.pdf');
  expect((await readFile((await download.path())!)).equals(bytes)).toBe(true);

  // Delete, after the confirmation: the row and the object go together.
  await list.getByRole('button', { name: 'Delete Appraisal' }).click();
  await page.getByRole('alertdialog', { name: 'Delete this document?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Document deleted successfully')).toBeVisible();
  await expect(list.getByText('Appraisal', { exact: true })).toHaveCount(0);
  expect(await inBucket()).toEqual([]);
  expect(await s3.read(keys[0]!)).toBeNull();
  await page.reload();
  await expect(page.getByText('No documents yet')).toBeVisible();
  // The old download link now finds nothing.
  expect((await fetch(download.url(), { headers: { Cookie: cookie } })).status).toBe(404);
});

test('a file found too large after its first part reached the bucket is refused with 413, leaving no object and no document', async () => {
  const { cookie, userId } = await verifiedBorrower();
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(pdf((LIMIT_MB + 1) * MiB))]), 'Survey.pdf');
  const res = await fetch(`${server.url}/dashboard/loans/documents`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: server.url, Cookie: cookie, 'X-Forwarded-For': uniqueIp() },
    body,
  });
  const answer = (await res.json()) as { toast?: { description?: string }; documents?: unknown };
  expect(res.status, server.output()).toBe(413);
  expect(answer.toast?.description).toContain(`larger than ${LIMIT_MB} MB`);
  expect(answer.documents).toBeUndefined();
  expect(await s3.keys(`documents/${userId}/`)).toEqual([]);
  const page = await (await fetch(`${server.url}/dashboard/loans`, { headers: { Cookie: cookie } })).text();
  expect(page).toContain('No documents yet');
});
