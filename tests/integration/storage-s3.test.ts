/**
 * Storage on a real S3-protocol server (issue "Security and scale", real services in the test
 * suite; docs/architecture.md "Storage"). One contract, proven for both backends: local disk and
 * S3 (s3rver, started by this file): writes, streamed writes that appear only once complete,
 * reads, removal, listing, strict keys, and a streamed write that fails leaves no object and
 * rejects with the stream's own error. Then documents on S3 through the domain: upload,
 * download, delete, refusals and the sweep, checked against what the S3 server holds.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '~/server/db/client.server';
import { document, profile, user } from '~/server/db/schema';
import {
  deleteDocument,
  documentForDownload,
  ingestDocument,
  sweepOrphanDocuments,
  UploadFailed,
} from '~/server/domain/loans/documents.server';
import { localStorage, privateFileResponse, s3Storage, storage, type Storage } from '~/server/storage.server';
import { startS3Server, type RunningS3Server } from '../support/s3-server';
import { useTestDatabase } from '../support/test-database';

let s3: RunningS3Server;
// Registered before the database's hooks, so the S3_* variables are in place before anything
// reads the configuration (env() reads it once per test file).
beforeAll(async () => {
  s3 = await startS3Server();
  Object.assign(process.env, s3.env);
});
afterAll(async () => {
  await s3?.stop();
});
useTestDatabase();

const MiB = 1024 * 1024;
const pdf = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n');

/** `bytes` as an async source of `size`-byte chunks. */
async function* chunksOf(bytes: Buffer, size = 64 * 1024): AsyncGenerator<Buffer> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

/** A stream that gives `first` and then fails with `error`. */
function failingAfter(first: Buffer, error: Error): AsyncGenerator<Buffer> {
  return (async function* () {
    yield first;
    throw error;
  })();
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(parts);
}

interface Backend {
  name: string;
  /** The storage under test. */
  open(): Promise<Storage>;
  /** Every key the backend holds that starts with `prefix`, looked at directly, partial files included. */
  held(prefix: string): Promise<string[]>;
  close(): Promise<void>;
}

function diskBackend(): Backend {
  let root = '';
  return {
    name: 'local disk',
    async open() {
      root = await mkdtemp(path.join(os.tmpdir(), 'ormsby-storage-'));
      return localStorage(root);
    },
    async held(prefix) {
      const entries = await readdir(root, { recursive: true, withFileTypes: true });
      return entries
        .filter((e) => e.isFile())
        .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
        .filter((key) => key.startsWith(prefix))
        .sort();
    },
    async close() {
      if (root) await rm(root, { recursive: true, force: true });
    },
  };
}

function s3Backend(): Backend {
  return {
    name: 'S3',
    async open() {
      return s3Storage(s3.bucket);
    },
    held: (prefix) => s3.keys(prefix),
    async close() {},
  };
}

