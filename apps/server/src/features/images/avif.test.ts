import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { type ImageDto, limits, type PostDto } from '@glimpse/shared';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.ts';
import { imageForm, makeJpeg } from '#test/images.ts';
import * as schema from '../../db/schema.ts';
import { createUploadGate } from '../../lib/upload-gate.ts';
import { encodeImageAvif, queueAvif, queueMissingAvif } from './avif.ts';
import { encodeAvif, processImage } from './pipeline.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<TestContext['signUpWithProfile']>>;

async function uploadPostPhoto(member: Member, width = 2600, height = 1800): Promise<ImageDto> {
  const response = await member.request('/api/images', {
    method: 'POST',
    body: imageForm(await makeJpeg(width, height), 'post'),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as ImageDto;
}

const imageRow = async (id: string) =>
  (await t.db.select().from(schema.images).where(eq(schema.images.id, id)))[0];

const uploadsDir = () => path.join(t.deps.env.DATA_DIR, 'uploads');
/** A photo not posted yet is answered with signed addresses; once on a public post, with plain ones. */
const unsigned = (srcset: string) => srcset.replace(/\?e=\d+&s=[\w-]+/g, '');
const avifFiles = async () => (await t.storedFiles()).filter((f) => f.endsWith('.avif'));

/** As if the job never ran (a restart dropped it): no keys, no files, and uploaded a while ago. */
async function forgetAvif(id: string) {
  const row = await imageRow(id);
  await t.deps.storage.delete(row?.avifKeys ?? []);
  await t.db
    .update(schema.images)
    .set({ avifKeys: null, createdAt: sql`now() - interval '2 hours'` })
    .where(eq(schema.images.id, id));
}

const anHourAgo = () => new Date(Date.now() - 60 * 60 * 1000);

/** What an AVIF's `av1C` box declares (AV1 Codec ISO Media File Format Binding, §2.3.3). */
function av1Config(avif: Buffer) {
  const flags = avif[avif.indexOf('av1C', 0, 'latin1') + 6]!;
  const [x, y] = [(flags >> 3) & 1, (flags >> 2) & 1];
  return { highBitdepth: Boolean(flags & 0x40), chroma: x && y ? '4:2:0' : x ? '4:2:2' : '4:4:4' };
}

/** A phone photo held upright: stored 1200×900 with EXIF orientation 6, red left and blue right. */
async function uprightRedOverBlue(): Promise<Buffer> {
  const half = (r: number, b: number) =>
    sharp({ create: { width: 600, height: 900, channels: 3, background: { r, g: 0, b } } })
      .png()
      .toBuffer();
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: '#000' } })
    .composite([
      { input: await half(220, 0), left: 0, top: 0 },
      { input: await half(0, 220), left: 600, top: 0 },
    ])
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** Mean red and blue of a horizontal band of an encoded image (0 top, 1 bottom). */
async function bandColour(image: Buffer, from: number, to: number) {
  const { width = 0, height = 0 } = await sharp(image).metadata();
  const top = Math.round(height * from);
  // Decoded and cut first: sharp's stats() would describe the whole input, not the band.
  const { data, info } = await sharp(image)
    .extract({ left: 0, top, width, height: Math.round(height * to) - top })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = info.width * info.height;
  let [red, blue] = [0, 0];
  for (let at = 0; at < data.length; at += 3) {
    red += data[at]!;
    blue += data[at + 2]!;
  }
  return { red: red / pixels, blue: blue / pixels };
}

