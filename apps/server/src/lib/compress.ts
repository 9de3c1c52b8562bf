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
 *
 * The same middleware gives every response the headers all responses carry (security headers, the
 * request id): see `finishResponses`.
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

/** Whether an Accept-Encoding header takes `coding` (its q-value above 0, or `*`'s when it is not named). */
export function acceptsEncoding(header: string | undefined, coding: 'gzip' | 'br'): boolean {
  if (!header) return false;
  let wildcard: boolean | undefined;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const accepted = q === undefined || Number(q.slice(2)) > 0;
    if (name === coding || (coding === 'gzip' && name === 'x-gzip')) return accepted;
    if (name === '*') wildcard = accepted;
  }
  return wildcard ?? false;
}

/** q-values of an Accept-Encoding header: gzip is chosen unless refused (q=0) or absent. */
export const acceptsGzip = (header: string | undefined) => acceptsEncoding(header, 'gzip');

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
 * @hono/node-server's Response keeps what it was made from, `[status, body, headers]`, under a
 * private symbol and writes that to the socket without a Web Response. Missing with another
 * adapter, in app.request() in tests, or if a later version moves it: callers then take the Web way.
 */
function cachedParts(response: Response): unknown[] | undefined {
  const slot = Object.getOwnPropertySymbols(response).find((s) => s.description === 'cache');
  const cached = slot && (response as unknown as Record<symbol, unknown>)[slot];
  return Array.isArray(cached) ? cached : undefined;
}

/**
 * The text of a response built from a string: from the cached parts, since `text()` would build a
 * Web Response (a ReadableStream and a copy) just to read the string back; else `text()`.
 */
async function responseText(response: Response): Promise<{ text: string; consumed: boolean }> {
  const cached = cachedParts(response);
  if (cached && typeof cached[1] === 'string') return { text: cached[1], consumed: false };
  return { text: await response.text(), consumed: true };
}

/** The header operations compression needs, on a Web `Headers` or on a plain lowercase record. */
interface HeaderBag {
  get(name: string): string | null;
  has(name: string): boolean;
  set(name: string, value: string): void;
  delete(name: string): void;
}

/** Headers as @hono/node-server writes them without undici: a plain object, names lowercased here. */
class PlainHeaders implements HeaderBag {
  readonly record: Record<string, string | string[]> = {};

  constructor(source: Record<string, string | string[]> | undefined) {
    for (const name in source) this.record[name.toLowerCase()] = source[name]!;
  }

  get(name: string): string | null {
    const value = this.record[name];
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
  }

  has(name: string): boolean {
    return name in this.record;
  }

  set(name: string, value: string) {
    this.record[name] = value;
  }

  delete(name: string) {
    delete this.record[name];
  }
}

/** What @hono/node-server keeps of a response built from a string, bytes or nothing. */
interface PlainParts {
  status: number;
  body: string | Uint8Array | null;
  headers: Record<string, string | string[]> | undefined;
}

/**
 * The status, body and plain headers of a response @hono/node-server will write without a Web
 * Response, or null for another kind of body (or another adapter). Web Headers (a handler that
 * called `c.header()` first, as the client API's `Link` does) are read once into a plain record and
 * put in their place: every header set on them after this would be validated by undici one by one.
 * With cookies among them, null.
 */
function plainParts(response: Response): PlainParts | null {
  const cached = cachedParts(response);
  if (!cached) return null;
  const [status, body, headers] = cached as [number, unknown, unknown];
  if (!(body === null || typeof body === 'string' || body instanceof Uint8Array)) return null;
  if (headers instanceof Headers) {
    // Cookies stay on the Web path: a record's list of them, read back through Web Headers (as
    // app.request() in tests does once @hono/node-server's Response is the global one), is one
    // joined header. A sign-in is rare; a page of statuses with its `Link` is not.
    if (headers.has('set-cookie')) return null;
    const record: Record<string, string> = {};
    headers.forEach((value, name) => {
      record[name] = value;
    });
    cached[2] = record;
    return { status, body, headers: record };
  }
  if (headers !== undefined && (typeof headers !== 'object' || headers === null || Array.isArray(headers)))
    return null;
  return { status, body, headers: headers as PlainParts['headers'] };
}

/** @hono/node-server's type for a string body sent without one. */
const defaultContentType = 'text/plain; charset=UTF-8';

/**
 * Sets headers on a handler's response the way `finishResponses` keeps them: into the plain header
 * record @hono/node-server will write, when the response has one, so that it is still written
 * without a Web `Headers`; otherwise through `response.headers`. A middleware that set its headers
 * through `c.res.headers` before the handler ran (as Hono's cors() does) made every response after
 * it a copied Web Response: on the client API's cached first page that was half the CPU per request.
 */
