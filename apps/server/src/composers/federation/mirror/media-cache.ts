/**
 * The remote-media cache's size cap (docs/federation.md "Remote media"): pictures fetched from other
 * servers (media.ts) count against `REMOTE_MEDIA_CACHE_MB`; an hourly job deletes the files of the
 * least recently served ones until the rest fit, and keeps their rows (marked evicted), so posts and
 * profiles still name them. /media fetches an evicted picture back from the source URL its row
 * keeps — never from anything a request says — through the outbound gate and the upload checks, and
 * serves it from our origin as before. Members' own uploads have no `remote_media` row and are never
 * evicted.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { limits } from '@glimpse/shared';
import { and, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { storedKeysOf } from '../../../core/images.ts';
import { withTransaction } from '../../../core/service.ts';
import type { Db } from '../../../db/client.ts';
import { isDatabaseUnavailable } from '../../../db/errors.ts';
import { federationActors, images, remoteMedia, videos } from '../../../db/schema.ts';
import type { Env } from '../../../env.ts';
import { restoreImageFiles } from '../../../features/images/service.ts';
import { restoreVideoFiles, videoWorkDir } from '../../../features/images/video.ts';
import { defineTask } from '../../../jobs/task.ts';
import type { Logger } from '../../../lib/logger.ts';
import type { OutboundGate } from '../../../lib/outbound/gate.ts';
import { isSafeKey, type Storage } from '../../../storage/storage.ts';
import { domainBlockOf } from '../admin/domain-blocks.ts';

type CacheDeps = { env: Env; db: Db; storage: Storage; outbound: OutboundGate; logger: Logger };

/** How often a served picture's `last_served_at` may move: the LRU order needs no finer grain. */
const touchGrainMs = 60 * 60 * 1000;
/** How long a process gathers served keys before writing them, in one statement. */
const touchFlushEveryMs = 5 * 60 * 1000;
/** Keys gathered between writes, at most: a flood of requests costs no more memory than this. */
const touchKeysMax = 10_000;
/** A source that failed is not asked again before this: a gone server is not hammered per view. */
const retryFailedAfterMs = 60 * 60 * 1000;
/** How long a viewer's request waits for a fetch-back before it is answered 404. */
const fetchBackTimeoutMs = 10_000;
/** A video's source is larger: its fetch-back may take longer (the viewer gets the poster after it). */
const videoFetchBackTimeoutMs = 60_000;
/** Pictures evicted per statement: a sweep over a large cache works in steps. */
const evictBatch = 200;

/** The `stem` of a /media key: `images/1732000000000-ab12cd-640.webp` → `images/1732000000000-ab12cd`. */
export const stemOf = (key: string) => key.replace(/-\d+\.[a-z0-9]+$/, '');

/** Marks the pictures of `stems` as served now, where the mark is older than the grain. */
export async function touchServed(db: Db, stems: readonly string[]): Promise<void> {
  if (stems.length === 0) return;
  await db
    .update(remoteMedia)
    .set({ lastServedAt: sql`now()` })
    .where(
      and(
        // One array parameter, not one per stem: a flush may carry thousands.
        sql`${remoteMedia.stem} = any(${sql.param([...stems])}::text[])`,
        lt(remoteMedia.lastServedAt, sql`now() - ${`${touchGrainMs} milliseconds`}::interval`),
      ),
    );
}

/**
 * One process's view of the cache, for the /media route: `served` notes a key in memory (no write
 * per request; the batch is written at most every few minutes), `fetchBack` restores an evicted
 * picture's files, one fetch per picture however many viewers ask at once.
 */
