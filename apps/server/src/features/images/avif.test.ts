import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { ImageDto, PostDto } from '@glimpse/shared';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema.ts';
import { createLogger } from '../../lib/logger.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { imageForm, makeJpeg } from '../../test/images.ts';
import { type AvifQueue, createAvifQueue, sweepMissingAvif } from './avif.ts';

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

/** Another worker's queue on the same database and storage (a second instance). */
const otherQueue = (): AvifQueue =>
  createAvifQueue({ db: t.db, storage: t.deps.storage, logger: createLogger('silent', false) });

const uploadsDir = () => path.join(t.deps.env.DATA_DIR, 'uploads');
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

describe('AVIF renditions', () => {
  it('answers the upload with WebP, then encodes AVIF in the background, lists and serves it, and deletes it with the post', async () => {
    const author = await t.signUpWithProfile();
    const image = await uploadPostPhoto(author);
    // The answer was built before any AVIF existed.
    expect(image.avifSrcset).toBeNull();
    expect(image.srcset).toContain('2048w');

    await t.deps.avif.idle();
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
    expect(shown.srcset).toBe(image.srcset);
    expect(shown.avifSrcset).toBe(image.srcset.replaceAll('.webp ', '.avif '));

    const largest = shown.avifSrcset!.split(', ').at(-1)!.split(' ')[0]!;
    const served = await author.get(largest);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/avif');
    expect(served.headers.get('cache-control')).toContain('immutable');
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe('heif');
    // WebP still answers as WebP, although the local driver records no type.
    expect((await author.get(image.url)).headers.get('content-type')).toBe('image/webp');

    expect((await author.delete(`/api/posts/${post.id}`)).status).toBe(204);
    const left = await t.storedFiles();
    for (const key of [...row!.keys, ...row!.avifKeys!, row!.originalKey!]) expect(left).not.toContain(key);
  });

  it('shows the AVIF in every list of a post made before it was encoded', async () => {
    const author = await t.signUpWithProfile();
    const image = await uploadPostPhoto(author, 900, 700);
    await t.deps.avif.idle();
    await forgetAvif(image.id);
    const created = await author.post('/api/posts', { photos: [{ imageId: image.id }], caption: 'Early' });
    const post = (await created.json()) as PostDto;
    expect(post.photos[0]!.image.avifSrcset).toBeNull();

    const queue = otherQueue();
    expect(await queue.run([image.id])).toBe(1);
    await queue.close();
    const avifSrcset = image.srcset.replaceAll('.webp ', '.avif ');
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
    await t.deps.avif.idle();
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
    await t.deps.avif.idle();
    expect((await imageRow(image.id))?.avifKeys).toBeNull();
    expect(image.avifSrcset).toBeNull();
  });

  it('the sweep fills in a photo whose job never ran, on one of two instances, and leaves recent uploads alone', async () => {
    const author = await t.signUpWithProfile();
    const missed = await uploadPostPhoto(author, 900, 700);
    const recent = await uploadPostPhoto(author, 900, 700);
    await t.deps.avif.idle();
    await forgetAvif(missed.id);
    await t.db.update(schema.images).set({ avifKeys: null }).where(eq(schema.images.id, recent.id));
    const before = await imageRow(missed.id);
    expect(before?.avifKeys).toBeNull();

    const [a, b] = [otherQueue(), otherQueue()];
    const outcomes = await Promise.all([
      sweepMissingAvif({ ctx: { db: t.db, avif: a }, input: { olderThan: anHourAgo() } }),
      sweepMissingAvif({ ctx: { db: t.db, avif: b }, input: { olderThan: anHourAgo() } }),
    ]);
    expect(outcomes.map((o) => o.skipped).sort()).toEqual([false, true]);
    expect(outcomes.reduce((sum, o) => sum + o.encoded, 0)).toBe(1);

    const after = await imageRow(missed.id);
    expect(after?.avifKeys).toHaveLength(before!.keys.length);
    for (const key of after!.avifKeys!) expect(await t.storedFiles()).toContain(key);
    expect((await imageRow(recent.id))?.avifKeys).toBeNull();
    // Done once: the next sweep finds nothing older than an hour to do.
    expect(await sweepMissingAvif({ ctx: { db: t.db, avif: a }, input: { olderThan: anHourAgo() } })).toEqual(
      { encoded: 0, skipped: false },
    );
    await Promise.all([a.close(), b.close()]);
  });

  it('quietly skips an image deleted while queued and marks one whose original is gone as WebP only', async () => {
    const author = await t.signUpWithProfile();
    const gone = await uploadPostPhoto(author, 900, 700);
    const lost = await uploadPostPhoto(author, 900, 700);
    await t.deps.avif.idle();
    await forgetAvif(gone.id);
    await forgetAvif(lost.id);
    const lostRow = await imageRow(lost.id);
    await rm(path.join(uploadsDir(), lostRow!.originalKey!));
    const filesBefore = await avifFiles();

    const queue = otherQueue();
    queue.enqueue(gone.id);
    // Deleted after it was queued (the job may already be encoding): no file of it may stay.
    const created = await author.post('/api/posts', { photos: [{ imageId: gone.id }], caption: 'Brief' });
    expect((await author.delete(`/api/posts/${(await created.json()).id}`)).status).toBe(204);
    expect(await queue.run([gone.id, lost.id])).toBe(0);
    await queue.idle();

    expect(await avifFiles()).toEqual(filesBefore);
    expect(await imageRow(gone.id)).toBeUndefined();
    expect((await imageRow(lost.id))?.avifKeys).toEqual([]);
    // The DTO of an image with no AVIF to offer stays WebP only.
    const post = await author.post('/api/posts', { photos: [{ imageId: lost.id }], caption: 'Lost' });
    expect(((await post.json()) as PostDto).photos[0]!.image.avifSrcset).toBeNull();
    await queue.close();
  });

  it('lets uploads in the same worker go first: an encode waits while one is processed', async () => {
    const author = await t.signUpWithProfile();
    const image = await uploadPostPhoto(author, 900, 700);
    await t.deps.avif.idle();
    await forgetAvif(image.id);

    const queue = otherQueue();
    let finishUpload = () => {};
    const upload = queue.whileUploading(() => new Promise<void>((resolve) => (finishUpload = resolve)));
    queue.enqueue(image.id);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await imageRow(image.id))?.avifKeys).toBeNull();
    finishUpload();
    await upload;
    await queue.idle();
    expect((await imageRow(image.id))?.avifKeys).toHaveLength(image.srcset.split(', ').length);
    await queue.close();
  });

  it('closing stops the encode under way at its next step, writing nothing, and drops the rest for the sweep', async () => {
    const author = await t.signUpWithProfile();
    const first = await uploadPostPhoto(author, 900, 700);
    const second = await uploadPostPhoto(author, 900, 700);
    await t.deps.avif.idle();
    await forgetAvif(first.id);
    await forgetAvif(second.id);
    const filesBefore = await avifFiles();

    const queue = otherQueue();
    // An upload in progress holds the first job at its next step, so the close finds it under way.
    let finishUpload = () => {};
    const upload = queue.whileUploading(() => new Promise<void>((resolve) => (finishUpload = resolve)));
    queue.enqueue(first.id);
    queue.enqueue(second.id);
    await queue.close();
    queue.enqueue(second.id);
    await queue.idle();

    expect((await imageRow(first.id))?.avifKeys).toBeNull();
    expect((await imageRow(second.id))?.avifKeys).toBeNull();
    expect(await avifFiles()).toEqual(filesBefore);
    finishUpload();
    await upload;
  });
});
