/**
 * Stored images as every feature sees them: the columns an ImageDto needs and the mapper (every
 * feature that lists something with a picture selects these columns in its own query and maps them
 * here, so a picture costs no query of its own), the check that an image may be attached, and the
 * deletion of rows and files together (a file shared by copies of one photo goes with the last). Uploading is the images feature's.
 */
import type { ImageDto, ImagePurpose } from '@glimpse/shared';
import { messages } from '@glimpse/shared';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { withTransaction } from './service.ts';
import { images } from '../db/schema.ts';
import { forbidden, invalid } from '../lib/errors.ts';
import type { Storage } from '../storage/storage.ts';

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
    // The JPEG other servers fetch (features/federation/media.ts).
    ...(row.jpegKey ? [row.jpegKey] : []),
  ];
}

export function toImageDto(storage: Storage, row: ImageDtoRow): ImageDto {
  const srcsetOf = (keys: readonly string[]) =>
    keys.map((key, i) => `${storage.publicUrl(key)} ${row.widths[i]}w`).join(', ');
  return {
    id: row.id,
    url: storage.publicUrl(row.keys[row.keys.length - 1]!),
    srcset: srcsetOf(row.keys),
    // Null until the background job has encoded them (features/images/avif.ts).
    avifSrcset: row.avifKeys?.length ? srcsetOf(row.avifKeys) : null,
    width: row.width,
    height: row.height,
    placeholder: row.placeholder,
    purpose: row.purpose,
  };
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

/** Several images the caller may attach (a post's photos): one query, the same rules as above. */
export async function requireOwnImages(
  db: Db,
  ownerId: string,
  imageIds: readonly string[],
  purpose: ImagePurpose,
): Promise<void> {
  const rows = await db
    .select({ id: images.id, ownerId: images.ownerId, purpose: images.purpose })
    .from(images)
    .where(inArray(images.id, [...imageIds]));
  if (rows.length !== new Set(imageIds).size) throw invalid(messages.image.missing);
  if (rows.some((row) => row.ownerId !== ownerId)) throw forbidden(messages.image.notYours);
  if (rows.some((row) => row.purpose !== purpose)) throw invalid(messages.image.missing);
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
    return [...new Set(removed.flatMap(storedKeysOf))].filter((key) => !stillNamed.has(key));
  });
  await storage.delete(unreferenced);
}
