/**
 * AVIF renditions of post photos, made after the upload has been answered: an upload stores WebP
 * and answers within its budget (DESIGN.md §6), then this in-process queue encodes the AVIF twins
 * from the kept original, one image at a time per worker (each worker has one core's worth of
 * requests to serve), and records their keys in `images.avif_keys`. Until then, and for good if
 * the job never runs, the image is served as WebP only. The hourly sweep (runtime/worker.ts)
 * finishes what a restart dropped, on one instance at a time.
 *
 * Uploads in the same worker go first: an encode waits, between its steps, while one is being
 * processed (a 12 MP upload took ~1.5× as long with an AVIF encode beside it: docs/performance.md).
 *
 * Only post photos: they are the images with an original to encode from (images/service.ts);
 * encoding AVIF from a stored WebP would only add a second generation of loss.
 */
import { and, desc, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { images } from '../../db/schema.ts';
import type { Logger } from '../../lib/logger.ts';
import { putAll, type Storage } from '../../storage/storage.ts';
import { encodeAvif } from './pipeline.ts';

/** `images/1732000000000-ab12cd-1280.webp` → `images/1732000000000-ab12cd-1280.avif` */
export const avifKeyOf = (webpKey: string) => webpKey.replace(/\.webp$/, '.avif');

export interface AvifQueue {
  /** Queues one image; returns at once. A no-op once closed (the sweep picks the image up later). */
  enqueue(imageId: string): void;
  /** Queues several and resolves when they are done, with how many were encoded (the sweep). */
  run(imageIds: readonly string[]): Promise<number>;
  /** Runs an upload's processing; encodes wait between their steps until none is running. */
  whileUploading<T>(work: () => Promise<T>): Promise<T>;
  /** Resolves when nothing is queued or encoding (tests). */
  idle(): Promise<void>;
  /**
   * Drops what has not started and stops the encode under way at its next step (at most one
   * width's encode away), writing nothing: called before the database closes.
   */
  close(): Promise<void>;
}

/** Thrown at an encode's next step once the queue is closed: the job ends without a trace. */
class QueueClosed extends Error {}

interface AvifDeps {
  db: Db;
  storage: Storage;
  logger: Logger;
}

/** A promise chain is the queue: each job starts when the one before it has settled. */
export function createAvifQueue(deps: AvifDeps): AvifQueue {
  let tail: Promise<unknown> = Promise.resolve();
  let closed = false;
  let uploads = 0;
  let waiting: (() => void)[] = [];
  const wake = () => {
    const resolvers = waiting;
    waiting = [];
    for (const resolve of resolvers) resolve();
  };

  async function nextStep() {
    while (uploads > 0 && !closed) await new Promise<void>((resolve) => waiting.push(resolve));
    if (closed) throw new QueueClosed();
  }

  function schedule(imageId: string): Promise<boolean> {
    const job = tail.then(() =>
      encodeImageAvif(deps, imageId, nextStep).catch((err) => {
        // Closed: dropped for the sweep. Otherwise left without AVIF keys: the next sweep tries again.
        if (!(err instanceof QueueClosed)) deps.logger.error({ err, imageId }, 'AVIF encode failed');
        return false;
      }),
    );
    tail = job;
    return job;
  }

  const queue: AvifQueue = {
    enqueue(imageId) {
      if (!closed) void schedule(imageId);
    },
    async run(imageIds) {
      if (closed) return 0;
      const done = await Promise.all(imageIds.map(schedule));
      return done.filter(Boolean).length;
    },
    async whileUploading(work) {
      uploads++;
      try {
        return await work();
      } finally {
        uploads--;
        if (uploads === 0) wake();
      }
    },
    async idle() {
      let seen: Promise<unknown>;
      do {
        seen = tail;
        await seen;
      } while (seen !== tail);
    },
    async close() {
      closed = true;
      wake();
      await queue.idle();
    },
  };
  return queue;
}

/** Records the outcome unless another instance did first or the image is gone; true if recorded. */
async function record(db: Db, imageId: string, avifKeys: string[]): Promise<boolean> {
  const updated = await db
    .update(images)
    .set({ avifKeys })
    .where(and(eq(images.id, imageId), isNull(images.avifKeys)))
    .returning({ id: images.id });
  return updated.length > 0;
}

/**
 * One image: original → AVIF files → keys on the row. Files go first, so a row never names a file
 * that is missing; an image deleted meanwhile (its row took no AVIF keys, so its deletion removed
 * none) has the files removed here. The keys are fixed by the WebP keys, so two instances that
 * race on one image write the same files and the loser leaves them to the winner's row.
 */
async function encodeImageAvif(
  { db, storage, logger }: AvifDeps,
  imageId: string,
  nextStep: () => Promise<void>,
): Promise<boolean> {
  await nextStep();
  const [row] = await db
    .select({ keys: images.keys, widths: images.widths, originalKey: images.originalKey })
    .from(images)
    .where(and(eq(images.id, imageId), isNull(images.avifKeys)));
  // Deleted while queued, or already done.
  if (!row) return false;
  // WebP only, for good: an empty list, so no sweep tries again.
  const giveUp = async () => {
    await record(db, imageId, []);
    return false;
  };
  if (!row.originalKey) return giveUp();
  const file = await storage.get(row.originalKey);
  if (!file) {
    logger.warn({ imageId, key: row.originalKey }, 'original missing from storage; image stays WebP only');
    return giveUp();
  }
  const original = Buffer.from(await new Response(file.body).arrayBuffer());
  let variants: { width: number; data: Buffer }[];
  try {
    variants = await encodeAvif(original, row.widths, nextStep);
  } catch (err) {
    if (err instanceof QueueClosed) throw err;
    // The original was accepted once, so a failure here repeats: do not retry it every hour.
    logger.error({ err, imageId }, 'original cannot be encoded as AVIF; image stays WebP only');
    return giveUp();
  }
  const avifKeys = row.keys.map(avifKeyOf);
  await putAll(
    storage,
    variants.map((v, i) => ({ key: avifKeys[i]!, data: v.data, contentType: 'image/avif' })),
  );
  if (await record(db, imageId, avifKeys)) return true;
  const [still] = await db.select({ id: images.id }).from(images).where(eq(images.id, imageId));
  if (!still) await storage.delete(avifKeys);
  return false;
}

/** Any constant every instance agrees on: "glimpse AVIF". */
const sweepLockKey = 0x676c_6176;

/** Images per sweep: ~1–3 s each on one core here, so a full batch costs a few minutes an hour. */
export const avifSweepBatch = 100;

/**
 * Queues post photos that have an original but no AVIF yet (a restart dropped their job, or they
 * predate it), newest first, `batch` at a time, and waits for them. Uploads younger than
 * `olderThan` are left to their own job. The transaction holds an advisory lock while the batch
 * encodes, so when several instances sweep, one works and the others skip (as event reminders do).
 */
export async function sweepMissingAvif({
  ctx: { db, avif },
  input: { olderThan, batch = avifSweepBatch },
}: {
  ctx: { db: Db; avif: AvifQueue };
  input: { olderThan: Date; batch?: number };
}): Promise<{ encoded: number; skipped: boolean }> {
  return db.transaction(async (tx) => {
    const lock = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(${sweepLockKey}) as locked`,
    )) as unknown as {
      rows: { locked: boolean }[];
    };
    if (!lock.rows[0]?.locked) return { encoded: 0, skipped: true };
    const missing = await tx
      .select({ id: images.id })
      .from(images)
      .where(and(isNull(images.avifKeys), isNotNull(images.originalKey), lt(images.createdAt, olderThan)))
      .orderBy(desc(images.createdAt))
      .limit(batch);
    return { encoded: await avif.run(missing.map((m) => m.id)), skipped: false };
  });
}
