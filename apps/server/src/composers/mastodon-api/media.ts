/**
 * Media (docs.joinmastodon.org/methods/media): uploads (v2 and v1), their state, and their
 * description and focus. An upload is a Glimpse post photo (features/images), through the same
 * checks as the web's upload: the type read from the bytes (masto.js names every file `blob`),
 * the size and pixel limits, the member's storage quota, metadata stripped, and the same upload
 * gate (no AVIF encode competes with it). The WebP sizes are made before the answer, so an upload is
 * ready at once: v2 answers 200 with its `url` (Mastodon's 202 is for a rendition still being made,
 * which photos never are), and `GET /api/v1/media/:id` 200.
 */
import { EditPostInput, limits, messages, PostPhotoInput } from '@glimpse/shared';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { parseWith } from '../../core/http.ts';
import { queueAvif } from '../../features/images/avif.ts';
import { describeUpload, getOwnPostPhoto, uploadImage } from '../../features/images/service.ts';
import { editPost } from '../../features/posts/edit.ts';
import { getPost } from '../../features/posts/service.ts';
import { invalid, notFound, tooLarge } from '../../lib/errors.ts';
import { bodyParams, type Params } from '../../lib/params.ts';
import { type MastodonEnv, type MemberEnv, needs } from './http.ts';
import { serializeImageAttachment } from './serializers/media.ts';
import { countAgainst, limited } from './statuses.ts';

const maxMb = limits.imageMaxBytes / 1024 / 1024;

const uploadSize = bodyLimit({
  // Room for the multipart envelope around the largest accepted file, as the web's upload.
  maxSize: limits.imageMaxBytes + 64 * 1024,
  onError: () => {
    throw tooLarge(messages.image.tooLarge(maxMb));
  },
});

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `file` as Mastodon names it; any other file field too (the name says nothing: masto.js sends `blob`). */
function fileOf(params: Params): File {
  const candidates = [params.file, ...Object.values(params)].flat();
  const file = candidates.find((value): value is File => value instanceof File && value.size > 0);
  if (!file) throw invalid(messages.image.missing);
  return file;
}

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

async function upload(c: Context<MemberEnv>) {
  const params = await bodyParams(c.req.raw);
  const file = fileOf(params);
  const description = descriptionOf(params.description);
  checkFocus(params.focus);
  const deps = c.get('deps');
  const ctx = c.get('ctx');
  const bytes = Buffer.from(await file.arrayBuffer());
  const { copy, ...image } = await deps.uploadGate.whileUploading(() =>
    uploadImage({ ctx, input: { purpose: 'post', bytes, quotaMb: deps.env.ACCOUNT_STORAGE_QUOTA_MB } }),
  );
  if (!copy) await queueAvif(ctx.db, image.id);
  if (description) await describeUpload({ ctx, input: { imageId: image.id, description } });
  return c.json(serializeImageAttachment(image, description ?? '', deps.env.publicUrl), 200);
}

async function ownPhoto(c: Context<MemberEnv>) {
  const imageId = c.req.param('id') ?? '';
  if (!uuid.test(imageId)) throw notFound(messages.image.missing);
  return getOwnPostPhoto({ ctx: c.get('ctx'), input: { imageId } });
}

export const mediaRoutes = new Hono<MastodonEnv>()
  // Counted by the web's upload limit before the body is read, as the web's upload is.
  .post('/v2/media', needs('write:media'), limited('uploads'), uploadSize, (c) => upload(c))
  .post('/v1/media', needs('write:media'), limited('uploads'), uploadSize, (c) => upload(c))
  .get('/v1/media/:id', needs('write:media'), async (c) => {
    const { image, altText } = await ownPhoto(c);
    return c.json(serializeImageAttachment(image, altText, c.get('deps').env.publicUrl), 200);
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
