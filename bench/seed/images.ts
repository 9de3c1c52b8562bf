/**
 * The shared pictures: small gradient WebP files (drawn from the seed, so the same bytes every run)
 * and their thumbhash placeholders, computed the way the upload pipeline does.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';
import type { ImageData } from './generate.ts';

export interface RenderedImage {
  webp: Buffer;
  placeholder: string;
}

function gradient(image: ImageData): Buffer {
  const { width, height, from, to } = image;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      const offset = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) pixels[offset + c] = Math.round(from[c]! + (to[c]! - from[c]!) * t);
    }
  }
  return pixels;
}

export async function renderImages(images: readonly ImageData[]): Promise<RenderedImage[]> {
  return Promise.all(
    images.map(async (image) => {
      const raw = { raw: { width: image.width, height: image.height, channels: 3 as const } };
      const pixels = gradient(image);
      const webp = await sharp(pixels, raw).webp({ quality: 80, effort: 3 }).toBuffer();
      const thumb = await sharp(pixels, raw)
        .resize({ width: 100, height: 100, fit: 'inside' })
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const placeholder = Buffer.from(
        rgbaToThumbHash(thumb.info.width, thumb.info.height, thumb.data),
      ).toString('base64');
      return { webp, placeholder };
    }),
  );
}

/** Writes the files where the local storage driver looks for them (DATA_DIR/uploads/<key>). */
export async function writeImages(
  uploadsDir: string,
  images: readonly ImageData[],
  rendered: readonly RenderedImage[],
): Promise<void> {
  await Promise.all(
    images.map(async (image, i) => {
      const file = path.join(uploadsDir, image.key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, rendered[i]!.webp);
    }),
  );
}
