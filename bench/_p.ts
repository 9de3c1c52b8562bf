import { processImage } from '../apps/server/src/features/images/pipeline.ts';
import { makeTwelveMegapixelJpeg } from './measure/upload.ts';

for (const o of [undefined, 6]) {
  const jpeg = await makeTwelveMegapixelJpeg(o);
  for (let i = 0; i < 4; i++) {
    const t = performance.now();
    await processImage(jpeg);
    console.log(o, Math.round(performance.now() - t));
  }
}
