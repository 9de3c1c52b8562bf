/**
 * Where image files live. Local disk by default; an S3-compatible driver implements the same
 * interface for scale-out. Keys look like `images/1732000000000-ab12cd-640.webp`.
 */
import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';

export interface StoredFile {
  body: ReadableStream<Uint8Array>;
  size: number;
}

export interface Storage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredFile | null>;
  delete(keys: readonly string[]): Promise<void>;
  /** The address the browser loads the file from. */
  publicUrl(key: string): string;
}

/** Folder, then a file name of letters, digits, dots and dashes: never `..`, never a path. */
const safeKey = /^[A-Za-z]+\/[A-Za-z0-9-]+\.[a-z0-9]+$/;
export const isSafeKey = (key: string) => safeKey.test(key);

export function createLocalStorage(root: string): Storage {
  const fileOf = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`Refusing unsafe storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, data);
    },
    async get(key) {
      if (!isSafeKey(key)) return null;
      const file = fileOf(key);
      try {
        const { size } = await stat(file);
        return { body: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>, size };
      } catch {
        return null;
      }
    },
    async delete(keys) {
      await Promise.all(keys.map((key) => rm(fileOf(key), { force: true })));
    },
    publicUrl: (key) => `/media/${key}`,
  };
}
