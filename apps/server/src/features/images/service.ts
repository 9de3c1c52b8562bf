/**
 * Stored images: upload (pipeline → storage → row) and the sweep of uploads never attached. What
 * other features need of images (the DTO, ownership checks, deletion) is in core/images.ts.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { ImageDto, ImagePurpose } from '@glimpse/shared';
import { limits, messages } from '@glimpse/shared';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { deleteImages, lockStoredPhoto, type MediaReach, toImageDto } from '../../core/images.ts';
import { type ServiceArgs, withTransaction } from '../../core/service.ts';
import type { Db } from '../../db/client.ts';
import { events, images, postImages, profiles, remoteMedia, videos } from '../../db/schema.ts';
import { defineTask } from '../../jobs/task.ts';
import { AppError, invalid, notFound } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import { originalsFolder, putAll, type Storage } from '../../storage/storage.ts';
import { type ProcessOptions, processImage } from './pipeline.ts';

/** Storage folders of SPEC.md §3; event pictures share `images` with posts. */
const folderOf: Record<ImagePurpose, string> = {
  post: 'images',
  event: 'images',
  profile: 'editedProfileImages',
  background: 'editedBackgroundImages',
};

/** A post or event photo is no one's but its owner's until posted: its addresses are signed (core/images.ts). */
const reachOfUpload = (purpose: ImagePurpose): MediaReach =>
  folderOf[purpose] === 'images' ? 'audience' : 'open';

/** The sizes each purpose keeps: a post photo's widths bound its long side. */
const processOptionsOf = (purpose: ImagePurpose, oneAtATime = false): ProcessOptions =>
  purpose === 'post' ? { widths: limits.postImageWidths, boundLongSide: true, oneAtATime } : { oneAtATime };

const sizeOf = (files: readonly { data: Buffer }[]) => files.reduce((sum, f) => sum + f.data.byteLength, 0);

/** An upload refused because the owner's photos already take their quota (ACCOUNT_STORAGE_QUOTA_MB). */
export class StorageFullError extends AppError {
  constructor(quotaMb: number) {
    super('TooLarge', messages.image.storageFull(quotaMb));
  }
}

/** What `ownerId`'s images take in storage (each stored file counted once: copies add nothing). */
export async function storageUsedBy(db: Db, ownerId: string): Promise<number> {
  const [row] = await db
    .select({ used: sql<string>`coalesce(sum(${images.bytes}), 0)` })
    .from(images)
    .where(eq(images.ownerId, ownerId));
  return Number(row?.used ?? 0);
}

/**
 * The same photo (bytes) uploaded again by the same member for the same purpose: a new row naming
 * the first one's files, so 200 posts of one picture store it once and encode it once. Under the
 * photo's lock (core/images.ts), so the files cannot be deleted between the look-up and the insert.
 */
async function copyOfStoredPhoto(db: Db, ownerId: string, purpose: ImagePurpose, contentHash: string) {
  return withTransaction(db, async (tx) => {
    await lockStoredPhoto(tx, ownerId, contentHash);
    const [first] = await tx
      .select()
      .from(images)
      .where(
        and(eq(images.ownerId, ownerId), eq(images.contentHash, contentHash), eq(images.purpose, purpose)),
      )
      .orderBy(images.createdAt)
      .limit(1);
    if (!first) return null;
    const [copy] = await tx
      .insert(images)
      .values({
        ownerId,
        purpose,
        keys: first.keys,
        widths: first.widths,
        width: first.width,
        height: first.height,
        placeholder: first.placeholder,
        originalKey: first.originalKey,
        avifKeys: first.avifKeys,
        jpegKey: first.jpegKey,
        contentHash,
        bytes: 0,
      })
      .returning();
    return copy!;
  });
}

/**
 * Files first, then the row: a failed write deletes the files written so far, a failed insert
 * deletes them all, so no half-record stays. `sourceUrl` marks a remote picture the federation
 * fetched (its cache may evict it and fetch it back from there); members' uploads have none, and
 * only theirs are stored once per photo and counted against `quotaMb` (0: no limit). Answers the
 * image and whether it is a copy of one stored before (nothing new to encode).
 */
