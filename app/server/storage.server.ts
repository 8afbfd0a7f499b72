/**
 * File storage behind one interface (ARCHITECTURE.md): local disk under `DATA_DIR/storage`.
 * Keys are relative paths made by the server (never from user input), e.g.
 * `documents/{userId}/{random}.pdf` or `deals/{dealId}/{random}.webp`.
 */
import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { dataPath } from './env.server';

export interface StoredObject {
  stream: Readable;
  size: number;
}

export interface Storage {
  /** Writes `body` at `key`, replacing any object there. */
  put(key: string, body: Buffer): Promise<void>;
  /** Reads the object at `key`, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object at `key`; no error when it does not exist. */
  delete(key: string): Promise<void>;
}

const KEY = /^[a-z]+(\/[A-Za-z0-9_-]+)*\/[A-Za-z0-9_-]+\.[a-z0-9]{1,5}$/;

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
  };
}

let instance: Storage | undefined;

/** The configured storage. */
export function storage(): Storage {
  instance ??= localStorage();
  return instance;
}
