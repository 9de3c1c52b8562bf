/**
 * Stored images as every feature sees them: the columns an ImageDto needs and the mapper (every
 * feature that lists something with a picture selects these columns in its own query and maps them
 * here, so a picture costs no query of its own), the check that an image may be attached, and the
 * deletion of rows and files together (a file shared by copies of one photo goes with the last). Uploading is the images feature's.
 */
import type { ImageDto, ImagePurpose, VideoDto } from '@glimpse/shared';
import { messages } from '@glimpse/shared';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { events, images, postImages, posts, videos } from '../db/schema.ts';
import { forbidden, invalid } from '../lib/errors.ts';
import type { Storage } from '../storage/storage.ts';
import { withTransaction } from './service.ts';
import { openToAnyone } from './visibility.ts';

export type ImageRow = typeof images.$inferSelect;

type ImageDtoField = 'id' | 'keys' | 'avifKeys' | 'widths' | 'width' | 'height' | 'placeholder' | 'purpose';
/** What `toImageDto` reads: lists select only these columns (no owner, no upload time). */
export type ImageDtoRow = Pick<ImageRow, ImageDtoField>;

/** The columns of `images` (or an alias of it) that an ImageDto needs, for a Drizzle select. */
export function imageDtoColumns<T extends Record<ImageDtoField, unknown>>(table: T): Pick<T, ImageDtoField> {
  const { id, keys, avifKeys, widths, width, height, placeholder, purpose } = table;
  return { id, keys, avifKeys, widths, width, height, placeholder, purpose };
}

/** Every file an image row names in storage: what deleting the image must delete. */
export function storedKeysOf(row: Pick<ImageRow, 'keys' | 'originalKey' | 'avifKeys' | 'jpegKey'>): string[] {
  return [
    ...row.keys,
    ...(row.avifKeys ?? []),
    ...(row.originalKey ? [row.originalKey] : []),
    // The JPEG other servers fetch (composers/federation/mirror/media.ts).
    ...(row.jpegKey ? [row.jpegKey] : []),
  ];
}

/**
 * Who may load an image's files: `open`, anyone (it is on a post or event open to everyone, or it
 * is a profile picture); `audience`, only those given its signed address (`Storage.privateUrl`):
 * a photo of a followers-only post or a private account's, or one not posted yet.
 */
export type MediaReach = 'open' | 'audience';

/** A video item's row as lists carry it (posts.photos' `video`, or a select of `videos`). */
export type VideoDtoRow = Pick<typeof videos.$inferSelect, 'key' | 'durationMs' | 'fps' | 'hasAudio'> &
  Partial<Pick<typeof videos.$inferSelect, 'state' | 'progress' | 'failure' | 'remoteUrl'>>;

/** Why a transcode failed, as stored (`videos.failure`), in the member's words. */
const failureMessage = (failure: string | null | undefined) =>
  failure && failure in messages.video
    ? String(messages.video[failure as keyof typeof messages.video])
    : messages.video.failed;

export function toVideoDto(urlOf: (key: string) => string, row: VideoDtoRow): VideoDto {
  // Lists carry no state: a key means ready, a remote original too large to copy means never.
  const state = row.state ?? (row.key ? 'ready' : row.remoteUrl ? 'failed' : 'processing');
  return {
    state,
    progress: state === 'ready' ? 100 : (row.progress ?? 0),
    url: row.key ? urlOf(row.key) : null,
    durationMs: row.durationMs,
    fps: row.fps,
    hasAudio: row.hasAudio,
    failure: state === 'failed' ? failureMessage(row.failure) : null,
    remoteUrl: row.remoteUrl ?? null,
  };
}

export function toImageDto(
  storage: Storage,
  row: ImageDtoRow & { video?: VideoDtoRow | null },
  reach: MediaReach = 'open',
): ImageDto {
  const urlOf = (key: string) => (reach === 'open' ? storage.publicUrl(key) : storage.privateUrl(key));
  const srcsetOf = (keys: readonly string[]) =>
    keys.map((key, i) => `${urlOf(key)} ${row.widths[i]}w`).join(', ');
  return {
    id: row.id,
    url: urlOf(row.keys[row.keys.length - 1]!),
    srcset: srcsetOf(row.keys),
    // Null until the background job has encoded them (features/images/avif.ts).
    avifSrcset: row.avifKeys?.length ? srcsetOf(row.avifKeys) : null,
    width: row.width,
    height: row.height,
    placeholder: row.placeholder,
    purpose: row.purpose,
    ...(row.video ? { video: toVideoDto(urlOf, row.video) } : {}),
  };
}

/** The files of post and event photos (`images/`); profile pictures have folders of their own. */
const photoFolder = 'images/';
/** The name every file of one upload starts with: `images/<ms>-<hex>` of `images/<ms>-<hex>-640.avif` or `…-1080.mp4`. */
const stemOf = (key: string) => /^([A-Za-z]+\/\d+-[0-9a-f]+)-\d+\.[a-z0-9]+$/.exec(key)?.[1] ?? null;
/** `images.keys[1]` less its width: what `images_stem_idx` indexes. */
const stemColumn = sql`regexp_replace(${images.keys}[1], '-[0-9]+[.]webp$', '')`;

