/** HTTP for uploads: one multipart picture per request, size-limited before it is read. */
import { ImagePurpose, limits, messages } from '@glimpse/shared';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { type AppEnv, formBody, parseWith, signedIn } from '../../core/http.ts';
import { rateLimit } from '../../core/rate-limit.ts';
import { invalid, tooLarge } from '../../lib/errors.ts';
import { queueAvif } from './avif.ts';
import { uploadImage } from './service.ts';

const maxMb = limits.imageMaxBytes / 1024 / 1024;

/** `purpose` first, then `file`: a form missing both is told about the purpose, as before. */
const imageUpload = formBody((form) => {
  const purpose: ImagePurpose = parseWith(ImagePurpose, form.purpose);
  const file = form.file;
  if (!(file instanceof File) || file.size === 0)
    throw invalid(messages.image.missing, { file: messages.image.missing });
  return { purpose, file };
});

export const imageRoutes = new Hono<AppEnv>().post(
  '/images',
  // Counted before the body is read: an upload over the limit costs no bandwidth or decoding.
  rateLimit('uploads'),
  bodyLimit({
    // Room for the multipart envelope around the largest accepted file.
    maxSize: limits.imageMaxBytes + 64 * 1024,
    onError: () => {
      throw tooLarge(messages.image.tooLarge(maxMb));
    },
  }),
  signedIn,
  imageUpload,
  async (c) => {
    const { purpose, file } = c.req.valid('form');
    const bytes = Buffer.from(await file.arrayBuffer());
    const deps = c.get('deps');
    const { copy, ...image } = await deps.uploadGate.whileUploading(() =>
      uploadImage({
        ctx: c.get('ctx'),
        input: { purpose, bytes, quotaMb: deps.env.ACCOUNT_STORAGE_QUOTA_MB },
      }),
    );
    // A post photo's AVIF twins are encoded by a job after this answer, never inside its budget; a
    // copy of a photo stored before shares the first upload's (images/avif.ts records them on both).
    if (purpose === 'post' && !copy) await queueAvif(c.get('ctx').db, image.id);
    return c.json(image, 201);
  },
);
