import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { acceptsGzip, compression } from './compress.ts';

const big = JSON.stringify({ items: Array.from({ length: 100 }, (_, i) => ({ id: i, caption: 'light' })) });

const app = new Hono()
  .use(compression())
  .get('/big', (c) => c.body(big, 200, { 'content-type': 'application/json' }))
  .get('/small', (c) => c.json({ ok: true }))
  .get('/events', (c) => c.body(big, 200, { 'content-type': 'text/event-stream' }))
  .get('/image', (c) => c.body(new TextEncoder().encode(big), 200, { 'content-type': 'image/webp' }))
  .get('/file', (c) => {
    const bytes = new TextEncoder().encode(big);
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(bytes);
        controller.close();
      },
    });
    return c.body(stream, 200, { 'content-type': 'text/javascript', 'content-length': String(bytes.length) });
  });

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
