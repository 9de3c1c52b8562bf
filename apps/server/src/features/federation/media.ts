/**
 * Photos across servers. Out: a JPEG of each post photo (Pixelfed's default accepts only
 * jpeg/png/gif), made once from its largest WebP (never the kept original, which may be a HEIC
 * sharp cannot read) at the row's own size, stored beside the WebP files and recorded in `images.jpeg_key`, so deleting
 * the image deletes it too. In: a remote photo is fetched by the server through the outbound gate
 * and goes through the upload pipeline (uploadImage: type by content, pixel limit, metadata
 * stripped, WebP sizes), owned by the remote account's local row: browsers only ever load it from
 * our origin, and no member's address reaches the other server.
 */
import { randomBytes } from 'node:crypto';
import { limits } from '@glimpse/shared';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isDatabaseUnavailable } from '../../db/errors.ts';
import { federationActors, images } from '../../db/schema.ts';
import type { OutboundGate } from '../../lib/outbound/gate.ts';
import type { Storage } from '../../storage/storage.ts';
import { uploadImage } from '../images/service.ts';
import { domainBlockOf } from './domain-blocks.ts';

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** The JPEG key of each image in `imageIds`, made now where missing. */
export async function ensureJpegs(
  { db, storage }: { db: Db; storage: Storage },
  imageIds: readonly string[],
): Promise<Map<string, string>> {
  if (imageIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: images.id,
      keys: images.keys,
      originalKey: images.originalKey,
      jpegKey: images.jpegKey,
      width: images.width,
      height: images.height,
    })
    .from(images)
    .where(inArray(images.id, [...imageIds]));
  const result = new Map<string, string>();
  for (const row of rows) {
    if (row.jpegKey) {
      result.set(row.id, row.jpegKey);
      continue;
    }
    // The largest WebP, never the kept original: that may be a HEIC, which sharp cannot read
    // (images/heic.ts), and the WebP is already upright, at the row's size, without metadata.
    const source = await storage.get(row.keys[row.keys.length - 1]!);
    if (!source) continue;
    const sharp = (await import('sharp')).default;
    const jpeg = await sharp(await readAll(source.body), { limitInputPixels: limits.imageMaxPixels })
      .resize({ width: row.width, height: row.height, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85, progressive: true })
      .toBuffer();
    const key = `images/${Date.now()}-${randomBytes(6).toString('hex')}-${row.width}.jpg`;
    await storage.put(key, jpeg, 'image/jpeg');
    // Two deliveries at once both make one; the first recorded wins, the other file goes.
    const [recorded] = await db
      .update(images)
      .set({ jpegKey: key })
      .where(and(eq(images.id, row.id), isNull(images.jpegKey)))
      .returning({ jpegKey: images.jpegKey });
    if (!recorded) {
      await storage.delete([key]);
      const [winner] = await db.select({ jpegKey: images.jpegKey }).from(images).where(eq(images.id, row.id));
      if (winner?.jpegKey) result.set(row.id, winner.jpegKey);
    } else result.set(row.id, key);
  }
  return result;
}

/**
 * A remote picture as one of our images, owned by `ownerId` (a remote account's local row), or
 * null when it cannot be had (refused by the gate, not an image, too large): the post or profile
 * then goes on without it.
 */
export async function importRemoteImage(
  { db, storage, outbound }: { db: Db; storage: Storage; outbound: OutboundGate },
  url: string,
  ownerId: string,
  purpose: 'post' | 'profile',
): Promise<string | null> {
  // A domain blocked for its media (or fully): nothing fetched from its accounts.
  const [owner] = await db
    .select({ domain: federationActors.domain })
    .from(federationActors)
    .where(eq(federationActors.userId, ownerId));
  if (owner && (await domainBlockOf(db, owner.domain))) return null;
  try {
    const response = await outbound.request(url, {
      maxRedirects: 3,
      timeoutMs: 30_000,
      maxResponseBytes: limits.imageMaxBytes,
    });
    if (response.status !== 200) return null;
    const image = await uploadImage({
      ctx: { db, storage, viewer: { id: ownerId, email: '' } },
      input: { purpose, bytes: response.body, sourceUrl: url },
    });
    return image.id;
  } catch (error) {
    // The database gone is worth another try of the whole job; anything about the picture is not.
    if (isDatabaseUnavailable(error)) throw error;
    return null;
  }
}
