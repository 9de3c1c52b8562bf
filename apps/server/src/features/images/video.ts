/**
 * Video uploads: the request streams the file to a temporary file under DATA_DIR (never held in
 * memory), ffprobe reads it (video-pipeline.ts), and what is refused leaves nothing behind; what is
 * accepted becomes an `images` row (its poster frame's WebP sizes and thumbhash, the upload kept
 * as its original for the owner's export) with a `videos` row, and a `video_transcode` job, queued
 * in the same transaction, makes the MP4 on a lane of its own, one at a time (runtime/tasks.ts).
 * The job is idempotent (`videos.state = 'processing'` is its state); a process killed mid-way
 * leaves no key, so nothing half-made is ever served, and the next try starts over.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ImageDto } from '@glimpse/shared';
import { limits, messages } from '@glimpse/shared';
import { and, eq, sql } from 'drizzle-orm';
import { toImageDto } from '../../core/images.ts';
import { type ServiceArgs, withTransaction } from '../../core/service.ts';
import type { Db } from '../../db/client.ts';
import { images, remoteMedia, videos } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import { addJob, defineTask, PermanentJobError } from '../../jobs/task.ts';
import { AppError, invalid, notFound } from '../../lib/errors.ts';
import { type Ffmpeg, FfmpegError, findFfmpeg } from '../../lib/ffmpeg.ts';
import type { Logger } from '../../lib/logger.ts';
import { originalsFolder, putAll, type Storage } from '../../storage/storage.ts';
import { processImage } from './pipeline.ts';
import { StorageFullError, storageUsedBy } from './service.ts';
import { outputSize, posterFrame, probeVideo, transcodeVideo, videoTooLarge } from './video-pipeline.ts';

/** Where uploads and transcodes keep their files while they work: removed when they end. */
export const videoWorkDir = (env: Pick<Env, 'DATA_DIR'>) => path.join(env.DATA_DIR, 'tmp', 'video');

/** The ffmpeg this server uses, or null (videos refused, the instance API offers none). */
export const ffmpegOf = (env: Pick<Env, 'FFMPEG_PATH'>) => findFfmpeg(env.FFMPEG_PATH);

/** No ffmpeg on this machine: photos work, videos are refused with this. */
const videoUnavailable = () => new AppError('Unavailable', messages.video.unavailable);

/**
 * Writes `body` to a new file under the work folder, counting bytes as they arrive: past
 * `maxBytes` the write stops and the file is removed. Answers the file's path.
 */
export async function receiveVideo(
  env: Pick<Env, 'DATA_DIR' | 'VIDEO_MAX_MB'>,
  body: ReadableStream<Uint8Array>,
): Promise<string> {
  const maxBytes = env.VIDEO_MAX_MB * 1024 * 1024;
  const dir = videoWorkDir(env);
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `upload-${randomBytes(12).toString('hex')}`);
  let received = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.byteLength;
      done(received > maxBytes ? videoTooLarge(env.VIDEO_MAX_MB) : null, chunk);
    },
  });
  try {
    await pipeline(
      Readable.fromWeb(body as import('node:stream/web').ReadableStream),
      counter,
      createWriteStream(file),
    );
  } catch (error) {
    await rm(file, { force: true });
    throw error instanceof AppError ? error : invalid(messages.video.corrupt);
  }
  if (received === 0) {
    await rm(file, { force: true });
    throw invalid(messages.image.missing);
  }
  return file;
}

/**
 * Accepts the video in `file` (a temporary file the caller removes) as the actor's post item:
 * probed, poster made, files stored, rows and job written in one transaction. A refusal stores
 * nothing; a failed insert deletes the files written.
 */
