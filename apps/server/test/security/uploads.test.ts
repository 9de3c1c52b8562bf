/**
 * Hostile uploads: each is refused with a 4xx and a message that says what to do, and leaves no
 * file in storage and no row in the database. The files are built here, byte by byte where sharp
 * cannot make them (a bomb's header, a HEIC container); the one real HEIC is test/images.ts's.
 */
import { deflateSync } from 'node:zlib';
import type { ApiErrorBody } from '@glimpse/shared';
import { limits, messages } from '@glimpse/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../context.ts';
import { heicClaimingSize, heicPhoto, imageForm, makeJpeg } from '../images.ts';
import { dataDigest, json, type Member } from './scene.ts';

let t: TestContext;
let member: Member;
beforeAll(async () => {
  t = await createTestContext();
  member = await t.signUpWithProfile();
});
afterAll(() => t.close());

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer) {
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG header claiming width × height 1-bit pixels, with a few rows of deflated zeros: bytes on disk, gigapixels decoded. */
function pngBomb(width: number, height: number) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  const rows = deflateSync(Buffer.alloc((Math.ceil(width / 8) + 1) * 16));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', rows),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A GIF whose single frame claims width × height: the GIF form of a decompression bomb. */
function gifBomb(width: number, height: number) {
  const screen = Buffer.alloc(7);
  screen.writeUInt16LE(width, 0);
  screen.writeUInt16LE(height, 2);
  screen[4] = 0x80; // global colour table of 2 entries
  const frame = Buffer.alloc(10);
  frame[0] = 0x2c;
  frame.writeUInt16LE(width, 5);
  frame.writeUInt16LE(height, 7);
  return Buffer.concat([
    Buffer.from('GIF89a', 'latin1'),
    screen,
    Buffer.from([0, 0, 0, 255, 255, 255]),
    frame,
    Buffer.from([2, 2, 0x4c, 0x01, 0, 0x3b]),
  ]);
}

/** The start of an iPhone photo: an ISO-BMFF `ftyp` box with the HEVC brands, then no HEIF inside. */
function heicContainerOnly() {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftypheic', 4, 'latin1');
  ftyp.write('mif1heic', 16, 'latin1');
  return Buffer.concat([ftyp, Buffer.alloc(4096, 7)]);
}

async function upload(data: Buffer | Uint8Array, filename = 'photo.jpg', type = 'image/jpeg') {
  const form = new FormData();
  form.set('purpose', 'post');
  form.set('file', new File([new Uint8Array(data)], filename, { type }));
  return member.request('/api/images', { method: 'POST', body: form });
}

describe('hostile uploads', () => {
  const cases: [string, () => Promise<Buffer>, number, string, string?][] = [
    [
      'a shell script renamed .jpg',
      async () => Buffer.from('#!/bin/sh\nrm -rf /\n'),
      400,
      messages.image.notAnImage,
    ],
    [
      'a truncated JPEG',
      async () => {
        const jpeg = await makeJpeg(400, 300);
        return jpeg.subarray(0, Math.floor(jpeg.length * 0.6));
      },
      400,
      messages.image.notAnImage,
    ],
    [
      'a PNG bomb claiming 100,000 × 100,000 pixels',
      async () => pngBomb(100_000, 100_000),
      400,
      messages.image.tooManyPixels,
      'bomb.png',
    ],
    [
      'a PNG just over the 50-megapixel limit',
      async () => pngBomb(8000, 6300),
      400,
      messages.image.tooManyPixels,
      'big.png',
    ],
    [
      'a GIF frame claiming 20,000 × 20,000 pixels',
      async () => gifBomb(20_000, 20_000),
      400,
      messages.image.tooManyPixels,
      'bomb.gif',
    ],
    [
      'an SVG with a script',
      async () =>
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><script>alert(2)</script></svg>',
        ),
      400,
      messages.image.notAnImage,
      'logo.svg',
    ],
    [
      'an SVG renamed .jpg, declared image/jpeg',
      async () =>
        Buffer.from(
          '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>x()</script></svg>',
        ),
      400,
      messages.image.notAnImage,
    ],
    [
      'an HTML page renamed .png',
      async () => Buffer.from('<!doctype html><script>alert(1)</script>'),
      400,
      messages.image.notAnImage,
      'a.png',
    ],
    [
      'a HEIC container with nothing inside',
      async () => heicContainerOnly(),
      400,
      messages.image.notAnImage,
      'IMG_0001.HEIC',
    ],
    [
      'a HEIC whose header claims 100 megapixels (refused before decoding)',
      async () => heicClaimingSize(10_000, 10_000),
      400,
      messages.image.tooManyPixels,
      'IMG_0002.HEIC',
    ],
    [
      'a HEIC cut off after its header',
      async () => heicPhoto().subarray(0, 500),
      400,
      messages.image.notAnImage,
      'IMG_0003.HEIC',
    ],
    [
      'a TIFF (decodable by sharp, not accepted)',
      async () =>
        sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
          .tiff()
          .toBuffer(),
      400,
      messages.image.notAnImage,
      'scan.tiff',
    ],
    [
      'a 16 MB file of zeros',
      async () => Buffer.alloc(limits.imageMaxBytes + 1024 * 1024),
      413,
      messages.image.tooLarge(15),
    ],
  ];

  it.each(cases)(
    'refuses %s with a clear message and stores nothing',
    async (_, make, status, message, filename) => {
      const data = await make();
      const files = await t.storedFiles();
      const before = await dataDigest(t);
      const response = await upload(data, filename);
      expect(response.status).toBe(status);
      expect((await json<ApiErrorBody>(response)).error.message).toBe(message);
      expect(await t.storedFiles()).toEqual(files);
      expect(await dataDigest(t)).toEqual(before);
    },
  );

  it('refuses a 50 MB upload with 413 as soon as its Content-Length is known, without reading the body', async () => {
    const total = 50 * 1024 * 1024;
    const chunk = new Uint8Array(1024 * 1024);
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= total) return controller.close();
        pulled += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const files = await t.storedFiles();
    const response = await member.request('/api/images', {
      method: 'POST',
      body,
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(total) },
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect((await json<ApiErrorBody>(response)).error.message).toBe(messages.image.tooLarge(15));
    // The stream may have been asked for its first chunks, never for the 50 MB.
    expect(pulled).toBeLessThanOrEqual(4 * chunk.length);
    expect(await t.storedFiles()).toEqual(files);
  });

  it('stops reading a 50 MB upload sent without a length (chunked) just past the limit', async () => {
    const total = 50 * 1024 * 1024;
    const chunk = new Uint8Array(1024 * 1024);
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= total) return controller.close();
        pulled += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const response = await member.request('/api/images', {
      method: 'POST',
      body,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(pulled).toBeLessThanOrEqual(limits.imageMaxBytes + 4 * chunk.length);
  });
});

describe('edge cases that are accepted', () => {
  it('takes the first frame of an animated GIF and stores a still WebP', async () => {
    const frame = (background: string) =>
      sharp({ create: { width: 40, height: 30, channels: 4, background } })
        .png()
        .toBuffer();
    const animated = await sharp([await frame('#c63'), await frame('#36c')], { join: { animated: true } })
      .gif({ loop: 0, delay: [100, 100] })
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(2);
    const response = await upload(animated, 'funny.gif', 'image/gif');
    expect(response.status).toBe(201);
    const image = await json<{ url: string }>(response);
    const stored = await sharp(Buffer.from(await (await member.get(image.url)).arrayBuffer())).metadata();
    expect(stored).toMatchObject({ format: 'webp', width: 40, height: 30 });
    expect(stored.pages ?? 1).toBe(1);
  });

  it('accepts AVIF, a HEIF container sharp decodes', async () => {
    const avif = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#369' } })
      .avif()
      .toBuffer();
    expect((await upload(avif, 'a.avif', 'image/avif')).status).toBe(201);
  });

  it('re-encodes a JPEG with HTML appended, so the stored file carries no script', async () => {
    const polyglot = Buffer.concat([await makeJpeg(64, 64), Buffer.from('<script>alert(1)</script>')]);
    const response = await upload(polyglot, 'poly.jpg');
    expect(response.status).toBe(201);
    const image = await json<{ url: string }>(response);
    const served = await member.get(image.url);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer()).includes('<script')).toBe(false);
  });

  it('judges by content, not by the declared type or name', async () => {
    const response = await upload(await makeJpeg(64, 64), 'notes.txt', 'text/plain');
    expect(response.status).toBe(201);
  });
});

it('uploads via imageForm still work (the driver the other suites use)', async () => {
  const response = await member.request('/api/images', {
    method: 'POST',
    body: imageForm(await makeJpeg(32, 32), 'profile'),
  });
  expect(response.status).toBe(201);
});
