import { ImagePurpose, limits, messages } from '@glimpse/shared';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { invalid, tooLarge } from '../../lib/errors.ts';
import { type AppEnv, parseWith, requireViewer } from '../../lib/http.ts';
import { rateLimit } from '../../lib/rate-limit.ts';
import { toImageDto, uploadImage } from './service.ts';

const maxMb = limits.imageMaxBytes / 1024 / 1024;

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
  async (c) => {
    const viewer = requireViewer(c);
    const form = await c.req.parseBody().catch(() => {
      throw invalid('Send the image as multipart form data.');
    });
    const purpose = parseWith(ImagePurpose, form.purpose);
    const file = form.file;
    if (!(file instanceof File) || file.size === 0)
      throw invalid(messages.image.missing, { file: messages.image.missing });
    const row = await uploadImage(c.var.deps, viewer.id, purpose, Buffer.from(await file.arrayBuffer()));
    return c.json(toImageDto(c.var.deps.storage, row), 201);
  },
);