export async function uploadVideo({
  ctx: { db, storage, actor },
  input: { file, ffmpeg, maxSeconds, quotaMb = 0, sourceUrl },
}: ServiceArgs<
  'db' | 'storage' | 'actor',
  {
    file: string;
    ffmpeg: Ffmpeg | null;
    maxSeconds: number;
    quotaMb?: number;
    /** A remote video's address: it then counts in the remote-media cache, as a remote picture does. */
    sourceUrl?: string;
  }
>): Promise<ImageDto> {
  if (!ffmpeg) throw videoUnavailable();
  const quotaBytes = quotaMb * 1024 * 1024;
  const used = quotaBytes > 0 ? await storageUsedBy(db, actor.id) : 0;
  if (quotaBytes > 0 && used >= quotaBytes) throw new StorageFullError(quotaMb);
  const probe = await probeVideo(ffmpeg, file, maxSeconds);
  const poster = await processImage(await posterFrame(ffmpeg, probe, file), {
    widths: limits.postImageWidths,
    boundLongSide: true,
  });
  const { size: originalBytes } = await stat(file);
  const stored = poster.variants.reduce((sum, v) => sum + v.data.byteLength, 0) + originalBytes;
  if (quotaBytes > 0 && used + stored > quotaBytes) throw new StorageFullError(quotaMb);
  const size = outputSize(probe);
  const name = `${Date.now()}-${randomBytes(12).toString('hex')}`;
  const keys = poster.variants.map((v) => `images/${name}-${v.width}.webp`);
  const matroska = /matroska|webm/.test(probe.container);
  const originalKey = `${originalsFolder}/${name}.${matroska ? 'webm' : 'mp4'}`;
  await putAll(
    storage,
    poster.variants.map((v, i) => ({ key: keys[i]!, data: v.data, contentType: 'image/webp' })),
  );
  try {
    await storage.putFile(originalKey, file, 'application/octet-stream');
    const { image, video } = await withTransaction(db, async (tx) => {
      const [image] = await tx
        .insert(images)
        .values({
          ownerId: actor.id,
          purpose: 'post',
          keys,
          widths: poster.variants.map((v) => v.width),
          width: size.width,
          height: size.height,
          placeholder: poster.placeholder,
          originalKey,
          // The poster's WebP is all there is: no AVIF twins to make from a video (images/avif.ts).
          avifKeys: [],
          bytes: stored,
        })
        .returning();
      const [video] = await tx
        .insert(videos)
        .values({
          imageId: image!.id,
          durationMs: probe.durationMs,
          fps: Math.min(probe.fps, limits.videoMaxFps),
          hasAudio: probe.audioCodec !== null,
        })
        .returning();
      if (sourceUrl) {
        await tx
          .insert(remoteMedia)
          .values({ imageId: image!.id, stem: `images/${name}`, sourceUrl, bytes: stored });
      }
      await addJob(tx, videoTranscodeTask, { imageId: image!.id }, { jobKey: `video:${image!.id}` });
      return { image: image!, video: video! };
    });
    return toImageDto(storage, { ...image, video }, 'audience');
  } catch (error) {
    await storage.delete([...keys, originalKey]).catch(() => undefined);
    throw error;
  }
}

/** The plain frame a remote video too large to copy here shows where its poster would be. */
const remoteLinkPosterColour = { r: 38, g: 38, b: 38 };

/**
 * A remote video too large to copy here, as a video item of `ownerId` (its remote account's local
 * row) that never plays on this server: a plain frame for a poster, sized as the other server says
 * (16:9 when it does not), and `remote_url`, the original's address, which the post links to. No
 * MP4, no transcode job, and no remote-media cache row: nothing of the video is stored.
 */
export async function linkRemoteVideo(
  { db, storage }: { db: Db; storage: Storage },
  { url, ownerId, width, height }: { url: string; ownerId: string; width?: number; height?: number },
): Promise<string> {
  const sized = width && height && width > 0 && height > 0;
  const scale = sized ? Math.min(1, limits.videoMaxSide / Math.max(width, height)) : 1;
  const side = (n: number) => Math.max(2, Math.round((n * scale) / 2) * 2);
  const size = sized ? { width: side(width), height: side(height) } : { width: 1280, height: 720 };
  const sharp = (await import('sharp')).default;
  const frame = await sharp({
    create: { width: size.width, height: size.height, channels: 3, background: remoteLinkPosterColour },
  })
    .png()
    .toBuffer();
  const poster = await processImage(frame, { widths: limits.postImageWidths, boundLongSide: true });
  const name = `${Date.now()}-${randomBytes(12).toString('hex')}`;
  const keys = poster.variants.map((v) => `images/${name}-${v.width}.webp`);
  await putAll(
    storage,
    poster.variants.map((v, i) => ({ key: keys[i]!, data: v.data, contentType: 'image/webp' })),
  );
  try {
    return await withTransaction(db, async (tx) => {
      const [image] = await tx
        .insert(images)
        .values({
          ownerId,
          purpose: 'post',
          keys,
          widths: poster.variants.map((v) => v.width),
          width: size.width,
          height: size.height,
          placeholder: poster.placeholder,
          avifKeys: [],
          bytes: poster.variants.reduce((sum, v) => sum + v.data.byteLength, 0),
        })
        .returning({ id: images.id });
      await tx.insert(videos).values({
        imageId: image!.id,
        state: 'failed',
        durationMs: 0,
        fps: 0,
        hasAudio: false,
        remoteUrl: url,
      });
      return image!.id;
    });
  } catch (error) {
    await storage.delete(keys).catch(() => undefined);
    throw error;
  }
}

