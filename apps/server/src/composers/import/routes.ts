/**
 * HTTP for Import: the archive arrives as the raw request body (`application/zip`),
 * streamed to a temporary file and refused as soon as it passes `importMaxBytes`, so no archive
 * is ever held in memory; then checked and queued (service.ts). GET answers the latest import.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { limits, messages } from '@glimpse/shared';
import { Hono } from 'hono';
import { type AppEnv, signedIn } from '../../core/http.ts';
import { rateLimit } from '../../core/rate-limit.ts';
import { invalid, tooLarge } from '../../lib/errors.ts';
import { getImport, startImport } from './service.ts';

const maxMb = Math.round(limits.importMaxBytes / 1024 / 1024);
const archiveTooLarge = () => tooLarge(messages.import.tooLarge(maxMb));

/** Writes the body to `file`, counting: past the limit the upload stops there with a 413. */
async function receive(body: ReadableStream<Uint8Array>, file: string): Promise<number> {
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      done(size > limits.importMaxBytes ? archiveTooLarge() : null, chunk);
    },
  });
  await pipeline(
    Readable.fromWeb(body as WebReadableStream),
    counter,
    createWriteStream(file, { mode: 0o600 }),
  );
  return size;
}

export const importRoutes = new Hono<AppEnv>()
  .get('/import', signedIn, async (c) =>
    c.json(
      {
        import: await getImport({
          ctx: c.get('ctx'),
          input: { maxPosts: c.get('deps').env.IMPORT_MAX_POSTS },
        }),
      },
      200,
    ),
  )
  .post('/import', rateLimit('imports'), signedIn, async (c) => {
    // A declared length over the limit is refused before a byte is read.
    if (Number(c.req.header('content-length') ?? 0) > limits.importMaxBytes) throw archiveTooLarge();
    const body = c.req.raw.body;
    if (!body) throw invalid(messages.import.missing);
    const dir = await mkdtemp(path.join(tmpdir(), 'glimpse-upload-'));
    try {
      const file = path.join(dir, 'archive.zip');
      if ((await receive(body, file)) === 0) throw invalid(messages.import.missing);
      const maxPosts = c.get('deps').env.IMPORT_MAX_POSTS;
      return c.json({ import: await startImport({ ctx: c.get('ctx'), input: { file, maxPosts } }) }, 202);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