/**
 * Who may load the stored file `key` (`/media`, app/media.ts): `open` when the upload it belongs to
 * is a profile picture or on a post or event open to everyone (core/visibility.ts `openToAnyone`; a
 * photo posted twice, once openly, is open), `audience` when it is only on things some may see or
 * not posted yet, null when no image names it.
 */
export async function mediaReachOf(db: Db, key: string): Promise<MediaReach | null> {
  if (!key.toLowerCase().startsWith(photoFolder)) return 'open';
  const stem = stemOf(key);
  // One statement of its own: in a select list Drizzle names columns without their table.
  const result = (await db.execute(sql`
    select bool_or(
      exists (select 1 from ${postImages} join ${posts} on ${posts.id} = ${postImages.postId}
        where ${postImages.imageId} = ${images.id} and ${openToAnyone(posts.authorId, posts.audience)})
      or exists (select 1 from ${events} where ${events.imageId} = ${images.id}
        and ${openToAnyone(events.hostId, events.audience)})) as open
    from ${images}
    where ${stem ? sql`(${stemColumn} = ${stem} or ${images.jpegKey} = ${key})` : eq(images.jpegKey, key)}`)) as unknown as {
    rows: { open: boolean | null }[];
  };
  const row = result.rows[0];
  if (row?.open == null) return null;
  return row.open ? 'open' : 'audience';
}

/** An image the caller may attach: theirs, and uploaded for this purpose. */
export async function requireOwnImage(
  db: Db,
  ownerId: string,
  imageId: string,
  purpose: ImagePurpose,
): Promise<ImageRow> {
  const row = await db.query.images.findFirst({ where: eq(images.id, imageId) });
  if (!row) throw invalid(messages.image.missing);
  if (row.ownerId !== ownerId) throw forbidden(messages.image.notYours);
  if (row.purpose !== purpose) throw invalid(messages.image.missing);
  return row;
}

/**
 * Several images the caller may attach (a post's items): one query, the same rules as above, and
 * a video only once it is ready to play.
 */
export async function requireOwnImages(
  db: Db,
  ownerId: string,
  imageIds: readonly string[],
  purpose: ImagePurpose,
): Promise<void> {
  const rows = await db
    .select({ id: images.id, ownerId: images.ownerId, purpose: images.purpose, videoState: videos.state })
    .from(images)
    .leftJoin(videos, eq(videos.imageId, images.id))
    .where(inArray(images.id, [...imageIds]));
  if (rows.length !== new Set(imageIds).size) throw invalid(messages.image.missing);
  if (rows.some((row) => row.ownerId !== ownerId)) throw forbidden(messages.image.notYours);
  if (rows.some((row) => row.purpose !== purpose)) throw invalid(messages.image.missing);
  // A video is posted once its MP4 is ready (the composer waits for it); one that failed never is.
  if (rows.some((row) => row.videoState === 'processing')) throw invalid(messages.video.processing);
  if (rows.some((row) => row.videoState === 'failed')) throw invalid(messages.video.failed);
}

/**
 * Serialises, per owner and photo, the upload that reuses stored files and the deletion that
 * removes them: otherwise a copy could name files another transaction is deleting.
 */
export const lockStoredPhoto = (tx: Db, ownerId: string, contentHash: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${ownerId}:${contentHash}`}, 0))`);

/**
 * Removes rows first, then files: a crash in between leaves an orphan file, never a broken link.
 * A file another row still names (the same photo uploaded again, stored once) stays.
 */
export async function deleteImages({ db, storage }: { db: Db; storage: Storage }, ids: readonly string[]) {
  if (ids.length === 0) return;
  const unreferenced = await withTransaction(db, async (tx) => {
    const shared = await tx
      .selectDistinct({ ownerId: images.ownerId, contentHash: images.contentHash })
      .from(images)
      .where(and(inArray(images.id, [...ids]), isNotNull(images.contentHash)))
      .orderBy(images.ownerId, images.contentHash);
    for (const photo of shared) await lockStoredPhoto(tx, photo.ownerId, photo.contentHash!);
    // A video's MP4 (its row goes with the image's): never shared, so always deleted.
    const movies = await tx
      .select({ key: videos.key })
      .from(videos)
      .where(and(inArray(videos.imageId, [...ids]), isNotNull(videos.key)));
    const removed = await tx
      .delete(images)
      .where(inArray(images.id, [...ids]))
      .returning({
        keys: images.keys,
        originalKey: images.originalKey,
        avifKeys: images.avifKeys,
        jpegKey: images.jpegKey,
      });
    const stillNamed = new Set<string>();
    for (const photo of shared) {
      const siblings = await tx
        .select({
          keys: images.keys,
          originalKey: images.originalKey,
          avifKeys: images.avifKeys,
          jpegKey: images.jpegKey,
        })
        .from(images)
        .where(and(eq(images.ownerId, photo.ownerId), eq(images.contentHash, photo.contentHash!)));
      for (const key of siblings.flatMap(storedKeysOf)) stillNamed.add(key);
    }
    return [...new Set([...removed.flatMap(storedKeysOf), ...movies.map((movie) => movie.key!)])].filter(
      (key) => !stillNamed.has(key),
    );
  });
  await storage.delete(unreferenced);
}