/**
 * Puts back the files of an evicted remote video from `file`, its source fetched again: the poster's
 * WebP sizes under their old keys (so every page that names them shows them again) and the original,
 * and queues the transcode that makes its MP4 anew. Answers the bytes stored now (the MP4 adds its
 * own when it is made). Refused (not a video any more, another size): an AppError, nothing recorded.
 */
export async function restoreVideoFiles(
  { db, storage, env }: { db: Db; storage: Storage; env: Pick<Env, 'FFMPEG_PATH' | 'VIDEO_MAX_SECONDS'> },
  row: { id: string; keys: readonly string[]; widths: readonly number[] },
  file: string,
): Promise<number> {
  const ffmpeg = await ffmpegOf(env);
  if (!ffmpeg) throw videoUnavailable();
  // Checked as anew: the source may have changed since it was first fetched.
  const probe = await probeVideo(ffmpeg, file, env.VIDEO_MAX_SECONDS);
  const poster = await processImage(await posterFrame(ffmpeg, probe, file), {
    widths: limits.postImageWidths,
    boundLongSide: true,
  });
  const files = row.widths.map((width, i) => {
    const variant = poster.variants.find((v) => v.width === width);
    if (!variant) throw invalid(messages.video.corrupt);
    return { key: row.keys[i]!, data: variant.data, contentType: 'image/webp' };
  });
  const name = row.keys[0]!.replace(/^images\//, '').replace(/-\d+\.webp$/, '');
  const matroska = /matroska|webm/.test(probe.container);
  const originalKey = `${originalsFolder}/${name}.${matroska ? 'webm' : 'mp4'}`;
  await putAll(storage, files);
  await storage.putFile(originalKey, file, 'application/octet-stream');
  const { size: originalBytes } = await stat(file);
  const stored = files.reduce((sum, f) => sum + f.data.byteLength, 0) + originalBytes;
  await withTransaction(db, async (tx) => {
    await tx
      .update(videos)
      .set({ state: 'processing', key: null, progress: 0, failure: null })
      .where(eq(videos.imageId, row.id));
    // What it stores now, as an upload's row counts it; the MP4 adds its own when made.
    await tx.update(images).set({ originalKey, bytes: stored }).where(eq(images.id, row.id));
    await addJob(tx, videoTranscodeTask, { imageId: row.id }, { jobKey: `video:${row.id}` });
  });
  return stored;
}

/** One of the caller's own video uploads, with its state: the composer asks until it is ready. */
export async function getOwnVideo({
  ctx: { db, storage, actor },
  input: { imageId },
}: ServiceArgs<'db' | 'storage' | 'actor', { imageId: string }>): Promise<ImageDto> {
  const [row] = await db
    .select({ image: images, video: videos })
    .from(images)
    .innerJoin(videos, eq(videos.imageId, images.id))
    .where(and(eq(images.id, imageId), eq(images.ownerId, actor.id)));
  if (!row) throw notFound(messages.image.missing);
  return toImageDto(storage, { ...row.image, video: row.video }, 'audience');
}

interface VideoJobDeps {
  db: Db;
  storage: Storage;
  logger: Logger;
  env: Env;
}

/**
 * Ends a video that will never be ready: failed with `reason` (a key of `messages.video`, which the
 * composer shows), unless it is ready or gone, and its files deleted at once — poster sizes and the
 * kept original are of no use to anyone now, and the member's quota stops counting them. The row
 * stays, so the composer can still read why; the orphan sweep removes it with the other unposted
 * uploads.
 */
async function failVideo(
  { db, storage }: Pick<VideoJobDeps, 'db' | 'storage'>,
  imageId: string,
  reason: string,
) {
  const files = await withTransaction(db, async (tx) => {
    const [failed] = await tx
      .update(videos)
      .set({ state: 'failed', failure: reason, progress: 0 })
      .where(and(eq(videos.imageId, imageId), eq(videos.state, 'processing')))
      .returning({ imageId: videos.imageId });
    if (!failed) return [];
    const [image] = await tx
      .select({ keys: images.keys, originalKey: images.originalKey })
      .from(images)
      .where(eq(images.id, imageId));
    await tx.update(images).set({ bytes: 0, originalKey: null }).where(eq(images.id, imageId));
    return image ? [...image.keys, ...(image.originalKey ? [image.originalKey] : [])] : [];
  });
  if (files.length) await storage.delete(files);
}

/** Progress is written at most this often: each write is a row update the composer reads. */
const progressEveryMs = 1000;

const transcoderPidFile = (dir: string, imageId: string) => path.join(dir, `ffmpeg-${imageId}.pid`);

/**
 * A try killed with its job worker (SIGKILL) leaves its ffmpeg running: the child outlives it,
 * with no time limit (that was the dead process's timer), until it next writes its progress into
 * the closed pipe, seconds or minutes later. The next try ends it first, and removes the files the
 * killed try left. Only a pid whose command line still names this video's output is ended (pids are
 * reused); where /proc cannot say (not Linux), it is left to end by itself, and writes only files
 * of its own try.
 */
async function endEarlierTry(dir: string, imageId: string) {
  const pid = Number(await readFile(transcoderPidFile(dir, imageId), 'utf8').catch(() => ''));
  if (Number.isInteger(pid) && pid > 0) {
    const command = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (command.includes(`output-${imageId}-`)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Ended meanwhile.
      }
    }
  }
  const left = (await readdir(dir)).filter((name) => name.includes(imageId));
  await Promise.all(left.map((name) => rm(path.join(dir, name), { force: true })));
}

