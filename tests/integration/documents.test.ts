/**
 * Documents against a real database (issue "Borrower portal"): the row and the stored file
 * live and die together (a failed upload leaves neither, a failed delete leaves both), content
 * checks by magic bytes, and the sweep of orphaned files older than a day.
 */
import { randomUUID } from 'node:crypto';
import { utimes } from 'node:fs/promises';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { db } from '~/server/db/client.server';
import { document, notification, outboxEmail, profile, user } from '~/server/db/schema';
import {
  deleteDocument,
  documentForDownload,
  ingestDocument,
  listDocuments,
  renameDocument,
  sweepOrphanDocuments,
  UploadFailed,
} from '~/server/domain/loans/documents.server';
import { localStorage, setStorage, storage, type Storage } from '~/server/storage.server';
import { useTestDatabase } from '../support/test-database';

useTestDatabase();

const owner = { id: '', name: 'Dana Borrower', email: 'dana@example.com' };
const other = { id: '', name: 'Eve', email: 'eve@example.com' };
const pdf = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n');
const chunks = (b: Uint8Array) =>
  (async function* () {
    yield b;
  })();

beforeAll(async () => {
  for (const u of [owner, other]) {
    u.id = randomUUID();
    await db().insert(user).values({ id: u.id, name: u.name, email: u.email, emailVerified: true });
    await db().insert(profile).values({ userId: u.id, isBorrower: true });
  }
});
afterEach(() => setStorage(undefined));

async function rows() {
  const [r] = await db().select({ n: count() }).from(document);
  return r!.n;
}
async function files(userId = owner.id) {
  const out: string[] = [];
  for await (const o of storage().list(`documents/${userId}`)) out.push(o.key);
  return out;
}

/** The local storage, with one method made to fail. */
function failing(method: 'putStream' | 'delete'): Storage {
  const real = localStorage();
  return { ...real, [method]: async () => Promise.reject(new Error(`${method} failed`)) };
}

describe('upload', () => {
  it('stores the file, the row, a notification and the lender e-mail', async () => {
    const row = await ingestDocument(owner, { fileName: 'Deed of Trust.pdf', body: chunks(pdf) });
    expect(row).toMatchObject({
      title: 'Deed of Trust',
      fileName: 'Deed of Trust.pdf',
      fileSize: pdf.length,
      mimeType: 'application/pdf',
    });
    expect(row.storageKey).toMatch(new RegExp(`^documents/${owner.id}/[0-9a-f]{32}\\.pdf$`));
    expect(await files()).toEqual([row.storageKey]);
    const notes = await db().select().from(notification).where(eq(notification.userId, owner.id));
    expect(notes.map((n) => n.title)).toContain('Document uploaded successfully');
    const [mail] = await db().select().from(outboxEmail).where(eq(outboxEmail.template, 'document-uploaded'));
    expect(mail!.payload).toMatchObject({
      documentTitle: 'Deed of Trust',
      fileName: 'Deed of Trust.pdf',
      userName: 'Dana Borrower',
      userEmail: 'dana@example.com',
    });
    await deleteDocument(owner.id, row.id);
  });

  it('a failure to store leaves neither row nor file', async () => {
    setStorage(failing('putStream'));
    const before = await rows();
    await expect(ingestDocument(owner, { fileName: 'a.pdf', body: chunks(pdf) })).rejects.toMatchObject({
      name: 'UploadFailed',
      kind: 'failed',
      title: 'Failed to upload document',
    });
    setStorage(undefined);
    expect(await rows()).toBe(before);
    expect(await files()).toEqual([]);
  });

  it('a file whose row cannot be written is removed again', async () => {
    const before = await rows();
    // A user that does not exist: the foreign key refuses the row after the file is stored.
    await expect(
      ingestDocument({ ...owner, id: 'no-such-user' }, { fileName: 'a.pdf', body: chunks(pdf) }),
    ).rejects.toBeInstanceOf(UploadFailed);
    expect(await rows()).toBe(before);
    expect(await files('no-such-user')).toEqual([]);
  });

  it.each([
    ['a PNG renamed .pdf', 'scan.pdf', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), 'unsupported'],
    [
      'an ELF binary renamed .docx',
      'contract.docx',
      Buffer.concat([Buffer.from('7f454c46', 'hex'), Buffer.alloc(64)]),
      'unsupported',
    ],
    ['a text file with NUL bytes', 'notes.txt', Buffer.from('abc\u0000def'), 'unsupported'],
    [
      'an SVG renamed .txt',
      'notes.txt',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>x</script></svg>'),
      'unsupported',
    ],
    ['a file over the limit', 'big.pdf', Buffer.concat([pdf, Buffer.alloc(2048)]), 'too-large'],
  ])('refuses %s', async (_label, fileName, bytes, kind) => {
    const before = await rows();
    await expect(ingestDocument(owner, { fileName, body: chunks(bytes), limit: 1024 })).rejects.toMatchObject({ kind });
    expect(await rows()).toBe(before);
    expect(await files()).toEqual([]);
  });

  it('accepts UTF-8 text, a JPEG, and a .docx by content', async () => {
    const jpeg = Buffer.from('ffd8ffe000104a46494600010100000100010000ffdb', 'hex');
    const text = await ingestDocument(owner, { fileName: 'notes.txt', body: chunks(Buffer.from('Dépôt – 2 units ✓\n')) });
    const photo = await ingestDocument(owner, { fileName: 'photo.JPG', body: chunks(jpeg) });
    expect(text.mimeType).toBe('text/plain; charset=utf-8');
    expect(photo.mimeType).toBe('image/jpeg');
    for (const d of [text, photo]) await deleteDocument(owner.id, d.id);
  });
});