export function createRemoteMediaCache(deps: CacheDeps, { flushEveryMs = touchFlushEveryMs } = {}) {
  /** Stems served since the last write. */
  let pending = new Set<string>();
  let lastFlush = Date.now();
  const inFlight = new Map<string, Promise<boolean>>();
  /** The write under way, for a test to wait on. */
  let flushing: Promise<void> = Promise.resolve();

  async function flush() {
    const stems = [...pending];
    pending = new Set();
    await touchServed(deps.db, stems);
  }

  function served(key: string) {
    if (pending.size < touchKeysMax) pending.add(stemOf(key));
    if (Date.now() - lastFlush < flushEveryMs) return;
    lastFlush = Date.now();
    // One write after the other: `flushed()` then waits for every key noted so far, not only the
    // last batch's (two batches at once left the first one's write racing the wait).
    flushing = flushing
      .then(flush)
      .catch((err) => deps.logger.warn({ err }, 'remote media touches not recorded'));
  }

  async function fetchBack(key: string): Promise<boolean> {
    if (deps.env.FEDERATION !== 'on' || !isSafeKey(key)) return false;
    const [row] = await deps.db
      .select({
        id: images.id,
        purpose: images.purpose,
        keys: images.keys,
        widths: images.widths,
        sourceUrl: remoteMedia.sourceUrl,
        failedAt: remoteMedia.failedAt,
        domain: federationActors.domain,
        isVideo: sql<boolean>`${videos.imageId} is not null`,
      })
      .from(remoteMedia)
      .innerJoin(images, eq(images.id, remoteMedia.imageId))
      .leftJoin(videos, eq(videos.imageId, images.id))
      .leftJoin(federationActors, eq(federationActors.userId, images.ownerId))
      .where(and(eq(remoteMedia.stem, stemOf(key)), isNotNull(remoteMedia.evictedAt)));
    // Only a key the row names: its other files (AVIF twins, original) are not made again.
    if (!row?.keys.includes(key)) return false;
    if (row.failedAt && Date.now() - row.failedAt.getTime() < retryFailedAfterMs) return false;
    let restoring = inFlight.get(row.id);
    if (!restoring) {
      restoring = restore(row).finally(() => inFlight.delete(row.id));
      inFlight.set(row.id, restoring);
    }
    return restoring;
  }

  async function restore(row: {
    id: string;
    purpose: (typeof images.$inferSelect)['purpose'];
    keys: string[];
    widths: number[];
    sourceUrl: string;
    domain: string | null;
    isVideo: boolean;
  }): Promise<boolean> {
    // A domain blocked, fully or for its media, has nothing fetched from it, now as at import.
    if (row.domain && (await domainBlockOf(deps.db, row.domain))) return false;
    try {
      const response = await deps.outbound.request(row.sourceUrl, {
        maxRedirects: 3,
        timeoutMs: row.isVideo ? videoFetchBackTimeoutMs : fetchBackTimeoutMs,
        maxResponseBytes: row.isVideo ? limits.remoteVideoMaxBytes : limits.imageMaxBytes,
      });
      if (response.status !== 200) throw new Error(`source answered ${response.status}`);
      const bytes = row.isVideo
        ? await restoreVideo(row, response.body)
        : await restoreImageFiles(deps.storage, row, response.body);
      // Added to what is counted: a video's MP4, made by its job meanwhile, may be counted already.
      const [restored] = await deps.db
        .update(remoteMedia)
        .set({
          evictedAt: null,
          failedAt: null,
          bytes: sql`${remoteMedia.bytes} + ${bytes}`,
          lastServedAt: sql`now()`,
        })
        .where(eq(remoteMedia.imageId, row.id))
        .returning({ imageId: remoteMedia.imageId });
      // Its post or account deleted while it was fetched: the files written have no row to name them.
      if (!restored) await deps.storage.delete(row.keys);
      return Boolean(restored);
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw error;
      deps.logger.info({ err: error, imageId: row.id }, 'evicted remote picture could not be fetched back');
      await deps.db.update(remoteMedia).set({ failedAt: sql`now()` }).where(eq(remoteMedia.imageId, row.id));
      return false;
    }
  }

  /** A video's source goes to a file of the work folder for the video pipeline, then away. */
  async function restoreVideo(row: { id: string; keys: string[]; widths: number[] }, body: Buffer) {
    const dir = videoWorkDir(deps.env);
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, `remote-${randomBytes(12).toString('hex')}`);
    try {
      await writeFile(file, body);
      return await restoreVideoFiles(deps, row, file);
    } finally {
      await rm(file, { force: true });
    }
  }

  return { served, fetchBack, flushed: () => flushing };
}

