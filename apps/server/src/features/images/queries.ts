/**
 * Stored images as the API shows them: the columns an ImageDto needs and the mapper. Every feature
 * that lists something with a picture (posts, events, profiles, search) selects these columns in
 * its own query and maps them here, so a picture costs no query of its own.
 */
import type { ImageDto } from '@glimpse/shared';
import type { images } from '../../db/schema.ts';
import type { Storage } from '../../storage/storage.ts';

export type ImageRow = typeof images.$inferSelect;

type ImageDtoField = 'id' | 'keys' | 'widths' | 'width' | 'height' | 'placeholder' | 'purpose';
/** What `toImageDto` reads: lists select only these columns (no owner, no upload time). */
export type ImageDtoRow = Pick<ImageRow, ImageDtoField>;

/** The columns of `images` (or an alias of it) that an ImageDto needs, for a Drizzle select. */
export function imageDtoColumns<T extends Record<ImageDtoField, unknown>>(table: T): Pick<T, ImageDtoField> {
  const { id, keys, widths, width, height, placeholder, purpose } = table;
  return { id, keys, widths, width, height, placeholder, purpose };
}

export function toImageDto(storage: Storage, row: ImageDtoRow): ImageDto {
  const urls = row.keys.map((key) => storage.publicUrl(key));
  return {
    id: row.id,
    url: urls[urls.length - 1]!,
    srcset: urls.map((url, i) => `${url} ${row.widths[i]}w`).join(', '),
    width: row.width,
    height: row.height,
    placeholder: row.placeholder,
    purpose: row.purpose,
  };
}