describe('rename, delete and download are the owner’s only', () => {
  it('another user gets false/null and nothing changes; an admin may download', async () => {
    const row = await ingestDocument(owner, { fileName: 'Title.pdf', body: chunks(pdf) });
    expect(await renameDocument(other.id, row.id, 'Hacked')).toBe(false);
    expect(await deleteDocument(other.id, row.id)).toBe(false);
    expect(await documentForDownload({ id: other.id, isAdmin: false }, row.id)).toBeNull();
    expect(await documentForDownload({ id: other.id, isAdmin: true }, row.id)).not.toBeNull();
    expect((await listDocuments(other.id)).length).toBe(0);
    expect((await listDocuments(owner.id))[0]).toMatchObject({ id: row.id, title: 'Title' });
    await expect(renameDocument(owner.id, row.id, '   ')).rejects.toMatchObject({ kind: 'invalid' });
    expect(await renameDocument(owner.id, row.id, '  Final title ')).toBe(true);
    expect((await listDocuments(owner.id))[0]!.title).toBe('Final title');
    await deleteDocument(owner.id, row.id);
  });

  it('a failed delete leaves both the row and the file', async () => {
    const row = await ingestDocument(owner, { fileName: 'Keep.pdf', body: chunks(pdf) });
    setStorage(failing('delete'));
    await expect(deleteDocument(owner.id, row.id)).rejects.toThrow('delete failed');
    setStorage(undefined);
    expect((await listDocuments(owner.id)).map((d) => d.id)).toContain(row.id);
    expect(await files()).toContain(row.storageKey);
    expect(await deleteDocument(owner.id, row.id)).toBe(true);
    expect(await files()).not.toContain(row.storageKey);
    const notes = await db().select().from(notification).where(eq(notification.title, 'Document deleted'));
    expect(notes.length).toBeGreaterThan(0);
  });
});

describe('sweep', () => {
  it('removes stored files without a row older than a day, and nothing else', async () => {
    const kept = await ingestDocument(owner, { fileName: 'Kept.pdf', body: chunks(pdf) });
    const root = path.join(process.env.DATA_DIR!, 'storage');
    const oldOrphan = `documents/${owner.id}/${'a'.repeat(32)}.pdf`;
    const youngOrphan = `documents/${owner.id}/${'b'.repeat(32)}.pdf`;
    const partial = `documents/${owner.id}/${'c'.repeat(32)}.pdf.1234.part`;
    for (const key of [oldOrphan, youngOrphan, partial]) await storage().put(key, pdf);
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    for (const key of [oldOrphan, partial, kept.storageKey]) await utimes(path.join(root, key), twoDaysAgo, twoDaysAgo);
    expect(await sweepOrphanDocuments()).toBe(2);
    expect((await files()).sort()).toEqual([kept.storageKey, youngOrphan].sort());
    await storage().delete(youngOrphan);
    await deleteDocument(owner.id, kept.id);
  });
});