export async function transcodeStoredVideo(deps: VideoJobDeps, imageId: string, signal?: AbortSignal) {
  const { db, storage, env } = deps;
  const [row] = await db
    .select({ state: videos.state, originalKey: images.originalKey, keys: images.keys })
    .from(videos)
    .innerJoin(images, eq(images.id, videos.imageId))
    .where(eq(videos.imageId, imageId));
  // Done before (a try that was killed after recording), or deleted meanwhile: nothing to do.
  if (row?.state !== 'processing' || !row.originalKey) return;
  const ffmpeg = await ffmpegOf(env);
  if (!ffmpeg) {
    await failVideo(deps, imageId, 'unavailable');
    throw new PermanentJobError('no ffmpeg on this machine');
  }
  const dir = videoWorkDir(env);
  await mkdir(dir, { recursive: true });
  await endEarlierTry(dir, imageId);
  // Named by the image and this try: a killed try's ffmpeg that could not be ended never writes ours.
  const thisTry = randomBytes(6).toString('hex');
  const input = path.join(dir, `source-${imageId}-${thisTry}`);
  const output = path.join(dir, `output-${imageId}-${thisTry}.mp4`);
  const pidFile = transcoderPidFile(dir, imageId);
  try {
    if (!(await storage.getFile(row.originalKey, input))) {
      await failVideo(deps, imageId, 'failed');
      return;
    }
    let probe: Awaited<ReturnType<typeof probeVideo>>;
    try {
      probe = await probeVideo(ffmpeg, input, Number.POSITIVE_INFINITY);
    } catch {
      await failVideo(deps, imageId, 'corrupt');
      return;
    }
    let lastWrite = 0;
    try {
      await transcodeVideo(
        ffmpeg,
        probe,
        input,
        output,
        (done) => {
          const now = Date.now();
          if (now - lastWrite < progressEveryMs) return;
          lastWrite = now;
          void db
            .update(videos)
            .set({ progress: Math.min(99, Math.floor(done * 100)) })
            .where(and(eq(videos.imageId, imageId), eq(videos.state, 'processing')))
            .catch(() => undefined);
        },
        signal,
        (pid) => void writeFile(pidFile, String(pid)).catch(() => undefined),
      );
    } catch (error) {
      // A shutdown or a time limit: not the file's fault, so the job runs again.
      if (signal?.aborted || (error instanceof FfmpegError && error.timedOut)) throw error;
      deps.logger.warn({ imageId, error: String(error) }, 'video transcode failed');
      await failVideo(deps, imageId, 'corrupt');
      return;
    }
    const { width } = outputSize(probe);
    const stem = row.keys[0]!.replace(/-\d+\.webp$/, '');
    const key = `${stem}-${width}.mp4`;
    const { size } = await stat(output);
    await storage.putFile(key, output, 'video/mp4');
    const recorded = await withTransaction(db, async (tx) => {
      const [ready] = await tx
        .update(videos)
        .set({ state: 'ready', key, progress: 100 })
        .where(and(eq(videos.imageId, imageId), eq(videos.state, 'processing')))
        .returning({ imageId: videos.imageId });
      if (ready) {
        await tx
          .update(images)
          .set({ bytes: sql`${images.bytes} + ${size}` })
          .where(eq(images.id, imageId));
        // A remote video's MP4 counts against the remote-media cache's cap (no row: a member's own).
        await tx
          .update(remoteMedia)
          .set({ bytes: sql`${remoteMedia.bytes} + ${size}` })
          .where(eq(remoteMedia.imageId, imageId));
      }
      return Boolean(ready);
    });
    // Deleted while it was being made: its MP4 goes too.
    if (!recorded) await storage.delete([key]);
  } finally {
    await rm(input, { force: true });
    await rm(output, { force: true });
    await rm(pidFile, { force: true });
  }
}

