/**
 * The one image pipeline: checks the type by content (never by name or declared type), refuses
 * oversized files and decompression bombs, strips metadata (location, camera serials), applies the
 * EXIF orientation, and encodes WebP in several widths plus a thumbhash placeholder.
 */
import { limits, messages } from '@glimpse/shared';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';
import { invalid, tooLarge } from '../../lib/errors.ts';

const acceptedFormats = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);

export interface ProcessedImage {
  width: number;
  height: number;
  placeholder: string;
  variants: { width: number; data: Buffer }[];
}

const openImage = (input: Buffer) =>
  // failOn 'warning' also refuses truncated JPEGs; pixel limit refuses decompression bombs.
  sharp(input, { limitInputPixels: limits.imageMaxPixels, failOn: 'warning', animated: false });

export async function processImage(input: Buffer): Promise<ProcessedImage> {
  if (input.byteLength > limits.imageMaxBytes) {
    throw tooLarge(messages.image.tooLarge(limits.imageMaxBytes / 1024 / 1024));
  }
  let metadata: Metadata;
  try {
    metadata = await openImage(input).metadata();
  } catch {
    throw invalid(messages.image.notAnImage);
  }
  if (!metadata.format || !acceptedFormats.has(metadata.format)) throw invalid(messages.image.notAnImage);
  if (!metadata.width || !metadata.height) throw invalid(messages.image.notAnImage);
  if (metadata.width * metadata.height > limits.imageMaxPixels) throw invalid(messages.image.tooManyPixels);

  const largestWidth = limits.imageWidths[limits.imageWidths.length - 1]!;
  let decoded: { data: Buffer; info: OutputInfo };
  try {
    // Decode once, at the largest size we keep; every variant is cut from these pixels.
    decoded = await openImage(input)
      .rotate()
      .resize({ width: largestWidth, height: largestWidth * 2, fit: 'inside', withoutEnlargement: true })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw invalid(messages.image.notAnImage);
  }
  const { data, info } = decoded;
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;

  const widths = [...limits.imageWidths.filter((w) => w < info.width), info.width].filter(
    (w, i, all) => all.indexOf(w) === i,
  );
  const variants = await Promise.all(
    widths.map(async (width) => ({
      width,
      data: await sharp(data, raw).resize({ width }).webp({ quality: 80, effort: 3 }).toBuffer(),
    })),
  );

  const thumb = await sharp(data, raw)
    .resize({ width: 100, height: 100, fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const placeholder = Buffer.from(rgbaToThumbHash(thumb.info.width, thumb.info.height, thumb.data)).toString(
    'base64',
  );

  return { width: info.width, height: info.height, placeholder, variants };
}
