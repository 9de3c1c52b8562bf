/**
 * Response compression: gzip for text bodies of 1 kB and more, when the client accepts gzip.
 *
 * Hono's compress() pipes every body through a CompressionStream (web streams over zlib) and, by
 * setting Vary after the response exists, makes @hono/node-server rebuild the response as a
 * stream too; on a 14 kB JSON page that cost more than the page itself (docs/performance.md).
 * Here a body that is already in memory (every JSON answer, the SPA page) is compressed in one
 * zlib call, and the gzip of a body seen recently is reused, so a page that does not change
 * (the stored benchmark page, index.html, the same feed page asked twice) is compressed once.
 * Files streamed with a Content-Length (built assets without a .gz twin, other static files) are
 * still compressed as a stream. Bodies under 1 kB are sent as they are: gzip saves nothing there.
 */
import { promisify } from 'node:util';
import { gzip, gzipSync } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/compress';

/** Below this a gzip header and the CPU cost more than the bytes saved. */
export const compressMinBytes = 1024;
/** Compressed on the event loop up to this size (~0.1 ms at level 6 here); larger in the thread pool. */
const syncMaxBytes = 64 * 1024;
/** Recently compressed bodies: what a cache entry may weigh, and how many are kept. */
const cacheMaxBodyBytes = 64 * 1024;
const cacheEntries = 128;

const gzipAsync = promisify(gzip) as (bytes: Buffer) => Promise<Gzipped>;
/** zlib's output never shares memory, which is what a Response body needs (BodyInit). */
type Gzipped = Buffer<ArrayBuffer>;
const noTransform = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const varyAcceptEncoding = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

/** q-values of an Accept-Encoding header: gzip is chosen unless refused (q=0) or absent. */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let wildcard: boolean | undefined;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const accepted = q === undefined || Number(q.slice(2)) > 0;
    if (name === 'gzip' || name === 'x-gzip') return accepted;
    if (name === '*') wildcard = accepted;
  }
  return wildcard ?? false;
}

/** A small least-recently-used map from body text to its gzip. */
class GzipCache {
  private entries = new Map<string, Gzipped>();

  get(text: string): Gzipped | undefined {
    const hit = this.entries.get(text);
    if (hit) {
      this.entries.delete(text);
      this.entries.set(text, hit);
    }
    return hit;
  }

  set(text: string, compressed: Gzipped) {
    this.entries.set(text, compressed);
    if (this.entries.size > cacheEntries) this.entries.delete(this.entries.keys().next().value!);
  }
}

/**
 * Puts `response` in place of c.res. Assigning over an existing response makes Hono copy it into
 * a new one through its body stream; clearing it first hands the new one over as it is. The new
 * response is built from the old (`new Response(body, c.res)`), so it already has its headers.
 */
export function replaceResponse(c: Context, response: Response) {
  c.res = undefined;
  c.res = response;
}

/**
 * The text of a response built from a string. @hono/node-server's Response keeps the string it
 * was made from under a private symbol and writes it to the socket without a Web Response; asking
 * for `text()` would build one (a ReadableStream and a copy) just to read the string back. Where
 * that slot is missing (another adapter, app.request() in tests, a later version), `text()`.
 */
async function responseText(response: Response): Promise<{ text: string; consumed: boolean }> {
  const slot = Object.getOwnPropertySymbols(response).find((s) => s.description === 'cache');
  const cached = slot && (response as unknown as Record<symbol, unknown>)[slot];
  if (Array.isArray(cached) && typeof cached[1] === 'string') return { text: cached[1], consumed: false };
  return { text: await response.text(), consumed: true };
}

export function compression(): MiddlewareHandler {
  const cache = new GzipCache();

  async function compressText(text: string): Promise<Gzipped> {
    const cached = cache.get(text);
    if (cached) return cached;
    const bytes = Buffer.from(text);
    const compressed = bytes.length <= syncMaxBytes ? gzipSync(bytes) : await gzipAsync(bytes);
    if (bytes.length <= cacheMaxBodyBytes) cache.set(text, compressed);
    return compressed;
  }

  return async function compress(c, next) {
    await next();
    // Reading c.res.headers is cheap; c.header() here would rebuild the response as a stream.
    const headers = c.res.headers;
    const type = headers.get('content-type');
    if (!type || !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type)) return;
    if (c.req.method === 'HEAD' || c.res.status === 206 || c.res.status === 204 || c.res.status === 304)
      return;
    if (headers.has('content-encoding') || headers.has('transfer-encoding')) return;
    if (noTransform.test(headers.get('cache-control') ?? '')) return;
    const length = headers.get('content-length');
    if (length !== null && Number(length) < compressMinBytes) return;

    const vary = headers.get('vary');
    if (vary !== '*' && !(vary && varyAcceptEncoding.test(vary))) {
      headers.set('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    }
    if (!acceptsGzip(c.req.header('accept-encoding'))) return;

    if (length !== null) {
      // A file streamed from disk: compress it as it streams.
      const body = c.res.body;
      if (!body) return;
      replaceResponse(c, new Response(body.pipeThrough(new CompressionStream('gzip')), c.res));
      c.res.headers.delete('content-length');
    } else {
      // A body built in memory (JSON, HTML): one zlib call, reused while the same text comes back.
      const { text, consumed } = await responseText(c.res);
      if (Buffer.byteLength(text) < compressMinBytes) {
        if (consumed) replaceResponse(c, new Response(text, c.res));
        return;
      }
      replaceResponse(c, new Response(await compressText(text), c.res));
    }
    c.res.headers.set('content-encoding', 'gzip');
    const etag = c.res.headers.get('etag');
    if (etag && !etag.startsWith('W/')) c.res.headers.set('etag', `W/${etag}`);
  };
}