export type RemoteMediaCache = ReturnType<typeof createRemoteMediaCache>;

/** Bytes the stored (not evicted) remote pictures take. */
export async function remoteMediaBytes(db: Db): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<string>`coalesce(sum(${remoteMedia.bytes}), 0)` })
    .from(remoteMedia)
    .where(isNull(remoteMedia.evictedAt));
  return Number(row?.bytes ?? 0);
}

/**
 * Deletes the files of the least recently served remote pictures until the rest take at most
 * `capBytes`; answers how many it evicted. Rows first, in one transaction: marked evicted, and the
 * image's AVIF twins, original and JPEG forgotten (a fetch-back makes the WebP sizes only; the
 * `images` update rewrites the posts that show it, so no page offers the AVIF any more). Files
 * after: a crash in between leaves files that a fetch-back overwrites.
 */
export async function evictRemoteMedia(
  { db, storage }: { db: Db; storage: Storage },
  capBytes: number,
): Promise<number> {
  let excess = (await remoteMediaBytes(db)) - capBytes;
  let evicted = 0;
  while (excess > 0) {
    const oldest = await db
      .select({ imageId: remoteMedia.imageId, bytes: remoteMedia.bytes })
      .from(remoteMedia)
      .where(
        and(
          isNull(remoteMedia.evictedAt),
          // A video still being transcoded needs its original: it waits for the next sweep.
          sql`not exists (select 1 from ${videos} where ${videos.imageId} = ${remoteMedia.imageId} and ${videos.state} = 'processing')`,
        ),
      )
      .orderBy(remoteMedia.lastServedAt, remoteMedia.imageId)
      .limit(evictBatch);
    if (oldest.length === 0) break;
    const chosen: string[] = [];
    for (const row of oldest) {
      if (excess <= 0) break;
      chosen.push(row.imageId);
      excess -= row.bytes;
    }
    const files = await withTransaction(db, async (tx) => {
      const marked = await tx
        .update(remoteMedia)
        .set({ evictedAt: sql`now()`, bytes: 0 })
        .where(and(inArray(remoteMedia.imageId, chosen), isNull(remoteMedia.evictedAt)))
        .returning({ imageId: remoteMedia.imageId });
      if (marked.length === 0) return [];
      const ids = marked.map((m) => m.imageId);
      // A video's MP4 goes too: its row forgets it first, so the posts rewritten below stop naming it.
      const movies = await tx
        .select({ key: videos.key })
        .from(videos)
        .where(and(inArray(videos.imageId, ids), isNotNull(videos.key)))
        .for('update');
      await tx.update(videos).set({ key: null }).where(inArray(videos.imageId, ids));
      const before = await tx
        .select({
          keys: images.keys,
          avifKeys: images.avifKeys,
          originalKey: images.originalKey,
          jpegKey: images.jpegKey,
        })
        .from(images)
        .where(inArray(images.id, ids))
        .for('update');
      await tx
        .update(images)
        .set({ avifKeys: [], originalKey: null, jpegKey: null })
        .where(inArray(images.id, ids));
      evicted += ids.length;
      return [...before.flatMap(storedKeysOf), ...movies.map((movie) => movie.key!)];
    });
    await storage.delete(files);
  }
  return evicted;
}
export const remoteMediaEvictTask = defineTask<Record<string, never>, CacheDeps>({
  name: 'remote_media_evict',
  queueName: 'maintenance',
  async run(_, deps) {
    // Browsers load from the CDN there, not /media, so nothing could fetch an evicted picture back.
    if (deps.env.s3?.publicUrl) return;
    const evicted = await evictRemoteMedia(deps, deps.env.REMOTE_MEDIA_CACHE_MB * 1024 * 1024);
    if (evicted) deps.logger.info({ evicted }, 'evicted remote pictures over the cache cap');
  },
});