export function setResponseHeaders(response: Response, entries: readonly (readonly [string, string])[]) {
  const parts = plainParts(response);
  const cached = parts && cachedParts(response);
  if (!parts || !cached) {
    for (const [name, value] of entries) response.headers.set(name, value);
    return;
  }
  const record = parts.headers ?? (parts.body === null ? {} : { 'content-type': defaultContentType });
  cached[2] = record;
  for (const [name, value] of entries) {
    for (const key of Object.keys(record)) if (key.toLowerCase() === name) delete record[key];
    record[name] = value;
  }
}

export interface FinishOptions {
  /** Set on every response, replacing a handler's own (Hono's secureHeaders, computed once). */
  headers?: Promise<[string, string][]>;
  /** The request id to answer in `x-request-id`, if the request has one. */
  requestId?: (c: Context) => string | undefined;
}

/**
 * Compression and the headers every response carries, in one step after the handler.
 *
 * A response @hono/node-server built from a string or bytes with a plain header object (every
 * `c.json`, `c.body(text, status, headers)`) is written by it without ever making a Web `Headers`.
 * Setting a dozen security headers through `c.res.headers` made one (undici validating each
 * header) and cost more than a quarter of an authenticated GET of a stored page: so for those
 * responses the headers stay a plain object and a new response is built from it once. Anything
 * else (a stream, a file, better-auth's Web Response) gets the same headers through `c.res.headers`.
 */
export function finishResponses({ headers: fixedHeaders, requestId }: FinishOptions = {}): MiddlewareHandler {
  const cache = new GzipCache();
  let fixed: [string, string][] | undefined;

  async function compressText(text: string): Promise<Gzipped> {
    const cached = cache.get(text);
    if (cached) return cached;
    const bytes = Buffer.from(text);
    const compressed = bytes.length <= syncMaxBytes ? gzipSync(bytes) : await gzipAsync(bytes);
    if (bytes.length <= cacheMaxBodyBytes) cache.set(text, compressed);
    return compressed;
  }

  /** Whether a response with these headers may be gzipped; sets Vary when its body could be. */
  function compressible(c: Context, status: number, headers: HeaderBag): boolean {
    const type = headers.get('content-type');
    if (!type || !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type)) return false;
    if (c.req.method === 'HEAD' || status === 206 || status === 204 || status === 304) return false;
    if (headers.has('content-encoding') || headers.has('transfer-encoding')) return false;
    if (noTransform.test(headers.get('cache-control') ?? '')) return false;
    const length = headers.get('content-length');
    if (length !== null && Number(length) < compressMinBytes) return false;
    const vary = headers.get('vary');
    if (vary !== '*' && !(vary && varyAcceptEncoding.test(vary))) {
      headers.set('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    }
    return acceptsGzip(c.req.header('accept-encoding'));
  }

  function markGzipped(headers: HeaderBag) {
    headers.set('content-encoding', 'gzip');
    const etag = headers.get('etag');
    if (etag && !etag.startsWith('W/')) headers.set('etag', `W/${etag}`);
  }

  function addFixed(c: Context, headers: HeaderBag) {
    for (const [name, value] of fixed ?? []) headers.set(name, value);
    const id = requestId?.(c);
    if (id) headers.set('x-request-id', id);
  }

  return async function finish(c, next) {
    fixed ??= await fixedHeaders;
    await next();
    const parts = plainParts(c.res);
    if (parts) {
      const headers = new PlainHeaders(parts.headers);
      if (parts.body !== null && !headers.has('content-type'))
        headers.set('content-type', defaultContentType);
      addFixed(c, headers);
      let body = parts.body as BodyInit | null;
      if (
        compressible(c, parts.status, headers) &&
        typeof parts.body === 'string' &&
        Buffer.byteLength(parts.body) >= compressMinBytes
      ) {
        body = await compressText(parts.body);
        markGzipped(headers);
      }
      // @hono/node-server writes a plain record as it is (string[] for repeated headers).
      replaceResponse(
        c,
        new Response(body, { status: parts.status, headers: headers.record as HeadersInit }),
      );
      return;
    }

    addFixed(c, c.res.headers);
    if (!compressible(c, c.res.status, c.res.headers)) return;
    if (c.res.headers.get('content-length') !== null) {
      // A file streamed from disk: compress it as it streams.
      const body = c.res.body;
      if (!body) return;
      replaceResponse(c, new Response(body.pipeThrough(new CompressionStream('gzip')), c.res));
      c.res.headers.delete('content-length');
    } else {
      // A body built in memory: one zlib call, reused while the same text comes back.
      const { text, consumed } = await responseText(c.res);
      if (Buffer.byteLength(text) < compressMinBytes) {
        if (consumed) replaceResponse(c, new Response(text, c.res));
        return;
      }
      replaceResponse(c, new Response(await compressText(text), c.res));
    }
    markGzipped(c.res.headers);
  };
}
