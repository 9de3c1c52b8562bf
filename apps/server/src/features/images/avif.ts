/**
 * AVIF renditions of post photos, made after the upload has been answered: an upload stores WebP
 * and answers within its budget (DESIGN.md §6), then queues an `avif_encode` job, which encodes
 * the AVIF twins from the kept original and records their keys in `images.avif_keys`. Until then,
 * and for good if it never succeeds, the image is served as WebP only. The jobs share one named
 * queue, so one image is encoded at a time across all processes (~1–3 s of a core each); the job
 * is idempotent (`avif_keys is null` is its state), and the hourly sweep queues any image a lost
 * job missed (an upload killed between its row and its job, images from before the queue).
 *
 * Uploads in the process that runs the job go first: an encode waits, between its steps, while one
 * is being processed there (a 12 MP upload took ~1.5× as long with an AVIF encode beside it:
 * docs/performance.md). Uploads answered by other processes have their own cores.
 *
 * Only post photos: they are the images with an original to encode from (images/service.ts);
 * encoding AVIF from a stored WebP would only add a second generation of loss.
 */
import { and, desc, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { images, remoteMedia } from '../../db/schema.ts';
import { addJob, defineTask } from '../../jobs/task.ts';
import type { Logger } from '../../lib/logger.ts';
import type { UploadGate } from '../../lib/upload-gate.ts';
import { putAll, type Storage } from '../../storage/storage.ts';
import { encodeAvif } from './pipeline.ts';

/** `images/1732000000000-ab12cd-1280.webp` → `images/1732000000000-ab12cd-1280.avif` */
export const avifKeyOf = (webpKey: string) => webpKey.replace(/\.webp$/, '.avif');

interface AvifDeps {
  db: Db;
  storage: Storage;
  logger: Logger;
  uploadGate: UploadGate;
}

export const avifEncodeTask = defineTask<{ imageId: string }, AvifDeps>({
  name: 'avif_encode',
  // One encode at a time in the whole deployment: each takes a core for seconds.
  queueName: 'avif',
  maxAttempts: 5,
  async run({ imageId }, deps, job) {
    await encodeImageAvif(deps, imageId, () => deps.uploadGate.clear(job.signal));
  },
});

/** Queues the image's encode (once: a job already waiting for it is kept). */
export function queueAvif(db: Db, imageId: string): Promise<void> {
  return addJob(db, avifEncodeTask, { imageId }, { jobKey: `avif:${imageId}`, preserveRunAt: true });
}

/** A shutdown stopped the encode between steps: not the original's fault, so it runs again. */
const nextStepAborted = (err: unknown) => (err as { name?: string })?.name === 'AbortError';

/** Records the outcome unless another instance did first or the image is gone; true if recorded. */
async function record(db: Db, imageId: string, avifKeys: string[], bytes = 0): Promise<boolean> {
  const [updated] = await db
    .update(images)
    .set({ avifKeys, bytes: sql`${images.bytes} + ${bytes}` })
    .where(and(eq(images.id, imageId), isNull(images.avifKeys)))
    .returning({ ownerId: images.ownerId, keys: images.keys });
  if (!updated) return false;
  // Copies of the same photo (images/service.ts) name the same files, so the same twins too.
  await db
    .update(images)
    .set({ avifKeys })
    .where(
      and(
        eq(images.ownerId, updated.ownerId),
        // The first key names the stored files (random per upload): copies share it.
        sql`${images.keys}[1] = ${updated.keys[0]}`,
        isNull(images.avifKeys),
      ),
    );
  // A picture from another server counts its twins against the remote-media cache's cap.
  if (bytes > 0) {
    await db
      .update(remoteMedia)
      .set({ bytes: sql`${remoteMedia.bytes} + ${bytes}` })
      .where(eq(remoteMedia.imageId, imageId));
  }
  return true;
}

/**
 * One image: original → AVIF files → keys on the row. Files go first, so a row never names a file
 * that is missing; an image deleted meanwhile (its row took no AVIF keys, so its deletion removed
 * none) has the files removed here. The keys are fixed by the WebP keys, so two instances that
 * race on one image write the same files and the loser leaves them to the winner's row.
 */
export async function encodeImageAvif(
  { db, storage, logger }: Pick<AvifDeps, 'db' | 'storage' | 'logger'>,
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
  // WebP only, for good: an empty list, so no sweep queues it again.
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
    if (nextStepAborted(err)) throw err;
    // The original was accepted once, so a failure here repeats: no point in trying again.
    logger.error({ err, imageId }, 'original cannot be encoded as AVIF; image stays WebP only');
    return giveUp();
  }
  const avifKeys = row.keys.map(avifKeyOf);
  await putAll(
    storage,
    variants.map((v, i) => ({ key: avifKeys[i]!, data: v.data, contentType: 'image/avif' })),
  );
  const bytes = variants.reduce((sum, v) => sum + v.data.byteLength, 0);
  if (await record(db, imageId, avifKeys, bytes)) return true;
  const [still] = await db.select({ id: images.id }).from(images).where(eq(images.id, imageId));
  if (!still) await storage.delete(avifKeys);
  return false;
}

/** Images per sweep: the jobs it queues take ~1–3 s each, one at a time. */
export const avifSweepBatch = 100;

/** An upload this recent may still have its own job waiting: the sweep leaves it alone. */
const avifSweepGraceMs = 60 * 60 * 1000;

/**
 * Queues the encode of post photos that have an original but no AVIF yet (a lost job, or older
 * than the queue), newest first, `batch` at a time; answers how many it queued. A job already
 * waiting for an image is kept as it is (its job key).
 */
export async function queueMissingAvif({
  ctx: { db },
  input: { olderThan, batch = avifSweepBatch },
}: {
  ctx: { db: Db };
  input: { olderThan: Date; batch?: number };
}): Promise<number> {
  const missing = await db
    .select({ id: images.id })
    .from(images)
    .where(and(isNull(images.avifKeys), isNotNull(images.originalKey), lt(images.createdAt, olderThan)))
    .orderBy(desc(images.createdAt))
    .limit(batch);
  for (const { id } of missing) await queueAvif(db, id);
  return missing.length;
}

export const avifSweepTask = defineTask<Record<string, never>, { db: Db; logger: Logger }>({
  name: 'avif_sweep',
  queueName: 'maintenance',
  async run(_, { db, logger }) {
    const queued = await queueMissingAvif({
      ctx: { db },
      input: { olderThan: new Date(Date.now() - avifSweepGraceMs) },
    });
    if (queued) logger.info({ queued }, 'queued missing AVIF renditions');
  },
});
