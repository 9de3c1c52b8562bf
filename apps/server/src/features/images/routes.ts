/**
 * HTTP for uploads: one multipart picture per request, size-limited before it is read; one video
 * per request as the raw body (`Content-Type: video/…`), streamed to disk and limited as it arrives.
 */

import { rm } from 'node:fs/promises';
import { ImagePurpose, limits, messages } from '@glimpse/shared';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { type AppEnv, formBody, parseWith, signedIn, uuidParam } from '../../core/http.ts';
import { rateLimit } from '../../core/rate-limit.ts';
import { AppError, invalid, tooLarge } from '../../lib/errors.ts';
import { queueAvif } from './avif.ts';
import { uploadImage } from './service.ts';
import { ffmpegOf, getOwnVideo, receiveVideo, uploadVideo } from './video.ts';
import { videoTooLarge } from './video-pipeline.ts';

const maxMb = limits.imageMaxBytes / 1024 / 1024;

/** `purpose` first, then `file`: a form missing both is told about the purpose, as before. */
const imageUpload = formBody((form) => {
  const purpose: ImagePurpose = parseWith(ImagePurpose, form.purpose);
  const file = form.file;
  if (!(file instanceof File) || file.size === 0)
    throw invalid(messages.image.missing, { file: messages.image.missing });
  return { purpose, file };
});

export const imageRoutes = new Hono<AppEnv>()
  .post(
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
  )
  .post('/videos', rateLimit('uploads'), signedIn, async (c) => {
    const deps = c.get('deps');
    const { env } = deps;
    const ffmpeg = await ffmpegOf(env);
    // Said before a byte is read: a machine without ffmpeg refuses every video the same way.
    if (!ffmpeg) throw new AppError('Unavailable', messages.video.unavailable);
    const declared = Number(c.req.header('content-length') ?? Number.NaN);
    if (declared > env.VIDEO_MAX_MB * 1024 * 1024) throw videoTooLarge(env.VIDEO_MAX_MB);
    const body = c.req.raw.body;
    if (!body) throw invalid(messages.image.missing);
    const file = await receiveVideo(env, body);
    try {
      const video = await deps.uploadGate.whileUploading(() =>
        uploadVideo({
          ctx: c.get('ctx'),
          input: {
            file,
            ffmpeg,
            maxSeconds: env.VIDEO_MAX_SECONDS,
            quotaMb: env.ACCOUNT_STORAGE_QUOTA_MB,
          },
        }),
      );
      return c.json(video, 201);
    } finally {
      await rm(file, { force: true });
    }
  })
  .get('/videos/:videoId', signedIn, uuidParam('videoId', messages.image.missing), async (c) =>
    c.json(await getOwnVideo({ ctx: c.get('ctx'), input: { imageId: c.req.valid('param').videoId } })),
  );
