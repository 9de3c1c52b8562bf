/**
 * A multipart/form-data body read as it arrives, its first file written to disk and never held in
 * memory: the client API's media upload takes videos of up to VIDEO_MAX_MB (200 MB), which
 * `Request.formData()` would buffer whole. The file's bytes are counted as they come, and past
 * its limit (chosen from the part's declared type, once its headers are read) the read stops and
 * the file is removed. Other text fields (`description`, `focus`) are kept, each small; further
 * files (an app's `thumbnail`) are read past and dropped.
 */
import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';

export interface ReceivedFile {
  path: string;
  bytes: number;
  /** As the part declared it (`video/quicktime`, `application/octet-stream`, or none): a hint only. */
  contentType: string | null;
}

export interface ReceivedForm {
  fields: Record<string, string>;
  file: ReceivedFile | null;
}

export interface ReceiveOptions {
  /** Where the file goes: the caller removes it once done with it. */
  path: string;
  /** The most bytes a file declared `contentType` may have; past it `tooLarge` is thrown. */
  maxFileBytes: (contentType: string | null) => number;
  tooLarge: (contentType: string | null) => Error;
  /** Thrown for a body that is not well-formed multipart. */
  malformed: () => Error;
}

/** A text field's bytes at most, and a part's headers': both are a few dozen bytes from any app. */
const maxFieldBytes = 64 * 1024;
const maxHeaderBytes = 16 * 1024;

export const boundaryOf = (contentType: string | null | undefined): string | null => {
  const match = /^multipart\/form-data\s*;.*\bboundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(
    contentType ?? '',
  );
  return match?.[1] ?? match?.[2] ?? null;
};

type Part =
  | { kind: 'field'; name: string; chunks: Buffer[]; size: number }
  | { kind: 'file'; out: WriteStream; contentType: string | null }
  | { kind: 'skip' };

/**
 * Ends a file stream and waits until it is closed: a stream destroyed before its file has opened
 * still creates the file, after the caller has removed it.
 */
const closed = (stream: WriteStream) =>
  new Promise<void>((resolve) => {
    if (stream.closed) return resolve();
    stream.once('close', () => resolve());
    stream.destroy();
  });

export async function receiveMultipartFile(request: Request, options: ReceiveOptions): Promise<ReceivedForm> {
  const boundary = boundaryOf(request.headers.get('content-type'));
  if (!boundary || !request.body) throw options.malformed();
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const headerEnd = Buffer.from('\r\n\r\n');
  const fields: Record<string, string> = {};
  let file: ReceivedFile | null = null;
  let out: WriteStream | null = null;
  // The first delimiter has no line break before it: one is put there so every delimiter reads alike.
  let pending: Buffer = Buffer.from('\r\n');
  type State = 'preamble' | 'afterDelimiter' | 'headers' | 'body' | 'done';
  // Widened: `advance` changes it, which the checker cannot see from the loop below.
  let state = 'preamble' as State;
  let part: Part = { kind: 'skip' };

  const write = async (data: Buffer) => {
    if (data.length === 0) return;
    if (part.kind === 'field') {
      part.size += data.length;
      if (part.size > maxFieldBytes) throw options.malformed();
      part.chunks.push(data);
    } else if (part.kind === 'file') {
      file!.bytes += data.length;
      if (file!.bytes > options.maxFileBytes(part.contentType)) throw options.tooLarge(part.contentType);
      if (!part.out.write(data)) await once(part.out, 'drain');
    }
  };

  const endPart = async () => {
    if (part.kind === 'field') fields[part.name] = Buffer.concat(part.chunks).toString('utf8');
    if (part.kind === 'file') {
      part.out.end();
      await once(part.out, 'close');
    }
    part = { kind: 'skip' };
  };

  const startPart = (headers: string) => {
    const disposition = /^content-disposition:(.*)$/im.exec(headers)?.[1] ?? '';
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    const isFile = /\bfilename\*?=/i.test(disposition);
    const contentType = /^content-type:\s*([^\s;]+)/im.exec(headers)?.[1]?.toLowerCase() ?? null;
    if (name === undefined) throw options.malformed();
    if (isFile && !file) {
      out = createWriteStream(options.path);
      file = { path: options.path, bytes: 0, contentType };
      part = { kind: 'file', out, contentType };
    } else if (isFile) {
      part = { kind: 'skip' };
    } else {
      part = { kind: 'field', name, chunks: [], size: 0 };
    }
  };

  /** Reads what `pending` holds as far as it can; keeps a tail that may be a delimiter's start. */
  const advance = async () => {
    for (;;) {
      if (state === 'done') return;
      if (state === 'preamble' || state === 'body') {
        const at = pending.indexOf(delimiter);
        if (at === -1) {
          const safe = Math.max(0, pending.length - (delimiter.length - 1));
          if (state === 'body') await write(pending.subarray(0, safe));
          pending = pending.subarray(safe);
          return;
        }
        if (state === 'body') {
          await write(pending.subarray(0, at));
          await endPart();
        }
        pending = pending.subarray(at + delimiter.length);
        state = 'afterDelimiter';
      }
      if (state === 'afterDelimiter') {
        if (pending.length < 2) return;
        const next = pending.subarray(0, 2).toString('latin1');
        if (next === '--') {
          state = 'done';
          return;
        }
        if (next !== '\r\n') throw options.malformed();
        pending = pending.subarray(2);
        state = 'headers';
      }
      if (state === 'headers') {
        const at = pending.indexOf(headerEnd);
        if (at === -1) {
          if (pending.length > maxHeaderBytes) throw options.malformed();
          return;
        }
        startPart(pending.subarray(0, at).toString('utf8'));
        pending = pending.subarray(at + headerEnd.length);
        state = 'body';
      }
    }
  };

  try {
    for await (const chunk of Readable.fromWeb(request.body as import('node:stream/web').ReadableStream)) {
      pending = pending.length ? Buffer.concat([pending, chunk as Buffer]) : (chunk as Buffer);
      await advance();
      if (state === 'done') break;
    }
    if (state !== 'done') throw options.malformed();
    return { fields, file };
  } catch (error) {
    if (out) await closed(out);
    await rm(options.path, { force: true });
    throw error;
  }
}
