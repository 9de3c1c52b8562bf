/**
 * "One 12-megapixel JPEG upload processed and stored": a 4000×3000 photo-like JPEG (noise, slightly
 * blurred, so it compresses like a camera picture: about 4.5 MB), posted to /api/images end to end,
 * and the pipeline alone (processImage) in this process for comparison.
 */
import { limits } from '@glimpse/shared';
import sharp from 'sharp';
import { processImage } from '../../apps/server/src/features/images/pipeline.ts';
import { headersOf, percentile, type Visitor } from '../lib/http.ts';

export async function makeTwelveMegapixelJpeg(orientation?: number): Promise<Buffer> {
  const image = sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .blur(0.8)
    .jpeg({ quality: 90 });
  // A phone held upright stores the picture sideways with EXIF orientation 6.
  return (orientation ? image.withMetadata({ orientation }) : image).toBuffer();
}

export interface UploadTimes {
  jpegBytes: number;
  runs: number;
  endToEndMedianMs: number;
  endToEndMaxMs: number;
  pipelineMedianMs: number;
  pipelineMaxMs: number;
  /** The same with EXIF orientation 6 (a portrait phone photo): the pipeline has to rotate. */
  rotatedPipelineMedianMs: number;
}

async function upload(visitor: Visitor, jpeg: Buffer): Promise<number> {
  const form = new FormData();
  form.set('purpose', 'post');
  form.set('file', new File([new Uint8Array(jpeg)], 'camera.jpg', { type: 'image/jpeg' }));
  const started = performance.now();
  const response = await fetch(`${visitor.base}/api/images`, {
    method: 'POST',
    headers: headersOf(visitor),
    body: form,
  });
  await response.arrayBuffer();
  if (response.status !== 201) throw new Error(`upload: ${response.status}`);
  return performance.now() - started;
}

/** What the server does for a post photo: the 2048 px size too, bounded on the long side. */
const postPhoto = { widths: limits.postImageWidths, boundLongSide: true } as const;

async function timePipeline(jpeg: Buffer, runs: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await processImage(jpeg, postPhoto);
    times.push(performance.now() - started);
  }
  return times;
}

export async function measureUpload(visitor: Visitor, runs: number): Promise<UploadTimes> {
  const jpeg = await makeTwelveMegapixelJpeg();
  await upload(visitor, jpeg); // warm-up: the server's first sharp call loads libvips' codecs
  const endToEnd: number[] = [];
  for (let i = 0; i < runs; i++) endToEnd.push(await upload(visitor, jpeg));
  await processImage(jpeg, postPhoto);
  const pipeline = await timePipeline(jpeg, runs);
  const rotated = await timePipeline(await makeTwelveMegapixelJpeg(6), runs);
  return {
    jpegBytes: jpeg.byteLength,
    runs,
    endToEndMedianMs: percentile(endToEnd, 50),
    endToEndMaxMs: Math.max(...endToEnd),
    pipelineMedianMs: percentile(pipeline, 50),
    pipelineMaxMs: Math.max(...pipeline),
    rotatedPipelineMedianMs: percentile(rotated, 50),
  };
}
