/**
 * Where image files live. Local disk by default; the S3-compatible driver (s3.ts) implements the
 * same interface for scale-out. Keys look like `images/1732000000000-ab12cd-640.webp`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { copyFile, mkdir, open, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';

export interface StoredFile {
  body: ReadableStream<Uint8Array>;
  size: number;
  /** As stored with the object (S3); the local driver does not record one. */
  contentType?: string;
}

/** A place that keeps files: the local disk or an S3-compatible bucket. */
export interface StorageDriver {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Stores a file from disk without reading it into memory (a data export: composers/account/data-export.ts). */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  get(key: string): Promise<StoredFile | null>;
  delete(keys: readonly string[]): Promise<void>;
  /** The address the browser loads the file from. */
  publicUrl(key: string): string;
}

/** The driver, and the signed, expiring addresses of files only some people may see (`withMediaLinks`). */
export interface Storage extends StorageDriver {
  /**
   * The address of a file of a post or event not open to everyone: `/media/<key>?e=<expiry>&s=<HMAC>`,
   * always through the app (never a CDN), good for 7 to 8 days. The same all day, so a browser
   * keeps its copy; given only to those the audience rule lets see the thing (and to the servers of
   * approved followers, in the Note).
   */
  privateUrl(key: string): string;
  /** Whether `expires` and `signature` (the `e` and `s` of a private address) open `key` now. */
  opensPrivateLink(key: string, expires: string | undefined, signature: string | undefined): boolean;
}

const day = 24 * 60 * 60;
/** A private address works for at least this many days after it was given. */
const privateLinkDays = 7;

/**
 * Why signed addresses rather than an audience check on every request (docs/security.md, row 66):
 * other servers fetch a followers-only Note's photos without a signature of their own (Mastodon
 * signs no media download), so only a capability in the address reaches them; and `/media` needs
 * no session, so the browser's image requests stay as cheap as a public photo's.
 */
export function withMediaLinks(driver: StorageDriver, secret: string): Storage {
  const mac = (key: string, expires: number) =>
    createHmac('sha256', `media-link:${secret}`).update(`${key}\n${expires}`).digest().subarray(0, 16);
  return {
    ...driver,
    privateUrl(key) {
      const expires = (Math.floor(Date.now() / 1000 / day) + privateLinkDays + 1) * day;
      return `/media/${key}?e=${expires}&s=${mac(key, expires).toString('base64url')}`;
    },
    opensPrivateLink(key, expires, signature) {
      if (!expires || !signature || !/^\d{1,12}$/.test(expires)) return false;
      const at = Number(expires);
      if (at * 1000 < Date.now()) return false;
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(key, at);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

/** Folder, then a file name of letters, digits, dots and dashes: never `..`, never a path. */
const safeKey = /^[A-Za-z]+\/[A-Za-z0-9-]+\.[a-z0-9]+$/;
export const isSafeKey = (key: string) => safeKey.test(key);

/**
 * Uploads kept exactly as sent (EXIF and all), for their owner's data export only: `/media` never
 * serves this folder, and no DTO names a key in it.
 */
export const originalsFolder = 'originals';

/**
 * The pictures reports keep as evidence (features/safety/reports.ts): moderators only, through
 * `GET /api/admin/reports/:reportId/snapshot`; `/media` never serves them. Reports filed before
 * this folder existed kept theirs beside the photos as `images/<ms>-report-<hex>.webp`, which
 * `isReportSnapshotKey` recognises too (no other key has `-report-` in it). Any case matches: a
 * disk that ignores case opens `Reports/x.webp` as `reports/x.webp`.
 */
export const reportSnapshotsFolder = 'reports';
export const isReportSnapshotKey = (key: string) =>
  key.toLowerCase().startsWith(`${reportSnapshotsFolder}/`) ||
  /^[a-z]+\/\d+-report-[0-9a-f]+\.webp$/i.test(key);

/** Keys carry a timestamp and never change content, so browsers and CDNs may keep them forever. */
export const immutableCacheControl = 'public, max-age=31536000, immutable';

/** Raster types the pipeline may store, by extension; anything else (an SVG, HTML put in the bucket by hand) is not served as such. */
const servableTypes: Record<string, string> = {
  webp: 'image/webp',
  avif: 'image/avif',
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
};
const servable = new Set(Object.values(servableTypes));

/**
 * The Content-Type `/media` answers with: the stored one when it is a raster image; the key's
 * extension when none was stored (the local driver keeps none); a download otherwise.
 */
export function mediaContentType(key: string, file: StoredFile): string {
  const type = file.contentType ?? servableTypes[key.slice(key.lastIndexOf('.') + 1)];
  return type && servable.has(type) ? type : 'application/octet-stream';
}

/**
 * Writes several files as one (an upload's sizes): when any write fails, a full disk half-way
 * through say, every one of them is deleted again once all have settled, and the first failure is
 * thrown. Deleting frees space, so it works on a full disk; should it fail too, the write's error is
 * the one worth reporting.
 */
export async function putAll(
  storage: Storage,
  files: readonly { key: string; data: Buffer; contentType: string }[],
): Promise<void> {
  const results = await Promise.allSettled(files.map((f) => storage.put(f.key, f.data, f.contentType)));
  const failed = results.find((result) => result.status === 'rejected');
  if (!failed) return;
  await storage.delete(files.map((f) => f.key)).catch(() => undefined);
  throw failed.reason;
}

/** Runs a write to `file`; if it fails (a full disk), removes what it left, so no partial file stays. */
async function writeWhole(file: string, write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (error) {
    await rm(file, { force: true }).catch(() => undefined);
    throw error;
  }
}

export function createLocalStorage(root: string): StorageDriver {
  const fileOf = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`Refusing unsafe storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeWhole(file, () => writeFile(file, data));
    },
    async putFile(key, source) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeWhole(file, () => copyFile(source, file));
    },
    async get(key) {
      if (!isSafeKey(key)) return null;
      const file = fileOf(key);
      // Size and bytes come from one open handle: a post deleted while its photo is being sent
      // unlinks the file, and a path opened after the size was read would fail half-way through
      // a response that already promised that many bytes.
      const handle = await open(file).catch(() => null);
      if (!handle) return null;
      try {
        const { size } = await handle.stat();
        return { body: Readable.toWeb(handle.createReadStream()) as ReadableStream<Uint8Array>, size };
      } catch {
        await handle.close();
        return null;
      }
    },
    async delete(keys) {
      await Promise.all(keys.map((key) => rm(fileOf(key), { force: true })));
    },
    publicUrl: (key) => `/media/${key}`,
  };
}
