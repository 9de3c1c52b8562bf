/**
 * The one image pipeline: checks the type by content (magic bytes, then sharp's decoder agrees;
 * never the name or declared type), refuses oversized files and decompression bombs, strips
 * metadata (location, camera serials), applies the EXIF orientation, and encodes WebP in several
 * widths plus a thumbhash placeholder. AVIF, several times slower to encode, is made later from the
 * kept original by `encodeAvif` (the background job of avif.ts), never while an upload waits.
 */
import { limits, messages } from '@glimpse/shared';
import type { Metadata, OutputInfo, default as Sharp } from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';
import { invalid, tooLarge } from '../../lib/errors.ts';
import { decodeHeic, HeicDecodeError } from './heic.ts';

type Sniffed = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif' | 'heic';

/** What sharp reports for each type it reads (AVIF is a HEIF container coded with AV1). */
const sharpFormatOf: Record<Exclude<Sniffed, 'heic'>, string> = {
  jpeg: 'jpeg',
  png: 'png',
  gif: 'gif',
  webp: 'webp',
  avif: 'heif',
};

const startsWith = (input: Buffer, bytes: number[], offset = 0) =>
  input.length >= offset + bytes.length && bytes.every((b, i) => input[offset + i] === b);
const ascii = (input: Buffer, start: number, end: number) => input.subarray(start, end).toString('latin1');

/**
 * The type by its magic bytes, before any decoder sees the file: only these reach sharp, so its
 * other loaders (SVG, TIFF, …) never parse an upload. HEIC (HEVC-coded HEIF, the iPhone default)
 * goes to libheif (heic.ts) instead: sharp's prebuilt libvips has no HEVC decoder.
 */