/**
 * Videos still "processing" whose job will never run again: its last try was killed with its
 * process (SIGKILL, a power cut), so no code of ours ran to end it, and once the dead worker's lock
 * is released graphile-worker keeps the job, every try counted, as failed. Each is ended as a
 * failed last try is. A job due, retrying later or running (locked) is left to finish. Answers how
 * many were ended.
 */
export async function sweepAbandonedVideos(deps: Pick<VideoJobDeps, 'db' | 'storage'>): Promise<number> {
  const abandoned = await deps.db
    .select({ imageId: videos.imageId })
    .from(videos)
    .where(
      and(
        eq(videos.state, 'processing'),
        sql`not exists (select 1 from graphile_worker.jobs j
          where j.key = 'video:' || ${videos.imageId}
            and (j.attempts < j.max_attempts or j.locked_at is not null))`,
      ),
    )
    .limit(500);
  for (const { imageId } of abandoned) await failVideo(deps, imageId, 'failed');
  return abandoned.length;
}

export const videoAbandonedSweepTask = defineTask<Record<string, never>, VideoJobDeps>({
  name: 'video_abandoned_sweep',
  queueName: 'maintenance',
  async run(_, deps) {
    const ended = await sweepAbandonedVideos(deps);
    if (ended) deps.logger.warn({ ended }, 'ended videos whose last transcode try was killed');
  },
});

/**
 * The reason a video whose last try failed is given: a time limit says so (a shorter clip may pass);
 * anything else (storage or database trouble that outlasted every retry) is the general failure.
 */
const lastTryReason = (error: unknown) =>
  error instanceof FfmpegError && error.timedOut ? 'tooSlow' : 'failed';

export const videoTranscodeTask = defineTask<{ imageId: string }, VideoJobDeps>({
  name: 'video_transcode',
  // Three tries: a shutdown or a stuck decode; a file ffmpeg cannot read fails at once, as "corrupt".
  maxAttempts: 3,
  async run({ imageId }, deps, job) {
    try {
      await transcodeStoredVideo(deps, imageId, job.signal);
    } catch (error) {
      // No try follows this one: the member is told now, not left watching "Processing video…".
      if (job.attempt >= job.maxAttempts) await failVideo(deps, imageId, lastTryReason(error));
      throw error;
    }
  },
});
