/**
 * The borrower portal's documents (issue "Borrower portal"): in Chromium, three files uploaded
 * at once with visible progress, rename with Enter, cancel with Escape, download compared byte
 * for byte, delete, and the notifications marked read; over HTTP, another borrower can do
 * nothing with them, an investor-only user is sent away, and bad files are refused leaving no
 * row and no stored file.
 */
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { baseURL, createVerifiedUser, dataDir, landing, postForm, uniqueIp } from '../support/accounts';

async function signedIn(page: Page, cookie: string) {
  const [name, value] = cookie.split(/=(.*)/s) as [string, string];
  await page.context().addCookies([{ name, value, url: baseURL }]);
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': uniqueIp() });
}

const pdf = (extra = 0) =>
  Buffer.concat([Buffer.from('%PDF-1.7\n%\xE2\xE3\xCF\xD3\n1 0 obj\n<<>>\nendobj\n', 'latin1'), randomBytes(extra)]);
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Uploads `files` as one multipart request with `cookie`; returns status and JSON. */
async function upload(cookie: string, files: { name: string; bytes: Uint8Array }[]) {
  const body = new FormData();
  for (const f of files) body.append('file', new Blob([new Uint8Array(f.bytes)]), f.name);
  const res = await fetch(`${baseURL}/dashboard/loans/documents`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: baseURL, Cookie: cookie, 'X-Forwarded-For': uniqueIp() },
    body,
  });
  const json = res.headers.get('content-type')?.includes('json')
    ? ((await res.json()) as { toast?: { description?: string }; documents?: { id: string }[] })
    : {};
  return { status: res.status, json };
}

/** The stored document files of the user signed in with `cookie` (DATA_DIR/storage/documents/{id}). */
async function storedFiles(cookie: string): Promise<string[]> {
  const session = (await (await fetch(`${baseURL}/api/auth/get-session`, { headers: { Cookie: cookie } })).json()) as {
    user: { id: string };
  };
  return (await readdir(path.join(dataDir, 'storage', 'documents', session.user.id)).catch(() => [] as string[])).sort();
}