export async function uploadImage({
  ctx: { db, storage, actor },
  input: { purpose, bytes, sourceUrl, oneAtATime = false, quotaMb = 0 },
}: ServiceArgs<
  'db' | 'storage' | 'actor',
  { purpose: ImagePurpose; bytes: Buffer; sourceUrl?: string; oneAtATime?: boolean; quotaMb?: number }
>): Promise<ImageDto & { copy: boolean }> {
  const isPost = purpose === 'post';
  const contentHash = sourceUrl ? null : createHash('sha256').update(bytes).digest('hex');
  const quotaBytes = quotaMb * 1024 * 1024;
  const used = quotaBytes > 0 ? await storageUsedBy(db, actor.id) : 0;
  if (quotaBytes > 0 && used >= quotaBytes) throw new StorageFullError(quotaMb);
  if (contentHash) {
    const copy = await copyOfStoredPhoto(db, actor.id, purpose, contentHash);
    if (copy) return { ...toImageDto(storage, copy, reachOfUpload(purpose)), copy: true };
  }
  const processed = await processImage(bytes, processOptionsOf(purpose, oneAtATime));
  const stored = sizeOf(processed.variants) + (isPost ? bytes.byteLength : 0);
  if (quotaBytes > 0 && used + stored > quotaBytes) throw new StorageFullError(quotaMb);
  // A millisecond timestamp in every file name (SPEC.md §3), plus randomness so names never collide.
  // 96 random bits: the name is all that guards a photo whose post is open to everyone.
  const name = `${Date.now()}-${randomBytes(12).toString('hex')}`;
  const stem = `${folderOf[purpose]}/${name}`;
  const keys = processed.variants.map((v) => `${stem}-${v.width}.webp`);
  // A post photo is also kept exactly as uploaded, for its owner's data export (never served).
  const originalKey = isPost ? `${originalsFolder}/${name}.${processed.extension}` : null;
  // All or nothing: a disk that fills up after some sizes leaves none of them behind.
  await putAll(storage, [
    ...processed.variants.map((v, i) => ({ key: keys[i]!, data: v.data, contentType: 'image/webp' })),
    ...(originalKey ? [{ key: originalKey, data: bytes, contentType: 'application/octet-stream' }] : []),
  ]);
  const storedKeys = originalKey ? [...keys, originalKey] : keys;
  try {
    const row = await withTransaction(db, async (tx) => {
      const [inserted] = await tx
        .insert(images)
        .values({
          ownerId: actor.id,
          purpose,
          keys,
          widths: processed.variants.map((v) => v.width),
          width: processed.width,
          height: processed.height,
          placeholder: processed.placeholder,
          originalKey,
          contentHash,
          bytes: stored,
        })
        .returning();
      if (sourceUrl) {
        await tx.insert(remoteMedia).values({ imageId: inserted!.id, stem, sourceUrl, bytes: stored });
      }
      return inserted!;
    });
    return { ...toImageDto(storage, row, reachOfUpload(purpose)), copy: false };
  } catch (error) {
    await storage.delete(storedKeys);
    throw error;
  }
}

/**
 * One of the caller's own post photos, with the alt text and post it was posted with (none while
 * it waits to be posted): anyone else's upload is as missing as one that does not exist.
 */
export async function getOwnPostPhoto({
  ctx: { db, storage, actor },
  input: { imageId },
}: ServiceArgs<'db' | 'storage' | 'actor', { imageId: string }>): Promise<{
  image: ImageDto;
  altText: string;
  postId: string | null;
}> {
  const [row] = await db
    .select({ image: images, altText: postImages.altText, postId: postImages.postId, video: videos })
    .from(images)
    .leftJoin(postImages, eq(postImages.imageId, images.id))
    .leftJoin(videos, eq(videos.imageId, images.id))
    .where(and(eq(images.id, imageId), eq(images.ownerId, actor.id), eq(images.purpose, 'post')));
  if (!row) throw notFound(messages.image.missing);
  return {
    // A video upload carries its state: an app polls it until its MP4 is made.
    image: toImageDto(storage, { ...row.image, video: row.video }, reachOfUpload('post')),
    altText: row.altText ?? row.image.pendingAltText ?? '',
    postId: row.postId,
  };
}

