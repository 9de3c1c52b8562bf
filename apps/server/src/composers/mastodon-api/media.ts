/**
 * Media (docs.joinmastodon.org/methods/media): uploads (v2 and v1), their state, and their
 * description and focus. An upload is a Glimpse post photo or video (features/images), through the
 * same checks as the web's upload: the type read from the bytes (masto.js names every file `blob`),
 * the size, length and pixel limits, the member's storage quota, metadata stripped, and the same
 * upload gate (no AVIF encode competes with it). The body streams to a work file (a video may be
 * 200 MB), never held whole. A photo's WebP sizes are made before the answer, so it is ready at
 * once: 200 with its `url`. A video's MP4 is made by a job: v2 answers 202 with `url` null, and
 * `GET /api/v1/media/:id` answers 206 while it is made, 200 once `url` is set (Mastodon's codes).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { ImageDto } from '@glimpse/shared';
import { EditPostInput, limits, messages, PostPhotoInput } from '@glimpse/shared';
import { type Context, Hono } from 'hono';
import { parseWith } from '../../core/http.ts';
import { queueAvif } from '../../features/images/avif.ts';
import { looksLikeImage } from '../../features/images/pipeline.ts';
import { describeUpload, getOwnPostPhoto, uploadImage } from '../../features/images/service.ts';
import { ffmpegOf, uploadVideo, videoWorkDir } from '../../features/images/video.ts';
import { videoTooLarge } from '../../features/images/video-pipeline.ts';
import { editPost } from '../../features/posts/edit.ts';
import { getPost } from '../../features/posts/service.ts';
import { invalid, notFound, tooLarge } from '../../lib/errors.ts';
import { boundaryOf, receiveMultipartFile } from '../../lib/multipart-file.ts';
import { bodyParams } from '../../lib/params.ts';
import { type MastodonEnv, type MemberEnv, needs } from './http.ts';
import { serializeImageAttachment } from './serializers/media.ts';
import { countAgainst, limited } from './statuses.ts';

const maxMb = limits.imageMaxBytes / 1024 / 1024;
const imageTooLarge = () => tooLarge(messages.image.tooLarge(maxMb));
/** Room for the multipart envelope and an app's text fields around the largest accepted file. */
const envelopeBytes = 64 * 1024;

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `focus` as Mastodon writes it, "x,y" each within -1…1; Glimpse shows whole photos, so it is not kept. */
function checkFocus(value: unknown) {
  if (value === undefined || value === null || value === '') return;
  const parts = String(value)
    .split(',')
    .map((part) => Number(part.trim()));
  if (parts.length !== 2 || parts.some((n) => !Number.isFinite(n) || n < -1 || n > 1)) {
    throw invalid(messages.statusesApi.focusInvalid);
  }
}

/** An upload's `description` as an app sends it: alt text, within the web's limit; absent when not sent. */
function descriptionOf(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  return parseWith(PostPhotoInput, { imageId: nilUuid, altText: String(value) }).altText ?? '';
}

/** Any well-formed id: `PostPhotoInput` checks the alt text here, the upload is the route's. */
const nilUuid = '00000000-0000-4000-8000-000000000000';

/**
 * Whether an upload is a video: declared one, or, declared as nothing in particular, an MP4/MOV
 * (`ftyp`, but not the HEIF and AVIF pictures that share it) or Matroska/WebM (EBML) by its first
 * bytes. Anything else goes to the photo pipeline, which refuses what it does not take.
 */
function isVideo(declared: string | null, head: Buffer): boolean {
  if (declared?.startsWith('video/')) return true;
  if (declared?.startsWith('image/') || looksLikeImage(head)) return false;
  const isoMedia = head.subarray(4, 8).toString('latin1') === 'ftyp';
  const ebml = head.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
  return isoMedia || ebml;
}

async function firstBytes(file: string, count: number): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(count), 0, count, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

