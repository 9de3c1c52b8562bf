import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { limits } from '@glimpse/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.ts';
import { heicPhoto, imageForm, makeJpeg } from '#test/images.ts';
import { images } from '../../db/schema.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

async function upload(member: Awaited<ReturnType<TestContext['signUp']>>, data: Buffer, purpose = 'post') {
  return member.request('/api/images', { method: 'POST', body: imageForm(data, purpose) });
}

describe('image pipeline', () => {
  it('stores WebP in several widths under the purpose folder, with a placeholder and no metadata', async () => {
    const member = await t.signUp();
    const response = await upload(member, await makeJpeg(2000, 1500), 'profile');
    expect(response.status).toBe(201);
    const image = (await response.json()) as {
      url: string;
      srcset: string;
      width: number;
      placeholder: string;
    };
    expect(image.width).toBe(1280);
    expect(image.url).toMatch(/^\/media\/editedProfileImages\/\d{13}-[0-9a-f]{24}-1280\.webp$/);
    expect(image.srcset.split(', ')).toHaveLength(3);
    expect(image.placeholder.length).toBeGreaterThan(10);

    const served = await t.client().get(image.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toContain('immutable');
    const bytes = Buffer.from(await served.arrayBuffer());
    const metadata = await sharp(bytes).metadata();
    expect(metadata.format).toBe('webp');
    expect(metadata.exif).toBeUndefined();
  });

  it('never upscales a small picture', async () => {
    const member = await t.signUp();
    const image = (await (await upload(member, await makeJpeg(300, 200))).json()) as {
      width: number;
      srcset: string;
    };
    expect(image.width).toBe(300);
    expect(image.srcset).toMatch(/ 300w$/);
  });

  it('rejects a non-image renamed .jpg with a clear 400 and stores nothing', async () => {
    const member = await t.signUp();
    const before = await t.storedFiles();
    const response = await upload(member, Buffer.from('#!/bin/sh\necho this is not a picture\n'));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { message: expect.stringMatching(/not a supported image/) },
    });
    expect(await t.storedFiles()).toEqual(before);
  });

  it('takes an iPhone HEIC photo: upright by its rotation, EXIF gone, WebP and AVIF served, the HEIC kept for export', async () => {
    const member = await t.signUp();
    const response = await upload(member, heicPhoto());
    expect(response.status).toBe(201);
    const image = (await response.json()) as { id: string; url: string; width: number; height: number };
    // Stored 128×64 with a quarter turn (irot): upright it is 64 wide, 128 tall.
    expect([image.width, image.height]).toEqual([64, 128]);

    const served = Buffer.from(await (await t.client().get(image.url)).arrayBuffer());
    expect(served.includes('secret camera owner')).toBe(false);
    const metadata = await sharp(served).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 64, height: 128 });
    expect(metadata.exif).toBeUndefined();
    // The quadrant that was bottom left (red) is top left once turned clockwise; green bottom right.
    const { data, info } = await sharp(served).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
    ];
    const [topLeft, bottomRight] = [pixel(8, 8), pixel(56, 120)];
    expect(topLeft[0]).toBeGreaterThan(180);
    expect(topLeft[1]).toBeLessThan(70);
    expect(bottomRight[0]).toBeLessThan(70);
    expect(bottomRight[1]).toBeGreaterThan(180);

    // The original is kept as sent (the owner's export) and the AVIF job decodes it as the upload did.
    const [row] = await t.db.select().from(images).where(eq(images.id, image.id));
    expect(row?.originalKey).toMatch(/\.heic$/);
    const uploads = path.join(t.deps.env.DATA_DIR, 'uploads');
    expect((await readFile(path.join(uploads, row!.originalKey!))).equals(heicPhoto())).toBe(true);
    await t.jobsDone();
    const [encoded] = await t.db.select().from(images).where(eq(images.id, image.id));
    expect(encoded?.avifKeys).toHaveLength(1);
    const avif = await sharp(await readFile(path.join(uploads, encoded!.avifKeys![0]!))).metadata();
    expect(avif).toMatchObject({ format: 'heif', compression: 'av1', width: 64, height: 128 });
  });

  it('rejects a truncated JPEG', async () => {
    const member = await t.signUp();
    const jpeg = await makeJpeg();
    const response = await upload(member, jpeg.subarray(0, Math.floor(jpeg.length / 2)));
    expect(response.status).toBe(400);
  });

  it('rejects a file over the size limit with 413 and a clear message', async () => {
    const member = await t.signUp();
    const response = await upload(member, Buffer.alloc(limits.imageMaxBytes + 1024 * 1024, 1));
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({
      error: { kind: 'TooLarge', message: 'This image is larger than 15 MB. Please choose a smaller one.' },
    });
  });

  it('rejects an SVG, which could carry script', async () => {
    const member = await t.signUp();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    expect((await upload(member, svg)).status).toBe(400);
  });

  it('rejects an unknown purpose and a missing file', async () => {
    const member = await t.signUp();
    expect((await upload(member, await makeJpeg(), 'wallpaper')).status).toBe(400);
    const form = new FormData();
    form.set('purpose', 'post');
    expect((await member.request('/api/images', { method: 'POST', body: form })).status).toBe(400);
  });

  it('refuses signed-out uploads', async () => {
    const response = await t.client().request('/api/images', {
      method: 'POST',
      body: imageForm(await makeJpeg(), 'post'),
    });
    expect(response.status).toBe(401);
  });

  it('does not serve paths outside the upload folders', async () => {
    const traversal = await t.client().get('/media/../../etc/passwd');
    expect(traversal.status).not.toBe(200);
    expect(await traversal.text()).not.toContain('root:');
    expect((await t.client().get('/media/images/..%2F..%2Fsecret.webp')).status).toBe(404);
  });
});
