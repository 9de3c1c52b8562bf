/**
 * Reads a photo's pixels as they are on screen. A test photo of four coloured quarters shows
 * whole in its frame when each quarter's colour is in that quarter of the frame: a photo drawn
 * beside its frame, cut to one half, or left as an empty box fails, whatever the DOM says.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Locator } from '@playwright/test';
import sharp from 'sharp';

type Rgb = readonly [number, number, number];

/** Reading order of the quarters (top left, top right, bottom left, bottom right), in any direction. */
export const quarters = [
  { name: 'top left', colour: [230, 20, 30] as Rgb, column: 0, row: 0 },
  { name: 'top right', colour: [20, 190, 40] as Rgb, column: 1, row: 0 },
  { name: 'bottom left', colour: [30, 40, 230] as Rgb, column: 0, row: 1 },
  { name: 'bottom right', colour: [250, 220, 20] as Rgb, column: 1, row: 1 },
] as const;

/** A JPEG of the four quarters (red, green / blue, yellow): 1200×900 by default, a camera's 4:3 photo. */
export async function quarterPhoto(name = 'quarters', { width = 1200, height = 900 } = {}): Promise<string> {
  const dir = path.join(tmpdir(), 'glimpse-e2e');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${name}-${randomBytes(3).toString('hex')}.jpg`);
  const rects = quarters
    .map(
      ({ colour, column, row }) =>
        `<rect x="${(column * width) / 2}" y="${(row * height) / 2}" width="${width / 2}" height="${height / 2}" fill="rgb(${colour.join(',')})"/>`,
    )
    .join('');
  const image = await sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${rects}</svg>`),
  )
    .jpeg({ quality: 95 })
    .toBuffer();
  await writeFile(file, image);
  return file;
}

const distance = (a: Rgb, b: Rgb) => Math.max(...a.map((value, i) => Math.abs(value - b[i]!)));
const rgbText = (rgb: Rgb) => `rgb(${rgb.map(Math.round).join(', ')})`;
/** Per channel: lossy WebP/AVIF renditions and colour management move a flat colour a little. */
const tolerance = 45;

/**
 * Expects `photo` (an `<img>` of {@link quarterPhoto}) to show whole in its frame: the nearest
 * box around it that clips (overflow other than visible), as a person sees the photo's edges.
 * `minShare` is how much of the frame must be photo (the quarters' soft edges count as neither): a
 * round avatar covers π/4 of its square.
 */
export async function expectPhotoWhole(photo: Locator, where: string, { minShare = 0.75 } = {}) {
  const page = photo.page();
  // The frame's middle in the middle of the window, clear of sticky bars; the mouse away from it
  // (a grid tile darkens under the pointer).
  await frameBox(photo, { scroll: true });
  await page.mouse.move(0, 0);
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
      message: `${where}: the photo loads`,
    })
    .toBe(true);
  const box = await frameBox(photo, { scroll: false });
  expect(box.width, `${where}: the frame has a size`).toBeGreaterThan(20);
  const png = await page.screenshot({ clip: box, animations: 'disabled', caret: 'hide' });
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number): Rgb => {
    const i = (y * info.width + x) * info.channels;
    return [data[i]!, data[i + 1]!, data[i + 2]!];
  };
  const mean = (x0: number, y0: number, x1: number, y1: number): Rgb => {
    const sum = [0, 0, 0];
    let n = 0;
    for (let y = Math.round(y0); y < Math.round(y1); y++) {
      for (let x = Math.round(x0); x < Math.round(x1); x++) {
        const rgb = at(x, y);
        for (let c = 0; c < 3; c++) sum[c]! += rgb[c]!;
        n++;
      }
    }
    return [sum[0]! / n, sum[1]! / n, sum[2]! / n];
  };

  // The middle of each quarter of the frame (an eighth of its size around it: inside a round frame too).
  const seen = quarters.map(({ name, colour, column, row }) => {
    const cx = ((2 * column + 1) * info.width) / 4;
    const cy = ((2 * row + 1) * info.height) / 4;
    const [dx, dy] = [info.width / 16, info.height / 16];
    const rgb = mean(cx - dx, cy - dy, cx + dx, cy + dy);
    return { name, expected: colour, rgb, ok: distance(rgb, colour) <= tolerance };
  });
  let photoPixels = 0;
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const rgb = at(x, y);
      if (quarters.some(({ colour }) => distance(rgb, colour) <= tolerance)) photoPixels++;
    }
  }
  const share = photoPixels / (info.width * info.height);
  const report = [
    `${where}: frame ${Math.round(box.width)}×${Math.round(box.height)} at (${Math.round(box.x)}, ${Math.round(box.y)})`,
    ...seen.map((q) => `  ${q.name}: expected ${rgbText(q.expected)}, saw ${rgbText(q.rgb)}`),
    `  photo covers ${(share * 100).toFixed(1)}% of the frame`,
  ].join('\n');
  // Soft: one run names every frame that fails, not only the first.
  expect
    .soft(
      seen.every((q) => q.ok) && share >= minShare,
      `each quarter's colour in its quarter of the frame\n${report}`,
    )
    .toBe(true);
}

/**
 * The box of the element that frames an `<img>`: its nearest ancestor that clips what it holds. A
 * `<picture>` around the img with display: contents has no box of its own and is passed over.
 */
function frameBox(photo: Locator, { scroll }: { scroll: boolean }) {
  return photo.evaluate((img, scrollIntoView) => {
    let frame: Element = img;
    for (let element = img.parentElement; element; element = element.parentElement) {
      const style = getComputedStyle(element);
      if (style.display !== 'contents' && (style.overflowX !== 'visible' || style.overflowY !== 'visible')) {
        frame = element;
        break;
      }
    }
    if (scrollIntoView) frame.scrollIntoView({ block: 'center', inline: 'center' });
    const rect = frame.getBoundingClientRect();
    return { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
  }, scroll);
}