test('a borrower uploads three files at once, renames, cancels a rename, downloads, deletes and reads notifications', async ({
  page,
}) => {
  const borrower = await createVerifiedUser({ borrower: true }, 'docs');
  await signedIn(page, borrower.cookie);
  await page.goto('/dashboard/loans');
  await expect(page.getByRole('heading', { name: 'Welcome, Test User' })).toBeVisible();
  await expect(page.getByText('No documents yet')).toBeVisible();

  // Slow the upload link so the progress of the 4 MB file can be seen.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 1_500_000,
  });
  const big = pdf(4 * 1024 * 1024);
  await page.getByLabel('Choose files').setInputFiles([
    { name: 'Purchase Contract.pdf', mimeType: 'application/pdf', buffer: big },
    { name: 'Site photo.png', mimeType: 'image/png', buffer: png },
    { name: 'Scope of work.txt', mimeType: 'text/plain', buffer: Buffer.from('Kitchen, two baths, roof.\n') },
  ]);
  const progress = page.getByRole('progressbar', { name: 'Uploading Purchase Contract.pdf' });
  await expect(progress).toBeVisible();
  await expect.poll(async () => Number(await progress.getAttribute('value')), { timeout: 20_000 }).toBeGreaterThan(0);
  // A finished upload's row leaves once the list shows the document (issue "Solid ground" 13).
  await expect(progress).toHaveCount(0, { timeout: 30_000 });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  const list = page.getByRole('region', { name: 'My Documents' });
  for (const title of ['Purchase Contract', 'Site photo', 'Scope of work'])
    await expect(list.getByText(title, { exact: true })).toBeVisible();
  await expect(list.getByRole('cell', { name: '4.0 MB' })).toBeVisible();

  // Rename with Enter.
  await list.getByRole('button', { name: 'Rename Site photo' }).click();
  const field = list.getByRole('textbox', { name: 'Title of Site photo.png' });
  await field.fill('Front elevation');
  await field.press('Enter');
  await expect(page.getByText('Document title updated successfully')).toBeVisible();
  await expect(list.getByText('Front elevation', { exact: true })).toBeVisible();
  // Escape cancels; an empty title is not saved.
  await list.getByRole('button', { name: 'Rename Scope of work' }).click();
  await list.getByRole('textbox', { name: 'Title of Scope of work.txt' }).fill('Should not stick');
  await list.getByRole('textbox', { name: 'Title of Scope of work.txt' }).press('Escape');
  await list.getByRole('button', { name: 'Rename Scope of work' }).click();
  await list.getByRole('textbox', { name: 'Title of Scope of work.txt' }).fill('   ');
  await list.getByRole('textbox', { name: 'Title of Scope of work.txt' }).press('Enter');
  await page.reload();
  await expect(list.getByText('Scope of work', { exact: true })).toBeVisible();
  await expect(list.getByText('Front elevation', { exact: true })).toBeVisible();
  await expect(page.getByText('Should not stick')).toHaveCount(0);

  // Download: the same bytes as uploaded, under the original name.
  const downloading = page.waitForEvent('download');
  await list.getByRole('link', { name: 'Download Purchase Contract' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Purchase Contract.pdf');
  expect((await readFile((await download.path())!)).equals(big)).toBe(true);

  // Delete, after the confirmation.
  const before = await storedFiles(borrower.cookie);
  expect(before).toHaveLength(3);
  await list.getByRole('button', { name: 'Delete Scope of work' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete this document?' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Document deleted successfully')).toBeVisible();
  await expect(list.getByText('Scope of work', { exact: true })).toHaveCount(0);
  await page.reload();
  await expect(list.getByText('Scope of work', { exact: true })).toHaveCount(0);
  expect(await storedFiles(borrower.cookie)).toHaveLength(2);

  // Notifications: three uploads and a deletion (the latest 5), then marked read.
  const notes = page.getByRole('region', { name: 'Document Notifications' });
  await expect(notes.getByText(/^Document deleted/)).toBeVisible();
  await expect(notes.getByText('Document uploaded successfully')).toHaveCount(3);
  await expect(notes.getByRole('button', { name: 'Mark as read' })).toHaveCount(4);
  // The button goes at once (optimistic): the reload waits for the server to have recorded it.
  const marked = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname.startsWith('/dashboard/loans'),
  );
  await notes.getByRole('button', { name: 'Mark as read' }).first().click();
  await expect(notes.getByRole('button', { name: 'Mark as read' })).toHaveCount(3);
  expect((await marked).status()).toBe(200);
  await page.reload();
  await expect(notes.getByRole('button', { name: 'Mark as read' })).toHaveCount(3);
  // The lender was told of each upload.
  const { readMails } = await import('../support/mail');
  await expect
    .poll(async () => (await readMails(dataDir)).filter((m) => m.subject.includes('New document from Test User')).length, {
      timeout: 15_000,
    })
    .toBeGreaterThanOrEqual(3);
});