describe.each([diskBackend(), s3Backend()])('storage on $name', (backend) => {
  let store: Storage;
  beforeAll(async () => {
    store = await backend.open();
  });
  afterAll(() => backend.close());

  /** A prefix of this test's own, outside `documents/` (the sweep's). */
  const freshPrefix = () => `contract/${randomUUID()}/`;
  const keyIn = (prefix: string, ext = 'pdf') => `${prefix}${randomBytes(16).toString('hex')}.${ext}`;

  it('writes an object and reads it back with its size; a second write replaces it', async () => {
    const prefix = freshPrefix();
    const key = keyIn(prefix);
    await store.put(key, pdf, 'application/pdf');
    const object = await store.get(key);
    expect(object?.size).toBe(pdf.length);
    expect((await bytesOf(object!.stream)).equals(pdf)).toBe(true);
    expect(await backend.held(prefix)).toEqual([key]);

    const next = Buffer.from('%PDF-1.7\nsecond version\n');
    await store.put(key, next);
    const again = await store.get(key);
    expect(again?.size).toBe(next.length);
    expect((await bytesOf(again!.stream)).equals(next)).toBe(true);
    expect(await backend.held(prefix)).toEqual([key]);
    await store.delete(key);
  });

  it('streams a write of many chunks (three multipart parts on S3) and reads it back byte for byte', async () => {
    const prefix = freshPrefix();
    const key = keyIn(prefix);
    const bytes = Buffer.concat([pdf, randomBytes(11 * MiB)]);
    await store.putStream(key, Readable.from(chunksOf(bytes)), 'application/pdf');
    const object = await store.get(key);
    expect(object?.size).toBe(bytes.length);
    expect((await bytesOf(object!.stream)).equals(bytes)).toBe(true);
    expect(await backend.held(prefix)).toEqual([key]);
    await store.delete(key);
  });

  it('a streamed write appears only once complete', async () => {
    const prefix = freshPrefix();
    const key = keyIn(prefix);
    const first = Buffer.concat([pdf, randomBytes(6 * MiB)]);
    const rest = randomBytes(MiB);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let firstTaken!: () => void;
    const taken = new Promise<void>((resolve) => (firstTaken = resolve));
    const source = (async function* () {
      yield first;
      // The writer asked for more: the first 6 MiB are on their way (a whole part on S3).
      firstTaken();
      await gate;
      yield rest;
    })();
    const writing = store.putStream(key, Readable.from(source), 'application/pdf');
    await taken;
    expect(await store.get(key)).toBeNull();
    expect(await backend.held(prefix)).not.toContain(key);
    release();
    await writing;
    const object = await store.get(key);
    expect((await bytesOf(object!.stream)).equals(Buffer.concat([first, rest]))).toBe(true);
    await store.delete(key);
  });

  it.each([
    ['within the first part', 64 * 1024],
    ['after a whole part reached the server', 6 * MiB],
  ])('a streamed write whose source fails %s leaves no object and rejects with the source’s error', async (_when, size) => {
    const prefix = freshPrefix();
    const key = keyIn(prefix);
    const failure = new Error('the client went away');
    const body = Readable.from(failingAfter(Buffer.concat([pdf, randomBytes(size)]), failure));
    await expect(store.putStream(key, body, 'application/pdf')).rejects.toBe(failure);
    expect(await store.get(key)).toBeNull();
    expect(await backend.held(prefix)).toEqual([]);
  });

  it('a failed streamed write leaves the object it would have replaced as it was', async () => {
    const prefix = freshPrefix();
    const key = keyIn(prefix);
    await store.put(key, pdf);
    const failure = new Error('the client went away');
    const body = Readable.from(failingAfter(randomBytes(6 * MiB), failure));
    await expect(store.putStream(key, body, 'application/pdf')).rejects.toBe(failure);
    const object = await store.get(key);
    expect((await bytesOf(object!.stream)).equals(pdf)).toBe(true);
    expect(await backend.held(prefix)).toEqual([key]);
    await store.delete(key);
  });

  it('reads null where nothing is stored, and removes an object (twice without error)', async () => {
    const prefix = freshPrefix();
    const key = keyIn(prefix);
    expect(await store.get(key)).toBeNull();
    await store.delete(key);
    await store.put(key, pdf);
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    expect(await backend.held(prefix)).toEqual([]);
    await store.delete(key);
  });

  it('lists the objects under a prefix with their modification times, and nothing beside it', async () => {
    const prefix = freshPrefix();
    const [a, b, nested] = [keyIn(`${prefix}a/`), keyIn(`${prefix}a/`, 'webp'), keyIn(`${prefix}a/deeper/`)];
    const beside = keyIn(`${prefix}b/`);
    const before = Date.now();
    for (const key of [a, b, nested, beside]) await store.put(key, pdf);
    const after = Date.now();
    const listed: { key: string; lastModified: Date }[] = [];
    for await (const object of store.list(`${prefix}a/`)) listed.push(object);
    expect(listed.map((o) => o.key).sort()).toEqual([a, b, nested].sort());
    for (const { lastModified } of listed) {
      // Second resolution on some servers.
      expect(lastModified.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(lastModified.getTime()).toBeLessThanOrEqual(after + 1000);
    }
    for (const key of [a, b, nested, beside]) await store.delete(key);
    expect(await backend.held(prefix)).toEqual([]);
  });

  it.each([
    '../outside.pdf',
    'contract/../../etc/passwd.pdf',
    '/etc/passwd.pdf',
    'contract//double-slash.pdf',
    'Contract/upper-case-area.pdf',
    'contract/no-extension',
    'contract/upper-case.PDF',
    'contract/two words.pdf',
    'contract/caf\u00e9.pdf',
    'contract/new\nline.pdf',
    'contract/query.pdf?versionId=1',
    'no-folder.pdf',
    '',
  ])('refuses the key %j on every method and stores nothing', async (key) => {
    const before = await backend.held('');
    await expect(store.put(key, pdf)).rejects.toThrow('Invalid storage key');
    await expect(store.putStream(key, Readable.from([pdf]), 'application/pdf')).rejects.toThrow('Invalid storage key');
    await expect(store.get(key)).rejects.toThrow('Invalid storage key');
    await expect(store.delete(key)).rejects.toThrow('Invalid storage key');
    expect(await backend.held('')).toEqual(before);
  });

  it('removes no complete object when clearing what interrupted writes left', async () => {
    const prefix = freshPrefix();
    const key = keyIn(prefix);
    await store.putStream(key, Readable.from([pdf]), 'application/pdf');
    await store.removeInterrupted();
    expect(await backend.held(prefix)).toEqual([key]);
    await store.delete(key);
  });
});

describe('documents on S3', () => {
  /** A new borrower with a user row and a profile. */
  async function borrower() {
    const owner = { id: randomUUID(), name: 'Dana Borrower', email: `dana-${randomUUID().slice(0, 8)}@example.com` };
    await db()
      .insert(user)
      .values({ ...owner, emailVerified: true });
    await db().insert(profile).values({ userId: owner.id, isBorrower: true });
    return owner;
  }
  async function rows() {
    const [r] = await db().select({ n: count() }).from(document);
    return r!.n;
  }

  it('the configured storage is the S3 server', async () => {
    const key = `documents/${randomUUID()}/${randomBytes(16).toString('hex')}.pdf`;
    await storage().put(key, pdf);
    expect((await s3.read(key))?.equals(pdf)).toBe(true);
    await storage().delete(key);
    expect(await s3.read(key)).toBeNull();
  });

  it('an upload lands in the bucket, downloads byte for byte, and its deletion removes the object from the server', async () => {
    const owner = await borrower();
    const bytes = Buffer.concat([pdf, randomBytes(7 * MiB)]);
    const row = await ingestDocument(owner, { fileName: 'Appraisal.pdf', body: chunksOf(bytes) });
    expect(row.fileSize).toBe(bytes.length);
    expect(await s3.keys(`documents/${owner.id}/`)).toEqual([row.storageKey]);
    expect((await s3.read(row.storageKey))?.equals(bytes)).toBe(true);

    const found = await documentForDownload({ id: owner.id, isAdmin: false }, row.id);
    const response = await privateFileResponse(found!.storageKey, { fileName: found!.fileName, contentType: found!.mimeType });
    expect(response!.headers.get('content-length')).toBe(String(bytes.length));
    expect(response!.headers.get('content-disposition')).toContain('filename="Appraisal.pdf"');
    expect(Buffer.from(await response!.arrayBuffer()).equals(bytes)).toBe(true);

    expect(await deleteDocument(owner.id, row.id)).toBe(true);
    expect(await s3.read(row.storageKey)).toBeNull();
    expect(await s3.keys(`documents/${owner.id}/`)).toEqual([]);
    expect(await privateFileResponse(row.storageKey, { fileName: 'x.pdf', contentType: 'application/pdf' })).toBeNull();
  });

  it('a file found too large after a part reached the server is refused as too large, leaving no row and no object', async () => {
    const owner = await borrower();
    const before = await rows();
    const bytes = Buffer.concat([pdf, randomBytes(7 * MiB)]);
    await expect(ingestDocument(owner, { fileName: 'Huge.pdf', body: chunksOf(bytes), limit: 6 * MiB })).rejects.toMatchObject({
      kind: 'too-large',
      message: 'The file is larger than 6 MB.',
    });
    expect(await rows()).toBe(before);
    expect(await s3.keys(`documents/${owner.id}/`)).toEqual([]);
  });

  it('a stored file whose row cannot be written is removed from the bucket again', async () => {
    const before = await rows();
    // No such user: the foreign key refuses the row after the file is stored.
    const ghost = { id: `ghost-${randomUUID()}`, name: 'Nobody', email: 'nobody@example.com' };
    await expect(ingestDocument(ghost, { fileName: 'a.pdf', body: chunksOf(pdf) })).rejects.toBeInstanceOf(UploadFailed);
    expect(await rows()).toBe(before);
    expect(await s3.keys(`documents/${ghost.id}/`)).toEqual([]);
  });

  it('the sweep removes objects without a row once older than a day, and nothing else', async () => {
    const owner = await borrower();
    const kept = await ingestDocument(owner, { fileName: 'Kept.pdf', body: chunksOf(pdf) });
    const orphan = `documents/${owner.id}/${randomBytes(16).toString('hex')}.pdf`;
    await storage().put(orphan, pdf);
    expect(await sweepOrphanDocuments()).toBe(0);
    expect(await s3.keys(`documents/${owner.id}/`)).toEqual([kept.storageKey, orphan].sort());
    // Two days on, the orphan is old enough; the document with a row stays.
    expect(await sweepOrphanDocuments(24 * 3600 * 1000, new Date(Date.now() + 2 * 24 * 3600 * 1000))).toBe(1);
    expect(await s3.keys(`documents/${owner.id}/`)).toEqual([kept.storageKey]);
    await deleteDocument(owner.id, kept.id);
    expect(await s3.keys(`documents/${owner.id}/`)).toEqual([]);
  });
});
