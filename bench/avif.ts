/**
 * What the background AVIF job costs (features/images/avif.ts), in this process: the 12 MP
 * photo-like JPEG of the upload benchmark through the WebP pipeline (what the upload waits for),
 * through the AVIF job (decode the original, encode each stored width), the 2048 px AVIF encode
 * alone, each width's size in both formats, and the WebP pipeline with an AVIF encode running
 * beside it (why uploads go first). Output is JSON for docs/performance.md.
 *
 *   npx tsx bench/avif.ts [--runs 5]
 */
import { parseArgs } from 'node:util';
import { limits } from '@glimpse/shared';
import sharp from 'sharp';
import { encodeAvif, processImage } from '../apps/server/src/features/images/pipeline.ts';
import { percentile } from './lib/http.ts';
import { makeTwelveMegapixelJpeg } from './measure/upload.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const runs = Number(values.runs);
const postPhoto = { widths: limits.postImageWidths, boundLongSide: true } as const;

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = performance.now();
  const result = await work();
  return { ms: performance.now() - started, result };
}

const median = (times: number[]) => Math.round(percentile(times, 50));
const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

const jpeg = await makeTwelveMegapixelJpeg();
// Warm-up: the first call loads libvips' codecs.
const webp = await processImage(jpeg, postPhoto);
const widths = webp.variants.map((v) => v.width);
let avif = await encodeAvif(jpeg, widths);

const pipeline: number[] = [];
const job: number[] = [];
const beside: number[] = [];
for (let i = 0; i < runs; i++) {
  pipeline.push((await timed(() => processImage(jpeg, postPhoto))).ms);
  const encoded = await timed(() => encodeAvif(jpeg, widths));
  job.push(encoded.ms);
  avif = encoded.result;
  const background = encodeAvif(jpeg, widths);
  beside.push((await timed(() => processImage(jpeg, postPhoto))).ms);
  await background;
}

// The largest width alone, from decoded pixels, with the job's settings (pipeline.ts).
const { data, info } = await sharp(jpeg).resize({ width: 2048 }).raw().toBuffer({ resolveWithObject: true });
const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
const largest: number[] = [];
for (let i = 0; i < runs; i++) {
  largest.push((await timed(() => sharp(data, raw).avif({ quality: 50, effort: 2 }).toBuffer())).ms);
}

console.log(
  JSON.stringify(
    {
      jpegKB: kb(jpeg.byteLength),
      runs,
      webpPipelineMedianMs: median(pipeline),
      avifJobMedianMs: median(job),
      avif2048EncodeMedianMs: median(largest),
      webpPipelineBesideAvifMedianMs: median(beside),
      sizesKB: widths.map((width, i) => ({
        width,
        webp: kb(webp.variants[i]!.data.byteLength),
        avif: kb(avif[i]!.data.byteLength),
      })),
    },
    null,
    2,
  ),
);
