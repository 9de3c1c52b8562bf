/**
 * A photo's blurhash, made from the thumbhash placeholder the upload pipeline stores: a valid
 * blurhash whose decoded picture has the photo's colours where the photo has them.
 */
import { decode, isBlurhashValid } from 'blurhash';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { processImage } from '../features/images/pipeline.ts';
import { blurhashOfPlaceholder } from './blurhash.ts';

type Rgb = { r: number; g: number; b: number };

/** A JPEG of `width`×`height`, `left` on its left half and `right` on its right half. */
async function twoColourJpeg(width: number, height: number, left: Rgb, right: Rgb) {
  const half = (background: Rgb) =>
    sharp({ create: { width: width / 2, height, channels: 3, background } })
      .png()
      .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: left } })
    .composite([{ input: await half(right), left: width / 2, top: 0 }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** The mean colour of columns [from, to) of a decoded blurhash picture. */
function meanOf(pixels: Uint8ClampedArray, width: number, height: number, from: number, to: number): Rgb {
  const sum = { r: 0, g: 0, b: 0 };
  for (let y = 0; y < height; y++) {
    for (let x = from; x < to; x++) {
      const at = (y * width + x) * 4;
      sum.r += pixels[at]!;
      sum.g += pixels[at + 1]!;
      sum.b += pixels[at + 2]!;
    }
  }
  const n = height * (to - from);
  return { r: sum.r / n, g: sum.g / n, b: sum.b / n };
}

const red = { r: 220, g: 30, b: 30 };
const blue = { r: 30, g: 40, b: 210 };

async function blurhashOfUpload(jpeg: Buffer) {
  const { placeholder } = await processImage(jpeg, { widths: [320] });
  return blurhashOfPlaceholder(placeholder);
}

describe('blurhash from the stored placeholder', () => {
  it('is a valid 4×3 blurhash whose picture is the red photo’s red', async () => {
    const blurhash = await blurhashOfUpload(await twoColourJpeg(800, 600, red, red));
    expect(blurhash).not.toBeNull();
    expect(isBlurhashValid(blurhash!)).toEqual({ result: true });
    // Size, AC scale and 4 characters of average colour, then 2 per other component: 4 × 3 = 12.
    expect(blurhash).toHaveLength(6 + 2 * 11);
    const mean = meanOf(decode(blurhash!, 32, 24), 32, 24, 0, 32);
    expect(mean.r).toBeGreaterThan(180);
    expect(mean.g).toBeLessThan(70);
    expect(mean.b).toBeLessThan(70);
  });

  it('keeps where the colours are: red on the left, blue on the right', async () => {
    const blurhash = await blurhashOfUpload(await twoColourJpeg(800, 600, red, blue));
    const pixels = decode(blurhash!, 32, 24);
    const left = meanOf(pixels, 32, 24, 0, 8);
    const right = meanOf(pixels, 32, 24, 24, 32);
    expect(left.r).toBeGreaterThan(left.b + 60);
    expect(right.b).toBeGreaterThan(right.r + 60);
  });

  it('follows a portrait photo’s shape: 3 components across, 4 down', async () => {
    const blurhash = await blurhashOfUpload(await twoColourJpeg(600, 900, blue, blue));
    // The first character is (x − 1) + (y − 1) × 9 in base 83: 2 + 27 = 29, "T".
    expect(blurhash?.[0]).toBe('T');
    expect(isBlurhashValid(blurhash!).result).toBe(true);
  });

  it('is null, not an exception, for a row with no placeholder or one too short to be a thumbhash', () => {
    expect(blurhashOfPlaceholder('')).toBeNull();
    expect(blurhashOfPlaceholder('AAE=')).toBeNull();
    // All zeros decode to no colour at all (NaN), which blurhash would write as "undefined".
    expect(blurhashOfPlaceholder(Buffer.alloc(24).toString('base64'))).toBeNull();
  });
});
