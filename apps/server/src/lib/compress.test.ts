import { get as httpGet } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { type ServerType, serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptsGzip, finishResponses } from './compress.ts';
import { clientApiCors } from './cors.ts';

const big = JSON.stringify({ items: Array.from({ length: 100 }, (_, i) => ({ id: i, caption: 'light' })) });
const bigBytes = new TextEncoder().encode(big);

/** Bytes as a one-chunk stream, the way a file read from disk reaches a response. */
function streamOf(bytes: Uint8Array) {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

const app = new Hono()
  .use(finishResponses())
  .get('/big', (c) => c.body(big, 200, { 'content-type': 'application/json' }))
  .get('/small', (c) => c.json({ ok: true }))
  .get('/events', (c) => c.body(big, 200, { 'content-type': 'text/event-stream' }))
  .get('/image', (c) => c.body(new TextEncoder().encode(big), 200, { 'content-type': 'image/webp' }))
  .get('/file', (c) =>
    c.body(streamOf(bigBytes), 200, {
      'content-type': 'text/javascript',
      'content-length': String(bigBytes.length),
    }),
  );

const get = (path: string, acceptEncoding?: string) =>
  app.request(path, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('compression', () => {
  it('gzips a JSON body of 1 kB or more for a client that accepts gzip, the same bytes each time', async () => {
    const first = await get('/big', 'gzip, deflate, br');
    expect(first.headers.get('content-encoding')).toBe('gzip');
    expect(first.headers.get('vary')).toBe('Accept-Encoding');
    const bytes = Buffer.from(await first.arrayBuffer());
    expect(gunzipSync(bytes).toString()).toBe(big);
    const again = Buffer.from(await (await get('/big', 'gzip')).arrayBuffer());
    expect(again.equals(bytes)).toBe(true);
  });

  it('sends small bodies, refused or absent gzip, event streams and images as they are', async () => {
    const small = await get('/small', 'gzip');
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.json()).toEqual({ ok: true });
    for (const header of [undefined, 'gzip;q=0', 'identity', 'br']) {
      const plain = await get('/big', header);
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(plain.headers.get('vary')).toBe('Accept-Encoding');
      expect(await plain.text()).toBe(big);
    }
    for (const path of ['/events', '/image']) {
      const untouched = await get(path, 'gzip');
      expect(untouched.headers.get('content-encoding')).toBeNull();
      expect(await untouched.text()).toBe(big);
    }
  });

  it('compresses a streamed file as it streams', async () => {
    const file = await get('/file', 'gzip');
    expect(file.headers.get('content-encoding')).toBe('gzip');
    expect(file.headers.get('content-length')).toBeNull();
    expect(gunzipSync(Buffer.from(await file.arrayBuffer())).toString()).toBe(big);
  });

  it('reads Accept-Encoding q-values', () => {
    expect(acceptsGzip('gzip')).toBe(true);
    expect(acceptsGzip('deflate, gzip;q=0.5')).toBe(true);
    expect(acceptsGzip('gzip;q=0, *')).toBe(false);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('*;q=0')).toBe(false);
    expect(acceptsGzip('br')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});

describe('finishing responses as @hono/node-server writes them', () => {
  const plainAfterCors: boolean[] = [];
  // Its global Response keeps plain headers plain: the path production takes for c.json and c.body.
  const globalRequest = globalThis.Request;
  const globalResponse = globalThis.Response;
  let server: ServerType;
  let base = '';
  beforeAll(async () => {
    const served = new Hono()
      .use(
        finishResponses({ headers: Promise.resolve([['x-frame-options', 'DENY']]), requestId: () => 'r-1' }),
      )
      .get('/big', (c) => c.body(big, 200, { 'content-type': 'application/json' }))
      .get('/small', (c) => c.json({ ok: true }))
      .get('/text', (c) => c.body('plain words'))
      .get('/own', (c) =>
        c.body(big, 200, { 'Content-Type': 'application/json', 'X-Frame-Options': 'SAMEORIGIN' }),
      )
      .get('/stream', (c) =>
        c.body(streamOf(bigBytes), 200, {
          'content-type': 'application/json',
          'content-length': String(bigBytes.length),
        }),
      )
      .get('/prepared', (c) => {
        c.header('Link', '<https://example.test/?max_id=1>; rel="next"');
        c.header('Set-Cookie', 'a=1');
        c.header('Set-Cookie', 'b=2', { append: true });
        return c.body(big, 200, { 'content-type': 'application/json' });
      })
      // What the CORS middleware hands on: still the handler's plain parts, never a Web Headers.
      .use('/cors/*', async (c, next) => {
        await next();
        const slot = Object.getOwnPropertySymbols(c.res).find((s) => s.description === 'cache');
        const parts = slot && (c.res as unknown as Record<symbol, unknown[]>)[slot];
        plainAfterCors.push(Array.isArray(parts) && !(parts[2] instanceof Headers));
      })
      .use('/cors/*', clientApiCors())
      .get('/cors/big', (c) => c.body(big, 200, { 'content-type': 'application/json' }))
      .get('/cors/text', (c) => c.body('plain words'))
      .get('/cors/bytes', (c) => c.body(bigBytes, 200, { 'content-type': 'application/json' }));
    await new Promise<void>((resolve) => {
      server = serve({ fetch: served.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
        base = `http://127.0.0.1:${info.port}`;
        resolve();
      });
    });
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    Object.defineProperty(globalThis, 'Request', { value: globalRequest });
    Object.defineProperty(globalThis, 'Response', { value: globalResponse });
  });
  // node:http with its own decoding off: the bytes as sent.
  const fetchRaw = (path: string, acceptEncoding = 'gzip') =>
    new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>(
      (resolve, reject) => {
        httpGet(`${base}${path}`, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
        }).on('error', reject);
      },
    );

  it('gives every answer the fixed headers and its request id, gzipped where it pays', async () => {
    const bigAnswer = await fetchRaw('/big');
    expect(bigAnswer.headers).toMatchObject({
      'content-type': 'application/json',
      'content-encoding': 'gzip',
      vary: 'Accept-Encoding',
      'x-frame-options': 'DENY',
      'x-request-id': 'r-1',
    });
    expect(gunzipSync(bigAnswer.body).toString()).toBe(big);
    const small = await fetchRaw('/small');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers).toMatchObject({ 'x-frame-options': 'DENY', 'x-request-id': 'r-1' });
    expect(JSON.parse(small.body.toString())).toEqual({ ok: true });
    const text = await fetchRaw('/text');
    expect(text.headers['content-type']).toBe('text/plain; charset=UTF-8');
    expect(text.body.toString()).toBe('plain words');
    const identity = await fetchRaw('/big', 'identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.toString()).toBe(big);
  });

  it('replaces a handler’s own value of a fixed header, and finishes streamed answers too', async () => {
    const own = await fetchRaw('/own');
    expect(own.headers['x-frame-options']).toBe('DENY');
    expect(gunzipSync(own.body).toString()).toBe(big);
    const streamed = await fetchRaw('/stream');
    expect(streamed.headers).toMatchObject({
      'content-encoding': 'gzip',
      'x-frame-options': 'DENY',
      'x-request-id': 'r-1',
    });
    expect(gunzipSync(streamed.body).toString()).toBe(big);
  });

  it('keeps headers a handler set before its body (Web Headers), repeated cookies included', async () => {
    const answer = await fetchRaw('/prepared');
    expect(answer.headers).toMatchObject({
      link: '<https://example.test/?max_id=1>; rel="next"',
      'set-cookie': ['a=1', 'b=2'],
      'content-type': 'application/json',
      'content-encoding': 'gzip',
      'x-frame-options': 'DENY',
      'x-request-id': 'r-1',
    });
    expect(gunzipSync(answer.body).toString()).toBe(big);
  });

  it('adds the client API’s CORS headers to the handler’s own response, which stays plain', async () => {
    for (const path of ['/cors/big', '/cors/bytes']) {
      const answer = await fetchRaw(path);
      expect(answer.headers).toMatchObject({
        'access-control-allow-origin': '*',
        'access-control-expose-headers': expect.stringContaining('Link'),
        'content-type': 'application/json',
        'x-frame-options': 'DENY',
      });
      const body = answer.headers['content-encoding'] === 'gzip' ? gunzipSync(answer.body) : answer.body;
      expect(body.toString()).toBe(big);
    }
    const text = await fetchRaw('/cors/text');
    expect(text.headers).toMatchObject({
      'access-control-allow-origin': '*',
      'content-type': 'text/plain; charset=UTF-8',
    });
    expect(text.body.toString()).toBe('plain words');
    expect(plainAfterCors).toEqual([true, true, true]);
  });
});
