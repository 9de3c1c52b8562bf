/** Real image bytes for upload tests, made by sharp so no binary fixtures live in the repo. */
import sharp from 'sharp';

export async function makeJpeg(width = 800, height = 600): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 120, b: 60 } },
  })
    .jpeg({ quality: 85 })
    .withMetadata({ exif: { IFD0: { Copyright: 'secret camera owner' } } })
    .toBuffer();
}

export function imageForm(data: Buffer, purpose: string, filename = 'photo.jpg'): FormData {
  const form = new FormData();
  form.set('purpose', purpose);
  form.set('file', new File([new Uint8Array(data)], filename, { type: 'image/jpeg' }));
  return form;
}