/**
 * Keeps an app's description of its member's own post photo until the photo is posted (Elk, Ivory
 * and Phanpy describe a photo before they post it): `uploadDescriptions` hands it to the post as
 * the photo's alt text. An empty description clears it.
 */
export async function describeUpload({
  ctx: { db, actor },
  input: { imageId, description },
}: ServiceArgs<'db' | 'actor', { imageId: string; description: string }>): Promise<void> {
  const [row] = await db
    .update(images)
    .set({ pendingAltText: description || null })
    .where(and(eq(images.id, imageId), eq(images.ownerId, actor.id), eq(images.purpose, 'post')))
    .returning({ id: images.id });
  if (!row) throw notFound(messages.image.missing);
}

/** The descriptions an app gave the caller's uploads `imageIds` before posting them (`describeUpload`). */
export async function uploadDescriptions({
  ctx: { db, actor },
  input: { imageIds },
}: ServiceArgs<'db' | 'actor', { imageIds: readonly string[] }>): Promise<Map<string, string>> {
  if (imageIds.length === 0) return new Map();
  const rows = await db
    .select({ id: images.id, description: images.pendingAltText })
    .from(images)
    .where(and(inArray(images.id, [...imageIds]), eq(images.ownerId, actor.id)));
  return new Map(rows.flatMap((row) => (row.description ? [[row.id, row.description] as const] : [])));
}

/**
 * The WebP files of an evicted remote picture, made again from `bytes` (fetched anew from its
 * source) through the same checks and encoder, and written under the row's own keys: every page
 * that named them keeps working. Encoded as at import, so the same picture yields the same widths;
 * one that no longer yields the row's widths (changed at its source) is refused rather than stored
 * under wrong names. Answers the bytes written.
 */
export async function restoreImageFiles(
  storage: Storage,
  row: { purpose: ImagePurpose; keys: readonly string[]; widths: readonly number[] },
  bytes: Buffer,
): Promise<number> {
  const processed = await processImage(bytes, processOptionsOf(row.purpose));
  const files = row.widths.map((width, i) => {
    const variant = processed.variants.find((v) => v.width === width);
    if (!variant) throw invalid(messages.image.notAnImage);
    return { key: row.keys[i]!, data: variant.data, contentType: 'image/webp' };
  });
  await putAll(storage, files);
  return sizeOf(files);
}

/**
 * Uploads that never got attached (the person left the form, or the save failed) are removed
 * after a grace period, so "a failed upload stores no half-record" holds for files as well.
 * A job (`orphanImagesSweepTask`, hourly), not a request: its context has no viewer.
 */
export async function sweepOrphanImages({
  ctx,
  input: { olderThan },
}: ServiceArgs<'db' | 'storage', { olderThan: Date }>): Promise<number> {
  const orphans = await ctx.db
    .select({ id: images.id })
    .from(images)
    .where(
      and(
        lt(images.createdAt, olderThan),
        sql`not exists (select 1 from ${postImages} where ${postImages.imageId} = ${images.id})`,
        sql`not exists (select 1 from ${events} where ${events.imageId} = ${images.id})`,
        sql`not exists (select 1 from ${profiles} where ${profiles.profileImageId} = ${images.id} or ${profiles.backgroundImageId} = ${images.id})`,
      ),
    )
    .limit(500);
  await deleteImages(
    ctx,
    orphans.map((o) => o.id),
  );
  return orphans.length;
}

const orphanGraceMs = 24 * 60 * 60 * 1000;

export const orphanImagesSweepTask = defineTask<
  Record<string, never>,
  { db: Db; storage: Storage; logger: Logger }
>({
  name: 'orphan_images_sweep',
  queueName: 'maintenance',
  async run(_, { db, storage, logger }) {
    const olderThan = new Date(Date.now() - orphanGraceMs);
    const removed = await sweepOrphanImages({ ctx: { db, storage }, input: { olderThan } });
    if (removed) logger.info({ removed }, 'removed unattached uploads');
  },
});
