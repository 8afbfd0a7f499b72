/**
 * File storage behind one interface (docs/architecture.md; product decisions storage): local disk under
 * `DATA_DIR/storage` by default, or an S3-compatible bucket when `S3_BUCKET` is set. Keys are
 * relative paths made by the server (never from user input), e.g.
 * `documents/{userId}/{random}.pdf`, `avatars/{userId}/{random}.webp`.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { dataPath, env } from './env.server';

export interface StoredObject {
  stream: Readable;
  /** Bytes. */
  size: number;
}

export interface ListedObject {
  key: string;
  lastModified: Date;
}

export interface Storage {
  /** Writes `body` at `key`, replacing any object there. */
  put(key: string, body: Buffer, contentType?: string): Promise<void>;
  /**
   * Streams `body` to `key`; the object appears only once complete (a failed or aborted write
   * leaves nothing at `key`). Rejects with the stream's error.
   */
  putStream(key: string, body: Readable, contentType: string): Promise<void>;
  /** Reads the object at `key`, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object at `key`; no error when it does not exist. */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix` (e.g. 'documents/'). */
  list(prefix: string): AsyncIterable<ListedObject>;
  /**
   * Removes what interrupted writes left (a process killed mid-upload cannot clean up): on local
   * disk, the partial files of writers that are gone; on S3 nothing (the bucket's lifecycle rule).
   * Run at start-up (startup.server.ts). Returns how many were removed.
   */
  removeInterrupted(): Promise<number>;
}

/** A partial file untouched this long is a leftover even if its pid runs again (reused). */
const STALE_PARTIAL_MS = 60 * 60 * 1000;

/** True when a process with `pid` runs (one of another user's counts: EPERM). */
function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// A key, or (local disk only) the partial file of an interrupted write: `{key}.{pid}.part`.
const KEY = /^[a-z]+(\/[A-Za-z0-9_-]+)*\/[A-Za-z0-9_-]+\.[a-z0-9]{1,5}(\.\d+\.part)?$/;

/** @throws Error when `key` is not a server-made storage key (no traversal, no odd bytes). */
export function assertKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`Invalid storage key: ${key}`);
}

/** Local-disk storage rooted at `root` (default `DATA_DIR/storage`). */
export function localStorage(root = dataPath('storage')): Storage {
  const resolve = (key: string) => {
    assertKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, body) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
    },
    async putStream(key, body) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written beside the key, then renamed: readers never see a partial file.
      const partial = `${file}.${process.pid}.part`;
      const out = createWriteStream(partial, { flags: 'wx' });
      try {
        await pipeline(body, out);
        await rename(partial, file);
      } catch (error) {
        // The file may still be opening when the source fails: wait until it is closed, or
        // the removal below would run first and leave an empty partial file behind.
        if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
        await rm(partial, { force: true });
        throw error;
      }
    },
    async get(key) {
      const file = resolve(key);
      try {
        const info = await stat(file);
        return { stream: createReadStream(file), size: info.size };
      } catch {
        return null;
      }
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
    async *list(prefix) {
      async function* walk(dir: string, rel: string): AsyncGenerator<ListedObject> {
        const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
        for (const entry of entries) {
          const childRel = rel ? `${rel}/${entry.name}` : entry.name;
          const child = path.join(dir, entry.name);
          if (entry.isDirectory()) yield* walk(child, childRel);
          else if (entry.isFile()) yield { key: childRel, lastModified: (await stat(child)).mtime };
        }
      }
      const base = prefix.replace(/\/$/, '');
      for await (const object of walk(path.join(root, base), base)) yield object;
    },
    async removeInterrupted() {
      // `{key}.{pid}.part` (putStream): its writer is this process restarted under the same pid
      // (pid 1 in a container), a process that is gone, or one that has not written for an hour.
      let removed = 0;
      const entries = await readdir(root, { withFileTypes: true, recursive: true }).catch(() => []);
      for (const entry of entries) {
        const pid = /\.(\d+)\.part$/.exec(entry.name)?.[1];
        if (!entry.isFile() || !pid) continue;
        const file = path.join(entry.parentPath, entry.name);
        const writer = Number(pid);
        const stale =
          writer === process.pid ||
          !processRuns(writer) ||
          Date.now() - (await stat(file).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs > STALE_PARTIAL_MS;
        if (!stale) continue;
        await rm(file, { force: true });
        removed++;
      }
      return removed;
    },
  };
}

/**
 * The AWS SDK's S3 client and multipart uploader, loaded on first use: a site on local disk never
 * loads them (they are large, and only S3 needs them).
 */
async function loadS3(bucket: string) {
  const [sdk, { Upload }] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]);
  const config = env();
  const client = new sdk.S3Client({
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
  });
  const missing = (error: unknown) =>
    error instanceof sdk.NoSuchKey || error instanceof sdk.NotFound || (error as { name?: string })?.name === 'NotFound';
  return { sdk, Upload, client, bucket, missing };
}

/**
 * S3-compatible storage (AWS S3, MinIO, R2 …) for `bucket`, configured by `S3_*`. The SDK is
 * loaded by the first call that needs it (`loadS3`).
 */
export function s3Storage(bucket: string): Storage {
  let loading: ReturnType<typeof loadS3> | undefined;
  const s3 = () => (loading ??= loadS3(bucket));
  return {
    async put(key, body, contentType = 'application/octet-stream') {
      assertKey(key);
      const { Upload, client } = await s3();
      await new Upload({ client, params: { Bucket: bucket, Key: key, Body: body, ContentType: contentType } }).done();
    },
    async putStream(key, body, contentType) {
      assertKey(key);
      const { Upload, client } = await s3();
      // lib-storage rejects with the error of its AbortMultipartUpload when that call fails too,
      // which would turn a refused file (413, 415) into a storage fault: keep the stream's own.
      let streamError: unknown;
      const remember = (error: unknown) => (streamError ??= error);
      body.on('error', remember);
      try {
        // Multipart upload in 5 MiB parts: memory stays flat whatever the file size; an
        // aborted upload is cleaned up by lib-storage (leavePartsOnError: false).
        await new Upload({
          client,
          params: { Bucket: bucket, Key: key, Body: body, ContentType: contentType },
          queueSize: 2,
          partSize: 5 * 1024 * 1024,
        }).done();
      } catch (error) {
        throw streamError ?? error;
      } finally {
        body.off('error', remember);
      }
    },
    async get(key) {
      assertKey(key);
      const { sdk, client, missing } = await s3();
      try {
        const head = await client.send(new sdk.HeadObjectCommand({ Bucket: bucket, Key: key }));
        const object = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: key }));
        return { stream: object.Body as Readable, size: Number(head.ContentLength ?? 0) };
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      assertKey(key);
      const { sdk, client } = await s3();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    async *list(prefix) {
      const { sdk, client } = await s3();
      let token: string | undefined;
      do {
        const page = await client.send(
          new sdk.ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
        );
        for (const item of page.Contents ?? [])
          if (item.Key) yield { key: item.Key, lastModified: item.LastModified ?? new Date(0) };
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async removeInterrupted() {
      // lib-storage aborts a failed upload itself, but not one whose process was killed: its
      // parts stay in the bucket, unseen by `list`. The bucket's lifecycle rule
      // AbortIncompleteMultipartUpload clears them (README "Files"); s3rver, the test server,
      // cannot list multipart uploads, so an abort here could not be tested.
      return 0;
    },
  };
}

let instance: Storage | undefined;

/** The configured storage: S3 when `S3_BUCKET` is set, else local disk. */
export function storage(): Storage {
  instance ??= env().S3_BUCKET ? s3Storage(env().S3_BUCKET!) : localStorage();
  return instance;
}

/** Replaces the process storage (tests inject a failing one). */
export function setStorage(next: Storage | undefined): void {
  instance = next;
}

/**
 * A web ReadableStream over the Node stream `source`, pulled one chunk at a time: a slow reader
 * holds the file back instead of the server buffering it (Node 20's Readable.toWeb reads ahead
 * without limit). Cancelling the response closes the file.
 */
export function toWebStream(source: Readable): ReadableStream<Uint8Array> {
  const chunks = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { value, done } = await chunks.next();
        if (done) controller.close();
        else controller.enqueue(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
      },
      async cancel() {
        await chunks.return?.();
      },
    },
    { highWaterMark: 1 },
  );
}

/**
 * A public image at `key` (avatars, deal pictures, site images: product decisions), or 404 for a
 * key that is not a stored WebP (or AVIF, with `formats`). Keys are random and never reused, so
 * the answer is cached for a year.
 */
export async function publicImageResponse(key: string, formats: readonly ('webp' | 'avif')[] = ['webp']): Promise<Response> {
  const notFound = () => new Response('Not Found', { status: 404 });
  const format = formats.find((f) => key.endsWith(`.${f}`));
  if (!KEY.test(key) || !format) return notFound();
  const object = await storage().get(key);
  if (!object) return notFound();
  return new Response(toWebStream(object.stream), {
    headers: {
      'Content-Type': `image/${format}`,
      'Content-Length': String(object.size),
      'Cache-Control': 'public, max-age=31536000, immutable',
    },
  });
}

/**
 * A private file at `key` sent as `fileName` (RFC 6266, with an ASCII fallback), never cached;
 * `inline` lets a browser show it instead of saving it. Null when there is no such object.
 */
export async function privateFileResponse(
  key: string,
  opts: { fileName: string; contentType: string; inline?: boolean; headers?: HeadersInit },
): Promise<Response | null> {
  const object = await storage().get(key);
  if (!object) return null;
  const ascii = opts.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const headers = new Headers(opts.headers);
  headers.set('Content-Type', opts.contentType);
  headers.set('Content-Length', String(object.size));
  headers.set(
    'Content-Disposition',
    `${opts.inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(opts.fileName)}`,
  );
  headers.set('Cache-Control', 'private, no-store');
  return new Response(toWebStream(object.stream), { headers });
}

/**
 * A private file made on request (a PDF copy: issue 23's suitability statement) sent as
 * `fileName`, with the headers of `privateFileResponse`: never cached, inline or as an attachment.
 */
export function privateBytesResponse(
  bytes: Uint8Array,
  opts: { fileName: string; contentType: string; inline?: boolean },
): Response {
  const ascii = opts.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return new Response(new Uint8Array(bytes), {
    headers: {
      'Content-Type': opts.contentType,
      'Content-Length': String(bytes.byteLength),
      'Content-Disposition': `${opts.inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(opts.fileName)}`,
      'Cache-Control': 'private, no-store',
    },
  });
}

/** A Readable over `bytes` (for tests and small writes). */
export function readableOf(bytes: Uint8Array): Readable {
  return Readable.from([Buffer.from(bytes)]);
}