describe('AVIF renditions', () => {
  it('encodes the WebP widths from the original, upright, 8-bit with 4:2:0 chroma like the WebP twin', async () => {
    const original = await uprightRedOverBlue();
    const webp = await processImage(original, { widths: limits.postImageWidths, boundLongSide: true });
    const avif = await encodeAvif(
      original,
      webp.variants.map((v) => v.width),
    );
    expect(avif.map((v) => v.width)).toEqual([320, 640, 900]);
    for (const [i, variant] of avif.entries()) {
      const twin = await sharp(webp.variants[i]!.data).metadata();
      expect(await sharp(variant.data).metadata()).toMatchObject({
        format: 'heif',
        compression: 'av1',
        width: twin.width,
        height: twin.height,
      });
      expect(av1Config(variant.data)).toEqual({ highBitdepth: false, chroma: '4:2:0' });
      // Turned upright: what was stored on the left is now on top.
      const top = await bandColour(variant.data, 0.05, 0.45);
      const bottom = await bandColour(variant.data, 0.55, 0.95);
      expect(top.red).toBeGreaterThan(180);
      expect(top.blue).toBeLessThan(40);
      expect(bottom.blue).toBeGreaterThan(180);
      expect(bottom.red).toBeLessThan(40);
    }
  });

  it('answers the upload with WebP, then encodes AVIF in the background, lists and serves it, and deletes it with the post', async () => {
    const author = await t.signUpWithProfile();
    const image = await uploadPostPhoto(author);
    // The answer was built before any AVIF existed.
    expect(image.avifSrcset).toBeNull();
    expect(image.srcset).toContain('2048w');

    await t.jobsDone();
    const row = await imageRow(image.id);
    expect(row?.avifKeys).toEqual(row?.keys.map((key) => key.replace(/\.webp$/, '.avif')));
    for (const [i, key] of row!.avifKeys!.entries()) {
      const metadata = await sharp(await readFile(path.join(uploadsDir(), key))).metadata();
      expect(metadata).toMatchObject({ format: 'heif', compression: 'av1', width: row!.widths[i] });
    }

    const created = await author.post('/api/posts', { photos: [{ imageId: image.id }], caption: 'Dusk' });
    expect(created.status).toBe(201);
    const post = (await (await author.get(`/api/posts/${(await created.json()).id}`)).json()) as PostDto;
    const shown = post.photos[0]!.image;
    expect(shown.srcset).toBe(unsigned(image.srcset));
    expect(shown.avifSrcset).toBe(unsigned(image.srcset).replaceAll('.webp ', '.avif '));

    const largest = shown.avifSrcset!.split(', ').at(-1)!.split(' ')[0]!;
    const served = await author.get(largest);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/avif');
    expect(served.headers.get('cache-control')).toContain('immutable');
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe('heif');
    // WebP still answers as WebP, although the local driver records no type.
    expect((await author.get(unsigned(image.url))).headers.get('content-type')).toBe('image/webp');

    expect((await author.delete(`/api/posts/${post.id}`)).status).toBe(204);
    const left = await t.storedFiles();
    for (const key of [...row!.keys, ...row!.avifKeys!, row!.originalKey!]) expect(left).not.toContain(key);
  });

  it('shows the AVIF in every list of a post made before it was encoded', async () => {
    const author = await t.signUpWithProfile();
    const image = await uploadPostPhoto(author, 900, 700);
    await t.jobsDone();
    await forgetAvif(image.id);
    const created = await author.post('/api/posts', { photos: [{ imageId: image.id }], caption: 'Early' });
    const post = (await created.json()) as PostDto;
    expect(post.photos[0]!.image.avifSrcset).toBeNull();

    await queueAvif(t.db, image.id);
    await t.jobsDone();
    const avifSrcset = unsigned(image.srcset).replaceAll('.webp ', '.avif ');
    const single = (await (await author.get(`/api/posts/${post.id}`)).json()) as PostDto;
    expect(single.photos[0]!.image.avifSrcset).toBe(avifSrcset);
    for (const list of ['/api/posts', `/api/users/${author.id}/posts`]) {
      const { items } = (await (await author.get(list)).json()) as { items: PostDto[] };
      expect(items.find((p) => p.id === post.id)?.photos[0]?.image.avifSrcset, list).toBe(avifSrcset);
    }
  });

  it('deletes the AVIF files with the account', async () => {
    const leaver = await t.signUpWithProfile();
    const image = await uploadPostPhoto(leaver, 900, 700);
    const created = await leaver.post('/api/posts', { photos: [{ imageId: image.id }], caption: 'Bye' });
    expect(created.status).toBe(201);
    await t.jobsDone();
    const { avifKeys } = (await imageRow(image.id))!;
    expect(avifKeys?.length).toBeGreaterThan(0);
    expect(await t.storedFiles()).toEqual(expect.arrayContaining(avifKeys!));

    expect((await leaver.post('/api/account/delete', { password: leaver.password })).status).toBe(204);
    const left = await t.storedFiles();
    for (const key of avifKeys!) expect(left).not.toContain(key);
  });

  it('leaves profile pictures WebP only (they keep no original to encode from)', async () => {
    const member = await t.signUpWithProfile();
    const response = await member.request('/api/images', {
      method: 'POST',
      body: imageForm(await makeJpeg(), 'profile'),
    });
    const image = (await response.json()) as ImageDto;
    await t.jobsDone();
    expect((await imageRow(image.id))?.avifKeys).toBeNull();
    expect(image.avifSrcset).toBeNull();
  });

  it('the sweep queues a photo whose job never ran, once however often it runs, and leaves recent uploads alone', async () => {
    const author = await t.signUpWithProfile();
    const missed = await uploadPostPhoto(author, 900, 700);
    // Another photo: the same bytes again would share the first one's files and encode.
    const recent = await uploadPostPhoto(author, 900, 701);
    await t.jobsDone();
    await forgetAvif(missed.id);
    await t.db.update(schema.images).set({ avifKeys: null }).where(eq(schema.images.id, recent.id));
    const before = await imageRow(missed.id);
    expect(before?.avifKeys).toBeNull();

    // Uploads in progress hold the encode at its first step, so both sweeps find the job waiting.
    let finishUpload = () => {};
    const upload = t.deps.uploadGate.whileUploading(
      () => new Promise<void>((resolve) => (finishUpload = resolve)),
    );
    const sweep = () => queueMissingAvif({ ctx: { db: t.db }, input: { olderThan: anHourAgo() } });
    expect(await Promise.all([sweep(), sweep()])).toEqual([1, 1]);
    const [jobs] = (
      (await t.db.execute(
        sql`select count(*)::int as n from graphile_worker.jobs where key = ${`avif:${missed.id}`}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(jobs?.n).toBe(1);
    finishUpload();
    await upload;
    await t.jobsDone();

    const after = await imageRow(missed.id);
    expect(after?.avifKeys).toHaveLength(before!.keys.length);
    for (const key of after!.avifKeys!) expect(await t.storedFiles()).toContain(key);
    expect((await imageRow(recent.id))?.avifKeys).toBeNull();
    // Done once: the next sweep finds nothing older than an hour to do.
    expect(await sweep()).toBe(0);
  });

  it('quietly skips an image deleted while queued and marks one whose original is gone as WebP only', async () => {
    const author = await t.signUpWithProfile();
    const gone = await uploadPostPhoto(author, 900, 700);
    const lost = await uploadPostPhoto(author, 900, 700);
    await t.jobsDone();
    await forgetAvif(gone.id);
    await forgetAvif(lost.id);
    const lostRow = await imageRow(lost.id);
    await rm(path.join(uploadsDir(), lostRow!.originalKey!));
    const filesBefore = await avifFiles();

    let finishUpload = () => {};
    const upload = t.deps.uploadGate.whileUploading(
      () => new Promise<void>((resolve) => (finishUpload = resolve)),
    );
    await queueAvif(t.db, gone.id);
    await queueAvif(t.db, lost.id);
    // Deleted after it was queued (its job waits at its first step): no file of it may stay.
    const created = await author.post('/api/posts', { photos: [{ imageId: gone.id }], caption: 'Brief' });
    expect((await author.delete(`/api/posts/${(await created.json()).id}`)).status).toBe(204);
    finishUpload();
    await upload;
    await t.jobsDone();

    expect(await avifFiles()).toEqual(filesBefore);
    expect(await imageRow(gone.id)).toBeUndefined();
    expect((await imageRow(lost.id))?.avifKeys).toEqual([]);
    // The DTO of an image with no AVIF to offer stays WebP only.
    const post = await author.post('/api/posts', { photos: [{ imageId: lost.id }], caption: 'Lost' });
    expect(((await post.json()) as PostDto).photos[0]!.image.avifSrcset).toBeNull();
  });

  it('lets uploads in the same process go first: an encode waits while one is processed', async () => {
    const author = await t.signUpWithProfile();
    const image = await uploadPostPhoto(author, 900, 700);
    await t.jobsDone();
    await forgetAvif(image.id);

    let finishUpload = () => {};
    const upload = t.deps.uploadGate.whileUploading(
      () => new Promise<void>((resolve) => (finishUpload = resolve)),
    );
    await queueAvif(t.db, image.id);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await imageRow(image.id))?.avifKeys).toBeNull();
    finishUpload();
    await upload;
    await t.jobsDone();
    expect((await imageRow(image.id))?.avifKeys).toHaveLength(image.srcset.split(', ').length);
  });

  it('a shutdown stops the encode at its next step, writing nothing, and leaves it to run again', async () => {
    const author = await t.signUpWithProfile();
    const image = await uploadPostPhoto(author, 900, 700);
    await t.jobsDone();
    await forgetAvif(image.id);
    const filesBefore = await avifFiles();

    // The job's view: an upload holds it at a step, then the process shuts down (its signal aborts).
    const gate = createUploadGate();
    const shutdown = new AbortController();
    let finishUpload = () => {};
    const upload = gate.whileUploading(() => new Promise<void>((resolve) => (finishUpload = resolve)));
    const encode = encodeImageAvif(t.deps, image.id, () => gate.clear(shutdown.signal));
    shutdown.abort();
    await expect(encode).rejects.toMatchObject({ name: 'AbortError' });
    finishUpload();
    await upload;

    // Thrown, not recorded as WebP only: the job fails this try and runs again.
    expect((await imageRow(image.id))?.avifKeys).toBeNull();
    expect(await avifFiles()).toEqual(filesBefore);
  });
});
