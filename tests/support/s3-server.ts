/**
 * A real S3-protocol server for tests (issue "Security and scale", real services in the test
 * suite): s3rver (the maintained @20minutes fork) on a free loopback port, storing into a fresh
 * temporary directory, with one bucket. The site reaches it through `env` (the `S3_*` variables);
 * tests look at what it holds through their own S3 client (`keys`, `read`), not through the
 * site's storage module.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';

/** The part of s3rver's API these tests use (the package ships no types). */
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverClass = new (options: {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  allowMismatchedSignatures: boolean;
  configureBuckets: { name: string }[];
}) => S3rverInstance;

const S3rver = createRequire(import.meta.url)('@20minutes/s3rver') as S3rverClass;

/** s3rver's one built-in account. */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

export interface RunningS3Server {
  /** `http://127.0.0.1:{port}`. */
  endpoint: string;
  port: number;
  bucket: string;
  /** The variables that point the site's storage at this server (docs/architecture.md "Configuration"). */
  env: Record<string, string>;
  /** Every key in the bucket that starts with `prefix`, sorted, as the server lists them. */
  keys(prefix?: string): Promise<string[]>;
  /** The bytes the server holds at `key`, or null when it holds none. */
  read(key: string): Promise<Buffer | null>;
  /** Stops the server and removes its directory. */
  stop(): Promise<void>;
}

/**
 * Starts s3rver on 127.0.0.1 at a port the system chooses, in a new temporary directory, with
 * the empty bucket `bucket`. Path-style addressing (S3_FORCE_PATH_STYLE=true).
 */
export async function startS3Server(bucket = 'ormsby-test'): Promise<RunningS3Server> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'ormsby-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    // s3rver signs a bucket-level request (ListObjectsV2) over `/{bucket}` while aws-sdk v3 signs
    // `/{bucket}/`, so every listing would fail its signature check. The access key is still
    // checked; the signature is not.
    allowMismatchedSignatures: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
  });
  return {
    endpoint,
    port,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
    },
    async keys(prefix = '') {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
        for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    async read(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return Buffer.from(await object.Body!.transformToByteArray());
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async stop() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