test('another borrower cannot list, download, rename or delete a document (404, nothing changes)', async () => {
  const a = await createVerifiedUser({ borrower: true }, 'owner-a');
  const b = await createVerifiedUser({ borrower: true }, 'other-b');
  const up = await upload(a.cookie, [{ name: 'Appraisal.pdf', bytes: pdf(1000) }]);
  expect(up.status).toBe(201);
  const id = up.json.documents![0]!.id;

  const listB = await (await fetch(`${baseURL}/dashboard/loans`, { headers: { Cookie: b.cookie } })).text();
  expect(listB).not.toContain('Appraisal');
  expect((await fetch(`${baseURL}/documents/${id}/download`, { headers: { Cookie: b.cookie } })).status).toBe(404);
  expect((await postForm('/dashboard/loans', { intent: 'rename', id, title: 'Hacked' }, { cookie: b.cookie })).status).toBe(404);
  expect((await postForm('/dashboard/loans', { intent: 'delete', id }, { cookie: b.cookie })).status).toBe(404);
  expect((await fetch(`${baseURL}/documents/not-a-uuid/download`, { headers: { Cookie: b.cookie } })).status).toBe(404);
  expect((await fetch(`${baseURL}/documents/${id}/download`, { redirect: 'manual' })).status).toBe(302);

  const mine = await fetch(`${baseURL}/documents/${id}/download`, { headers: { Cookie: a.cookie } });
  expect(mine.status).toBe(200);
  expect(mine.headers.get('content-disposition')).toBe(`attachment; filename="Appraisal.pdf"; filename*=UTF-8''Appraisal.pdf`);
  expect(mine.headers.get('content-type')).toBe('application/pdf');
  expect(mine.headers.get('x-content-type-options')).toBe('nosniff');
  expect(Buffer.from(await mine.arrayBuffer()).length).toBe(pdf(1000).length);
  expect(await (await fetch(`${baseURL}/dashboard/loans`, { headers: { Cookie: a.cookie } })).text()).toContain('Appraisal');
});

test('an investor-only user is sent away from /dashboard/loans and cannot upload', async () => {
  const investor = await createVerifiedUser({ investor: true }, 'inv-docs');
  expect(await landing('/dashboard/loans', investor.cookie)).toBe('/');
  const res = await upload(investor.cookie, [{ name: 'x.pdf', bytes: pdf(10) }]);
  expect(res.status).toBe(302);
  expect(res.json.documents).toBeUndefined();
  expect(await storedFiles(investor.cookie)).toEqual([]);
});

test('bad files are refused with a clear message, leaving no row and no stored file', async () => {
  const borrower = await createVerifiedUser({ borrower: true }, 'bad-files');
  const cases: { name: string; bytes: Uint8Array; status: number; text: string }[] = [
    {
      name: 'invoice.pdf',
      bytes: Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), randomBytes(5000)]),
      status: 415,
      text: 'does not match its type',
    },
    {
      name: 'notes.txt',
      bytes: Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>'),
      status: 415,
      text: 'plain UTF-8 text',
    },
    { name: 'latin1.txt', bytes: Buffer.from([0x48, 0xe9, 0x6c, 0x6c, 0x6f]), status: 415, text: 'plain UTF-8 text' },
    { name: 'huge.pdf', bytes: pdf(30 * 1024 * 1024), status: 413, text: 'larger than 25 MB' },
    { name: 'empty.pdf', bytes: new Uint8Array(0), status: 400, text: 'The file is empty.' },
    { name: '../../etc/passwd.pdf', bytes: pdf(100), status: 400, text: 'The file name is not valid' },
    { name: 'payload.exe', bytes: pdf(100), status: 415, text: 'This file type is not accepted' },
  ];
  for (const c of cases) {
    const res = await upload(borrower.cookie, [{ name: c.name, bytes: c.bytes }]);
    expect(res.status, c.name).toBe(c.status);
    expect(res.json.toast?.description, c.name).toContain(c.text);
  }
  expect(await storedFiles(borrower.cookie)).toEqual([]);
  const page = await (await fetch(`${baseURL}/dashboard/loans`, { headers: { Cookie: borrower.cookie } })).text();
  expect(page).toContain('No documents yet');
});

test('22: a good and a bad file in one request: refused whole, nothing stored', async () => {
  const borrower = await createVerifiedUser({ borrower: true }, 'mixed-files');
  const res = await upload(borrower.cookie, [
    { name: 'Appraisal.pdf', bytes: pdf(2000) },
    { name: 'payload.exe', bytes: pdf(100) },
  ]);
  expect(res.status).toBe(415);
  expect(res.json.documents).toBeUndefined();
  expect(await storedFiles(borrower.cookie)).toEqual([]);
  const page = await (await fetch(`${baseURL}/dashboard/loans`, { headers: { Cookie: borrower.cookie } })).text();
  expect(page).toContain('No documents yet');
});
