/**
 * Where image files live. Local disk by default; the S3-compatible driver (s3.ts) implements the
 * same interface for scale-out. Keys look like `images/1732000000000-ab12cd-640.webp`.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { copyFile, mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';

export interface StoredFile {
  /** The whole file, or only the bytes of `range` when one was asked for and satisfiable. */
  body: ReadableStream<Uint8Array>;
  /** The whole file's size, whatever part `body` holds. */
  size: number;
  /** As stored with the object (S3); the local driver does not record one. */
  contentType?: string;
  /**
   * The bytes `body` holds (inclusive) when a range was asked for; `unsatisfiable` when the asked
   * range lies past the end (the body is then empty). Absent: the whole file.
   */
  range?: { start: number; end: number } | 'unsatisfiable';
}

/** One byte range as a `Range: bytes=…` header names it: `start-end`, `start-`, or the last `suffix` bytes. */
export type ByteRange = { start: number; end?: number } | { suffix: number };

/**
 * A `Range` header's one range (`bytes=0-99`, `bytes=100-`, `bytes=-500`); null for anything else
 * (several ranges, another unit, nonsense), which is then answered with the whole file, as RFC 9110
 * allows a server that does not support such a request.
 */
export function parseRange(header: string | undefined): ByteRange | null {
  const match = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header?.trim() ?? '');
  if (!match) return null;
  const [, from, to] = match;
  if (from === '' && to === '') return null;
  if (from === '') return Number(to) > 0 ? { suffix: Number(to) } : null;
  if (to !== '' && Number(to) < Number(from)) return null;
  return to === '' ? { start: Number(from) } : { start: Number(from), end: Number(to) };
}

/** The inclusive bytes `range` names in a file of `size` bytes; null when none of it exists. */
export function resolveRange(range: ByteRange, size: number): { start: number; end: number } | null {
  if ('suffix' in range)
    return size === 0 ? null : { start: Math.max(0, size - range.suffix), end: size - 1 };
  if (range.start >= size) return null;
  return { start: range.start, end: Math.min(size - 1, range.end ?? size - 1) };
}

/** A place that keeps files: the local disk or an S3-compatible bucket. */
export interface StorageDriver {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Stores a file from disk without reading it into memory (a data export: composers/account/data-export.ts). */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  /** The file, or the part of it `range` names (`StoredFile.range` says what was read). */
  get(key: string, range?: ByteRange): Promise<StoredFile | null>;
  /**
   * Copies the stored file to `file` on disk (a video's original, for ffmpeg); false when there is
   * none. On the local disk the kernel copies it: no byte passes through the process's memory.
   */
  getFile(key: string, file: string): Promise<boolean>;
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

/**
 * Raster types the pipeline may store, and the MP4 the video pipeline makes, by extension; anything
 * else (an SVG, HTML put in the bucket by hand) is not served as such.
 */
const servableTypes: Record<string, string> = {
  webp: 'image/webp',
  avif: 'image/avif',
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  // Transcoded videos only (features/images/video.ts): H.264 + AAC that every browser plays.
  mp4: 'video/mp4',
};
const servable = new Set(Object.values(servableTypes));

/**
 * The Content-Type `/media` answers with: the stored one when it is a raster image or an MP4; the key's
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

/**
 * Runs `write` into a hidden file beside `file`, then renames it over `file`: a reader (`/media`)
 * finds no file, then the whole of it, never the part a copy has reached (a transcode's MP4 is
 * hundreds of MB); a write that fails (a full disk) removes what it left. A process killed mid-way
 * leaves only the hidden file, which no key names (`isSafeKey` refuses a leading dot).
 */
async function writeWhole(file: string, write: (partial: string) => Promise<void>): Promise<void> {
  const partial = path.join(path.dirname(file), `.partial-${randomBytes(8).toString('hex')}`);
  try {
    await write(partial);
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true }).catch(() => undefined);
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
      await writeWhole(file, (partial) => writeFile(partial, data));
    },
    async putFile(key, source) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeWhole(file, (partial) => copyFile(source, partial));
    },
    async get(key, range) {
      if (!isSafeKey(key)) return null;
      const file = fileOf(key);
      // Size and bytes come from one open handle: a post deleted while its photo is being sent
      // unlinks the file, and a path opened after the size was read would fail half-way through
      // a response that already promised that many bytes.
      const handle = await open(file).catch(() => null);
      if (!handle) return null;
      try {
        const { size } = await handle.stat();
        const bytes = range ? resolveRange(range, size) : undefined;
        if (bytes === null) {
          await handle.close();
          return { body: new Blob([]).stream(), size, range: 'unsatisfiable' };
        }
        const stream = handle.createReadStream(bytes ? { start: bytes.start, end: bytes.end } : {});
        return {
          body: Readable.toWeb(stream) as ReadableStream<Uint8Array>,
          size,
          ...(bytes && { range: bytes }),
        };
      } catch {
        await handle.close();
        return null;
      }
    },
    async getFile(key, file) {
      if (!isSafeKey(key)) return false;
      return copyFile(fileOf(key), file).then(
        () => true,
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return false;
          throw error;
        },
      );
    },
    async delete(keys) {
      await Promise.all(keys.map((key) => rm(fileOf(key), { force: true })));
    },
    publicUrl: (key) => `/media/${key}`,
  };
}
