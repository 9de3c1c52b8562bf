import { randomBytes } from 'node:crypto';
import { access, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiveMultipartFile } from './multipart-file.ts';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'glimpse-multipart-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A real multipart body (as fetch makes it from a FormData), sent in chunks of `chunkBytes`. */
async function requestOf(form: FormData, chunkBytes: number, cutAt?: number) {
  const encoded = new Request('http://x/', { method: 'POST', body: form });
  const type = encoded.headers.get('content-type')!;
  let bytes = new Uint8Array(await encoded.arrayBuffer());
  if (cutAt !== undefined) bytes = bytes.subarray(0, cutAt);
  let at = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + chunkBytes));
      at += chunkBytes;
    },
  });
  // Node's fetch wants `duplex` for a streamed body; the DOM's RequestInit type does not know it yet.
  const init = { method: 'POST', body, headers: { 'content-type': type }, duplex: 'half' };
  return new Request('http://x/', init as RequestInit);
}

class TooLarge extends Error {}
class Malformed extends Error {}
const options = (name: string, maxFileBytes = 1024 * 1024) => ({
  path: path.join(dir, name),
  maxFileBytes: () => maxFileBytes,
  tooLarge: () => new TooLarge(),
  malformed: () => new Malformed(),
});

describe('receiveMultipartFile', () => {
  // Odd sizes split the delimiter, the headers and the CRLFs across chunks at every offset.
  it.each([3, 7, 61, 65536])(
    'writes the first file whole and keeps the fields, in chunks of %i',
    async (size) => {
      const video = randomBytes(50_000);
      // A delimiter's start inside the file must not end it.
      video.set(Buffer.from('\r\n--'), 1000);
      const form = new FormData();
      form.set('description', 'A clip, with “quotes”');
      form.set('file', new Blob([video], { type: 'video/mp4' }), 'blob');
      form.set('thumbnail', new Blob([randomBytes(300)], { type: 'image/png' }), 'thumb.png');
      form.set('focus', '0.1,-0.2');
      const received = await receiveMultipartFile(await requestOf(form, size), options(`ok-${size}`));
      expect(received.fields).toEqual({ description: 'A clip, with “quotes”', focus: '0.1,-0.2' });
      expect(received.file).toMatchObject({ bytes: video.length, contentType: 'video/mp4' });
      expect((await readFile(received.file!.path)).equals(video)).toBe(true);
    },
  );

  it('refuses a file over its limit and a body cut short, leaving no file', async () => {
    const form = new FormData();
    form.set('file', new Blob([randomBytes(5000)]), 'blob');
    await expect(
      receiveMultipartFile(await requestOf(form, 512), options('big', 4000)),
    ).rejects.toBeInstanceOf(TooLarge);
    await expect(access(path.join(dir, 'big'))).rejects.toThrow();
    await expect(
      receiveMultipartFile(await requestOf(form, 512, 3000), options('cut')),
    ).rejects.toBeInstanceOf(Malformed);
    await expect(access(path.join(dir, 'cut'))).rejects.toThrow();
  });

  it('leaves no file when the body ends right after the file part starts, before the file has opened', async () => {
    const form = new FormData();
    form.set('file', new Blob([randomBytes(5000)]), 'blob');
    const whole = new Uint8Array(
      await new Request('http://x/', { method: 'POST', body: form }).arrayBuffer(),
    );
    const headersEnd = Buffer.from(whole).indexOf('\r\n\r\n') + 4;
    for (let round = 0; round < 20; round++) {
      const name = `opening-${round}`;
      await expect(
        receiveMultipartFile(await requestOf(form, 65536, headersEnd + 10), options(name)),
      ).rejects.toBeInstanceOf(Malformed);
      await expect(access(path.join(dir, name))).rejects.toThrow();
    }
  });
});