async function upload(c: Context<MemberEnv>, version: 'v1' | 'v2') {
  const deps = c.get('deps');
  const { env } = deps;
  const ctx = c.get('ctx');
  const videoMaxBytes = env.VIDEO_MAX_MB * 1024 * 1024;
  const declared = Number(c.req.header('content-length') ?? Number.NaN);
  // Said before a byte is read, as the web's upload does.
  if (declared > Math.max(limits.imageMaxBytes, videoMaxBytes) + envelopeBytes)
    throw videoMaxBytes > limits.imageMaxBytes ? videoTooLarge(env.VIDEO_MAX_MB) : imageTooLarge();
  // Not multipart: JSON or a form without a file, which says what is missing.
  if (!boundaryOf(c.req.header('content-type'))) {
    await bodyParams(c.req.raw);
    throw invalid(messages.image.missing);
  }
  const dir = videoWorkDir(env);
  await mkdir(dir, { recursive: true });
  const form = await receiveMultipartFile(c.req.raw, {
    path: path.join(dir, `upload-${randomBytes(12).toString('hex')}`),
    maxFileBytes: (type) =>
      type?.startsWith('image/')
        ? limits.imageMaxBytes
        : type?.startsWith('video/')
          ? videoMaxBytes
          : Math.max(limits.imageMaxBytes, videoMaxBytes),
    tooLarge: (type) => (type?.startsWith('image/') ? imageTooLarge() : videoTooLarge(env.VIDEO_MAX_MB)),
    malformed: () => invalid(messages.image.missing),
  });
  try {
    const { file, fields } = form;
    if (!file || file.bytes === 0) throw invalid(messages.image.missing);
    const description = descriptionOf(fields.description);
    checkFocus(fields.focus);
    let image: ImageDto;
    if (isVideo(file.contentType, await firstBytes(file.path, 64))) {
      const ffmpeg = await ffmpegOf(env);
      image = await deps.uploadGate.whileUploading(() =>
        uploadVideo({
          ctx,
          input: {
            file: file.path,
            ffmpeg,
            maxSeconds: env.VIDEO_MAX_SECONDS,
            quotaMb: env.ACCOUNT_STORAGE_QUOTA_MB,
          },
        }),
      );
    } else {
      if (file.bytes > limits.imageMaxBytes) throw imageTooLarge();
      const bytes = await readFile(file.path);
      const { copy, ...photo } = await deps.uploadGate.whileUploading(() =>
        uploadImage({ ctx, input: { purpose: 'post', bytes, quotaMb: env.ACCOUNT_STORAGE_QUOTA_MB } }),
      );
      if (!copy) await queueAvif(ctx.db, photo.id);
      image = photo;
    }
    if (description) await describeUpload({ ctx, input: { imageId: image.id, description } });
    const processing = Boolean(image.video) && image.video?.state !== 'ready';
    return c.json(
      serializeImageAttachment(image, description ?? '', env.publicUrl),
      processing && version === 'v2' ? 202 : 200,
    );
  } finally {
    await rm(form.file?.path ?? '', { force: true });
  }
}

async function ownPhoto(c: Context<MemberEnv>) {
  const imageId = c.req.param('id') ?? '';
  if (!uuid.test(imageId)) throw notFound(messages.image.missing);
  return getOwnPostPhoto({ ctx: c.get('ctx'), input: { imageId } });
}

export const mediaRoutes = new Hono<MastodonEnv>()
  // Counted by the web's upload limit before the body is read, as the web's upload is.
  .post('/v2/media', needs('write:media'), limited('uploads'), (c) => upload(c, 'v2'))
  .post('/v1/media', needs('write:media'), limited('uploads'), (c) => upload(c, 'v1'))
  .get('/v1/media/:id', needs('write:media'), async (c) => {
    const { image, altText } = await ownPhoto(c);
    // A video that will never be ready says why, as Mastodon answers a failed processing.
    if (image.video?.state === 'failed') throw invalid(image.video.failure ?? messages.video.failed);
    const processing = image.video?.state === 'processing';
    return c.json(
      serializeImageAttachment(image, altText, c.get('deps').env.publicUrl),
      processing ? 206 : 200,
    );
  })
  .put('/v1/media/:id', needs('write:media'), async (c) => {
    const ctx = c.get('ctx');
    const photo = await ownPhoto(c);
    const params = await bodyParams(c.req.raw);
    checkFocus(params.focus);
    const description = descriptionOf(params.description);
    if (photo.postId === null) {
      // Kept until the photo is posted: its post starts with it as the photo's alt text.
      if (description !== undefined)
        await describeUpload({ ctx, input: { imageId: photo.image.id, description } });
      return c.json(
        serializeImageAttachment(photo.image, description ?? photo.altText, c.get('deps').env.publicUrl),
        200,
      );
    }
    if (description !== undefined && description !== photo.altText) {
      // A posted photo's description is its post's alt text: changed by the web's edit.
      const post = await getPost({ ctx, input: { postId: photo.postId } });
      await countAgainst(c, 'posts');
      const input = parseWith(EditPostInput, {
        caption: post.caption,
        sensitive: post.sensitive,
        altTexts: post.photos.map((p) => (p.image.id === photo.image.id ? description : p.altText)),
      });
      await editPost({ ctx, input: { postId: post.id, ...input } });
    }
    return c.json(
      serializeImageAttachment(photo.image, description ?? photo.altText, c.get('deps').env.publicUrl),
      200,
    );
  });
