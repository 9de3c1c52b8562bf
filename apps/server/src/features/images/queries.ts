/**
 * Stored images as the API shows them: the columns an ImageDto needs and the mapper. Every feature
 * that lists something with a picture (posts, events, profiles, search) selects these columns in
 * its own query and maps them here, so a picture costs no query of its own.
 */
import type { ImageDto } from '@glimpse/shared';
import type { images } from '../../db/schema.ts';
import type { Storage } from '../../storage/storage.ts';

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
