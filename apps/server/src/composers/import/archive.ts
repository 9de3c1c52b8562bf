/**
 * Reading an uploaded archive safely (docs/security.md "Archives"). Only the zip's
 * central directory is read to open it: every entry is checked before any is unpacked, so a
 * refused archive costs no decompression. Refused: not a zip, a name that leaves the archive
 * (absolute, `..`), a symbolic link, more than `importMaxEntries` files, declared sizes past
 * `importMaxUnpackedBytes` (a zip bomb's usual lie). A file that unpacks to more than it
 * declares (the other lie) is stopped by yauzl's size check while it is read, as `CorruptArchive`.
 */

import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { limits, messages } from '@glimpse/shared';
import type { Entry, ZipFile } from 'yauzl';
import yauzl from 'yauzl';
import { AppError, invalid } from '../../lib/errors.ts';

/** A file of the archive that unpacked to other than its declared size, or failed to unpack. */
export class CorruptArchive extends Error {
  constructor(options?: { cause?: unknown }) {
    super('corrupt archive', options);
    this.name = 'CorruptArchive';
  }
}

export interface Archive {
  /** Every file by its name (folders left out), in the archive's order. */
  entries: Map<string, Entry>;
  /** The whole file, at most `maxBytes` (larger: null, nothing read). */
  read(entry: Entry, maxBytes: number): Promise<Buffer | null>;
  /**
   * Unpacks the file into `file` as a stream, never whole in memory (a video may be hundreds of
   * megabytes): false, nothing written, when it declares more than `maxBytes`.
   */
  extract(entry: Entry, maxBytes: number, file: string): Promise<boolean>;
  /** Unpacks the file without keeping it: `CorruptArchive` when it is not the size it declares. */
  check(entry: Entry): Promise<void>;
  close(): void;
}

const symlinkMode = 0o120000;
const isSymlink = (entry: Entry) => ((entry.externalFileAttributes >>> 16) & 0o170000) === symlinkMode;

/** yauzl's own refusal of a name, as the member's message ("absolute path: /etc/passwd"). */
function refusedName(error: Error): AppError | null {
  const named = /^(?:absolute path|invalid relative path|invalid characters in fileName): (.*)$/s.exec(
    error.message,
  );
  return named ? invalid(messages.import.unsafeName(named[1]!.slice(0, 200))) : null;
}

const openZip = (file: string) =>
  new Promise<ZipFile>((resolve, reject) =>
    yauzl.open(
      file,
      // strictFileNames off: `a\b` reads as `a/b` and is then checked like any other name.
      {
        lazyEntries: true,
        autoClose: false,
        decodeStrings: true,
        validateEntrySizes: true,
        strictFileNames: false,
      },
      (err, zip) => (err ? reject(err) : resolve(zip)),
    ),
  );

export async function openArchive(file: string): Promise<Archive> {
  let zip: ZipFile;
  try {
    zip = await openZip(file);
  } catch {
    throw invalid(messages.import.notZip);
  }
  try {
    if (zip.entryCount > limits.importMaxEntries)
      throw invalid(messages.import.tooManyEntries(limits.importMaxEntries));
    const entries = await new Promise<Map<string, Entry>>((resolve, reject) => {
      const found = new Map<string, Entry>();
      let declared = 0;
      zip.on('error', (err: Error) => reject(refusedName(err) ?? invalid(messages.import.notZip)));
      zip.on('end', () => resolve(found));
      zip.on('entry', (entry: Entry) => {
        if (isSymlink(entry)) return reject(invalid(messages.import.symlink(entry.fileName.slice(0, 200))));
        declared += entry.uncompressedSize;
        if (declared > limits.importMaxUnpackedBytes) return reject(invalid(messages.import.unpacksTooLarge));
        if (!entry.fileName.endsWith('/')) found.set(entry.fileName, entry);
        zip.readEntry();
      });
      zip.readEntry();
    });
    return {
      entries,
      read: (entry, maxBytes) => readEntry(zip, entry, maxBytes),
      extract: (entry, maxBytes, file) => extractEntry(zip, entry, maxBytes, file),
      check: async (entry) => {
        await readEntry(zip, entry, Number.POSITIVE_INFINITY, false);
      },
      close: () => zip.close(),
    };
  } catch (error) {
    zip.close();
    throw error instanceof AppError ? error : invalid(messages.import.notZip);
  }
}

const openEntry = (zip: ZipFile, entry: Entry) =>
  new Promise<NodeJS.ReadableStream>((resolve, reject) =>
    zip.openReadStream(entry, (err, s) => (err ? reject(err) : resolve(s))),
  );

async function extractEntry(zip: ZipFile, entry: Entry, maxBytes: number, file: string): Promise<boolean> {
  if (entry.uncompressedSize > maxBytes) return false;
  let stream: NodeJS.ReadableStream;
  try {
    stream = await openEntry(zip, entry);
  } catch (error) {
    throw new CorruptArchive({ cause: error });
  }
  try {
    // yauzl stops the stream with an error past the declared size, so the file never grows past it.
    await pipeline(stream, createWriteStream(file, { mode: 0o600 }));
  } catch (error) {
    await rm(file, { force: true });
    // A failed write (a full disk) is not the archive's fault: the job tries again.
    if ((error as NodeJS.ErrnoException).syscall) throw error;
    throw new CorruptArchive({ cause: error });
  }
  return true;
}

async function readEntry(zip: ZipFile, entry: Entry, maxBytes: number, keep = true): Promise<Buffer | null> {
  if (entry.uncompressedSize > maxBytes) return null;
  try {
    const stream = await openEntry(zip, entry);
    const chunks: Buffer[] = [];
    // yauzl stops the stream with an error past the declared size, so this never holds more.
    for await (const chunk of stream) if (keep) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  } catch (error) {
    throw new CorruptArchive({ cause: error });
  }
}