function sniff(input: Buffer): Sniffed | null {
  if (startsWith(input, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(input, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(input, 0, 6) === 'GIF87a' || ascii(input, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(input, 0, 4) === 'RIFF' && ascii(input, 8, 12) === 'WEBP') return 'webp';
  if (ascii(input, 4, 8) === 'ftyp') {
    const boxSize = Math.min(input.readUInt32BE(0), input.length, 64);
    const brands = [ascii(input, 8, 12)];
    for (let at = 16; at + 4 <= boxSize; at += 4) brands.push(ascii(input, at, at + 4));
    if (brands.some((b) => b === 'avif' || b === 'avis')) return 'avif';
    if (brands.some((b) => ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis'].includes(b))) return 'heic';
  }
  return null;
}

/** Whether `head` (a file's first bytes) is of a type the photo pipeline takes. */
export const looksLikeImage = (head: Buffer) => sniff(head) !== null;

export interface ProcessedImage {
  width: number;
  height: number;
  placeholder: string;
  variants: { width: number; data: Buffer }[];
  /** The accepted type's file extension, for keeping the upload as sent (`jpg`, `png`…). */
  extension: string;
}

const extensionOf: Record<Sniffed, string> = {
  jpeg: 'jpg',
  png: 'png',
  gif: 'gif',
  webp: 'webp',
  avif: 'avif',
  heic: 'heic',
};

export interface ProcessOptions {
  /** Widths to store (srcset), ascending; never upscaled. */
  widths?: readonly number[];
  /**
   * Whether the largest width bounds the long side (a 2048 px post photo is 2048 tall when
   * portrait) rather than only the width (profile and event pictures, up to twice as tall).
   */
  boundLongSide?: boolean;
  /**
   * Encode the widths one after another rather than at once: for work nobody waits on (an
   * import), where the process's peak memory matters more than the time.
   */
  oneAtATime?: boolean;
}

/**
 * sharp (libvips) costs ~25 MB of memory in every worker once loaded: it loads with the first
 * upload, not at start (the memory budget counts each worker; docs/performance.md).
 */
let sharpModule: Promise<typeof Sharp> | undefined;
const loadSharp = () =>
  (sharpModule ??= import('sharp').then(({ default: sharp }) => {
    // libvips' operation cache (up to 50 MB) only helps a program that repeats an operation on
    // the same file; every image here is new, so it only held memory.
    sharp.cache(false);
    return sharp;
  }));

const openImage = (sharp: typeof Sharp, input: Buffer) =>
  // failOn 'warning' also refuses truncated JPEGs; pixel limit refuses decompression bombs.
  sharp(input, { limitInputPixels: limits.imageMaxPixels, failOn: 'warning', animated: false });

/** sharp refuses a decompression bomb while reading the header; say so rather than "not an image". */
const decodeError = (error: unknown) =>
  invalid(
    /pixel limit/i.test(String(error)) ||
      (error instanceof HeicDecodeError && error.reason === 'tooManyPixels')
      ? messages.image.tooManyPixels
      : messages.image.notAnImage,
  );

/**
 * Opens an accepted file for sharp. A HEIC is decoded to upright raw pixels first (the pixel limit
 * checked from its header before that), so sharp never sees the container; anything else goes to
 * sharp as it is.
 */
async function openSource(sharp: typeof Sharp, input: Buffer, sniffed: Sniffed) {
  if (sniffed !== 'heic') return openImage(sharp, input);
  const { data, width, height, channels } = await decodeHeic(input, limits.imageMaxPixels);
  return sharp(data, { raw: { width, height, channels } });
}

/**
 * Above this width WebP is encoded at effort 0: a 2048 px post photo at effort 3 took ~750 ms of a
 * 12-megapixel upload's 1 s budget (3× the 1280 px one); effort trades file size (a few percent
 * here), not the quality setting.
 */
const largeWidth = 1280;

export async function processImage(
  input: Buffer,
  { widths: wanted = limits.imageWidths, boundLongSide = false, oneAtATime = false }: ProcessOptions = {},
): Promise<ProcessedImage> {
  if (input.byteLength > limits.imageMaxBytes) {
    throw tooLarge(messages.image.tooLarge(limits.imageMaxBytes / 1024 / 1024));
  }
  const sniffed = sniff(input);
  if (!sniffed) throw invalid(messages.image.notAnImage);
  const sharp = await loadSharp();
  if (sniffed !== 'heic') {
    let metadata: Metadata;
    try {
      metadata = await openImage(sharp, input).metadata();
    } catch (error) {
      throw decodeError(error);
    }
    if (metadata.format !== sharpFormatOf[sniffed]) throw invalid(messages.image.notAnImage);
    if (!metadata.width || !metadata.height) throw invalid(messages.image.notAnImage);
    if (metadata.width * metadata.height > limits.imageMaxPixels) throw invalid(messages.image.tooManyPixels);
  }

  const largestWidth = wanted[wanted.length - 1]!;
  let decoded: { data: Buffer; info: OutputInfo };
  try {
    // Decode once, at the largest size we keep; every variant is cut from these pixels.
    decoded = await (await openSource(sharp, input, sniffed))
      .rotate()
      .resize({
        width: largestWidth,
        height: boundLongSide ? largestWidth : largestWidth * 2,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw decodeError(error);
  }
  const { data, info } = decoded;
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;

  const widths = [...wanted.filter((w) => w < info.width), info.width].filter(
    (w, i, all) => all.indexOf(w) === i,
  );
  const encode = async (width: number) => ({
    width,
    data: await sharp(data, raw)
      .resize({ width })
      .webp({ quality: 80, effort: width > largeWidth ? 0 : 3 })
      .toBuffer(),
  });
  const variants: { width: number; data: Buffer }[] = [];
  if (oneAtATime) for (const width of widths) variants.push(await encode(width));
  else variants.push(...(await Promise.all(widths.map(encode))));

  const thumb = await sharp(data, raw)
    .resize({ width: 100, height: 100, fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const placeholder = Buffer.from(rgbaToThumbHash(thumb.info.width, thumb.info.height, thumb.data)).toString(
    'base64',
  );

  return { width: info.width, height: info.height, placeholder, variants, extension: extensionOf[sniffed] };
}

/**
 * AVIF at quality 50 matched WebP at 80 (PSNR) at two thirds of the bytes on a photo-like image
 * (docs/performance.md has the measurements). Effort 2 because the next steps cost far more: on a
 * 2048 px image effort 3 took ~1.5× as long for the same size, effort 4 6–14× as long.
 *
 * Chroma at half resolution (4:2:0, as in the WebP twin, camera JPEGs and HEIC): libaom holds
 * ~100 MB while it encodes a 2048 px image in 4:4:4 and ~65 MB in 4:2:0, whatever the effort or
 * thread count, and that encode was what took an import's server over its memory budget. Luma
 * is the same; chroma loses what the WebP twin loses too (docs/performance.md, "Import").
 */
const avifSettings = { quality: 50, effort: 2, chromaSubsampling: '4:2:0' } as const;

/**
 * AVIF twins of an image's WebP variants, from its original (an upload the pipeline has accepted
 * before): turned upright, then each of `widths` (the row's WebP widths, largest last), so both
 * formats have the same sizes for the same srcset. `beforeStep` runs before the decode and each
 * encode: the caller's chance to wait (uploads first) or to stop (by throwing).
 */
export async function encodeAvif(
  original: Buffer,
  widths: readonly number[],
  beforeStep: () => Promise<void> = async () => {},
): Promise<{ width: number; data: Buffer }[]> {
  const sharp = await loadSharp();
  await beforeStep();
  const sniffed = sniff(original);
  if (!sniffed) throw new Error('the kept original is not an image the pipeline accepts');
  const { data, info } = await (await openSource(sharp, original, sniffed))
    .rotate()
    .resize({ width: widths[widths.length - 1]! })
    // No ensureAlpha here: an opaque photo would carry an alpha plane to encode and send.
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  // One after another: the job runs beside requests, and each encoder's buffers go before the next.
  const variants: { width: number; data: Buffer }[] = [];
  for (const width of widths) {
    await beforeStep();
    variants.push({ width, data: await sharp(data, raw).resize({ width }).avif(avifSettings).toBuffer() });
  }
  return variants;
}
