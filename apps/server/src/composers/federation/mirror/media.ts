/**
 * Photos across servers. Out: a JPEG of each post photo (Pixelfed's default accepts only
 * jpeg/png/gif), made once from its largest WebP (never the kept original, which may be a HEIC
 * sharp cannot read) at the row's own size, stored beside the WebP files and recorded in `images.jpeg_key`, so deleting
 * the image deletes it too. In: a remote photo is fetched by the server through the outbound gate
 * and goes through the upload pipeline (uploadImage: type by content, pixel limit, metadata
 * stripped, WebP sizes), owned by the remote account's local row: browsers only ever load it from
 * our origin, and no member's address reaches the other server. A remote video likewise: fetched
 * (at most `limits.remoteVideoMaxBytes`), then the upload's video pipeline (probe, poster, the
 * transcode job), played from our origin once its MP4 is made.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { limits } from '@glimpse/shared';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { systemActor } from '../../../core/actor.ts';
import type { Db } from '../../../db/client.ts';
import { isDatabaseUnavailable } from '../../../db/errors.ts';
import { federationActors, images } from '../../../db/schema.ts';
import type { Env } from '../../../env.ts';
import { uploadImage } from '../../../features/images/service.ts';
import { ffmpegOf, linkRemoteVideo, uploadVideo, videoWorkDir } from '../../../features/images/video.ts';
import { type OutboundGate, OutboundTooLarge } from '../../../lib/outbound/gate.ts';
import type { Storage } from '../../../storage/storage.ts';
import { domainBlockOf } from '../admin/domain-blocks.ts';
import { httpHrefOf } from '../objects/links.ts';

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
    // Named after the WebP it is made from: copies of one photo (images/service.ts) share it.
    const key = row.keys[row.keys.length - 1]!.replace(/\.webp$/, '.jpg');
    await storage.put(key, jpeg, 'image/jpeg');
    // Two deliveries at once both write the same file; the first recorded adds it to the quota.
    const [recorded] = await db
      .update(images)
      .set({ jpegKey: key, bytes: sql`${images.bytes} + ${jpeg.byteLength}` })
      .where(and(eq(images.id, row.id), isNull(images.jpegKey)))
      .returning({ ownerId: images.ownerId });
    if (recorded) {
      await db
        .update(images)
        .set({ jpegKey: key })
        .where(
          and(
            eq(images.ownerId, recorded.ownerId),
            sql`${images.keys}[1] = ${row.keys[0]}`,
            isNull(images.jpegKey),
          ),
        );
    } else {
      // Deleted meanwhile, with nothing else naming the file: it goes too.
      const [named] = await db.select({ id: images.id }).from(images).where(eq(images.jpegKey, key)).limit(1);
      if (!named) {
        await storage.delete([key]);
        continue;
      }
    }
    result.set(row.id, key);
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
  // Callers pass addresses read through httpHrefOf; checked again here, where the fetch is made.
  if (!httpHrefOf(url)) return null;
  if (await mediaRefusedFor(db, ownerId)) return null;
  try {
    const response = await outbound.request(url, {
      maxRedirects: 3,
      timeoutMs: 30_000,
      maxResponseBytes: limits.imageMaxBytes,
    });
    if (response.status !== 200) return null;
    const image = await uploadImage({
      ctx: { db, storage, actor: systemActor(ownerId, 'copy of a remote picture') },
      input: { purpose, bytes: response.body, sourceUrl: url },
    });
    return image.id;
  } catch (error) {
    // The database gone is worth another try of the whole job; anything about the picture is not.
    if (isDatabaseUnavailable(error)) throw error;
    return null;
  }
}

/** A domain blocked for its media (or fully): nothing is fetched from its accounts. */
async function mediaRefusedFor(db: Db, ownerId: string): Promise<boolean> {
  const [owner] = await db
    .select({ domain: federationActors.domain })
    .from(federationActors)
    .where(eq(federationActors.userId, ownerId));
  return Boolean(owner && (await domainBlockOf(db, owner.domain)));
}

/**
 * A remote video (a Mastodon or Pixelfed `Document` of a video type, or a `Video`) as one of our
 * video items, owned by `ownerId`, or null when it cannot be had (refused by the gate, longer than
 * VIDEO_MAX_SECONDS, not a video, no ffmpeg here): the post goes on without it. Its MP4 is made by
 * the transcode job, as an upload's is. One larger than `limits.remoteVideoMaxBytes` becomes an
 * item that links to the original on its server instead ("Video too large to show here"), at the
 * size the attachment gives (`size`).
 */
export async function importRemoteVideo(
  { db, storage, outbound, env }: { db: Db; storage: Storage; outbound: OutboundGate; env: Env },
  url: string,
  ownerId: string,
  size: { width?: number; height?: number } = {},
): Promise<string | null> {
  if (!httpHrefOf(url)) return null;
  if (await mediaRefusedFor(db, ownerId)) return null;
  const ffmpeg = await ffmpegOf(env);
  if (!ffmpeg) return null;
  const dir = videoWorkDir(env);
  const file = path.join(dir, `remote-${randomBytes(12).toString('hex')}`);
  try {
    const response = await outbound.request(url, {
      maxRedirects: 3,
      timeoutMs: 60_000,
      maxResponseBytes: limits.remoteVideoMaxBytes,
    });
    if (response.status !== 200) return null;
    await mkdir(dir, { recursive: true });
    await writeFile(file, response.body);
    const video = await uploadVideo({
      ctx: { db, storage, actor: systemActor(ownerId, 'copy of a remote video') },
      input: { file, ffmpeg, maxSeconds: env.VIDEO_MAX_SECONDS, sourceUrl: url },
    });
    return video.id;
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw error;
    if (error instanceof OutboundTooLarge) {
      return linkRemoteVideo({ db, storage }, { url, ownerId, ...size }).catch((linkError) => {
        if (isDatabaseUnavailable(linkError)) throw linkError;
        return null;
      });
    }
    return null;
  } finally {
    await rm(file, { force: true });
  }
}
