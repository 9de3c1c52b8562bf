/**
 * Import an archive. The request only checks the archive (archive.ts: the zip's
 * directory; formats.ts: its list of posts) and stores it; the `archive_import` job then creates
 * the posts one by one, oldest first, each photo through the upload pipeline (type by content,
 * HEIC/WebP converted, EXIF and GPS gone, AVIF twins queued). Each post is one transaction with
 * its content hash (`imported_posts`), so the job may stop anywhere (a restart, a crash) and run
 * again without a duplicate, and an archive imported twice adds nothing the second time.
 *
 * Imported posts are backdated and quiet: no live "new post", no mention notifications, and
 * federation does not send them to remote followers (composers/federation/outbox/posts.ts).
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Audience, ImportDto } from '@glimpse/shared';
import { limits, messages } from '@glimpse/shared';
import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { type Actor, systemActor } from '../../core/actor.ts';
import { postAdded } from '../../core/counters.ts';
import type { CoreDeps } from '../../core/deps.ts';
import { deleteImages } from '../../core/images.ts';
import { requireProfile } from '../../core/profiles.ts';
import type { ServiceArgs } from '../../core/service.ts';
import { defaultAudience } from '../../core/visibility.ts';
import type { Db } from '../../db/client.ts';
import { archiveImports, importedPosts, postImages, posts, videos } from '../../db/schema.ts';
import { queueAvif } from '../../features/images/avif.ts';
import { StorageFullError, uploadImage } from '../../features/images/service.ts';
import { ffmpegOf, uploadVideo, videoWorkDir } from '../../features/images/video.ts';
import { syncPostTags } from '../../features/posts/entities.ts';
import { addJob, defineTask, type RunningJob } from '../../jobs/task.ts';
import { AppError, conflict, forbidden } from '../../lib/errors.ts';
import type { Ffmpeg } from '../../lib/ffmpeg.ts';
import { type Archive, CorruptArchive, openArchive } from './archive.ts';
import { type ArchiveItem, type ArchivePost, readContents } from './formats.ts';

/** Uploaded archives wait here for their job; `/media` never serves this folder. */
export const importFolder = 'imports';

type ImportRow = typeof archiveImports.$inferSelect;

const stale = (row: ImportRow) =>
  row.status === 'running' && Date.now() - row.createdAt.getTime() > limits.importMaxMinutes * 60_000;

function toDto(row: ImportRow, maxPosts: number): ImportDto {
  return {
    id: row.id,
    status: stale(row) ? 'failed' : row.status,
    source: row.source,
    total: row.total,
    processed: row.processed,
    imported: row.imported,
    alreadyImported: row.alreadyImported,
    skipped: { ...row.skipped, overLimit: row.skipped.overLimit ?? 0 },
    maxPosts,
    error: stale(row) ? 'failed' : row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export async function getImport({
  ctx: { db, actor },
  input: { maxPosts },
}: ServiceArgs<'db' | 'actor', { maxPosts: number }>): Promise<ImportDto | null> {
  const [row] = await db.select().from(archiveImports).where(eq(archiveImports.userId, actor.id));
  return row ? toDto(row, maxPosts) : null;
}

/**
 * Checks the archive on disk (`file`, the streamed upload) and queues its import. Refusals are
 * 400s with the reason, before anything is stored.
 */
export async function startImport({
  ctx: { db, storage, actor },
  input: { file, maxPosts },
}: ServiceArgs<'db' | 'storage' | 'actor', { file: string; maxPosts: number }>): Promise<ImportDto> {
  await requireProfile(db, actor.id, () => forbidden(messages.post.profileRequired));
  const [previous] = await db.select().from(archiveImports).where(eq(archiveImports.userId, actor.id));
  if (previous?.status === 'running' && !stale(previous)) throw conflict(messages.import.busy);
  const archive = await openArchive(file);
  let contents: Awaited<ReturnType<typeof readContents>>;
  try {
    contents = await readContents(archive);
  } finally {
    archive.close();
  }
  const id = randomUUID();
  const key = `${importFolder}/${id}.zip`;
  await storage.putFile(key, file, 'application/zip');
  const fresh = {
    id,
    status: 'running' as const,
    source: contents.source,
    fileKey: key,
    total: contents.posts.length,
    processed: 0,
    imported: 0,
    alreadyImported: 0,
    skipped: { videos: 0, files: 0, emptyPosts: 0, splitPosts: 0, overLimit: 0 },
    error: null,
    createdAt: new Date(),
    finishedAt: null,
  };
  let row: ImportRow | undefined;
  try {
    row = await db.transaction(async (tx) => {
      // Replaces the previous import unless one started meanwhile (a second tab): then it is busy.
      const [inserted] = await tx
        .insert(archiveImports)
        .values({ userId: actor.id, ...fresh })
        .onConflictDoUpdate({
          target: archiveImports.userId,
          set: fresh,
          where: or(
            ne(archiveImports.status, 'running'),
            sql`${archiveImports.createdAt} < now() - ${limits.importMaxMinutes}::int * interval '1 minute'`,
          ),
        })
        .returning();
      if (inserted)
        await addJob(tx, archiveImportTask, { importId: inserted.id }, { jobKey: `import:${inserted.id}` });
      return inserted;
    });
  } finally {
    if (!row) await storage.delete([key]);
  }
  if (!row) throw conflict(messages.import.busy);
  if (previous?.fileKey) await storage.delete([previous.fileKey]).catch(() => {});
  return toDto(row, maxPosts);
}

class AlreadyImported extends Error {}

type Tally = Pick<ImportRow, 'processed' | 'imported' | 'alreadyImported'> & {
  skipped: ImportDto['skipped'];
};

/** How often an import looks whether its videos' transcodes have ended. */
const videoPollMs = 250;
/**
 * The import's transcodes queued and not yet ended, at most: the `video_transcode` lane makes one
 * at a time for the whole server, so two keep it busy while a member's own upload queued meanwhile
 * waits behind two of the import's, not behind a whole archive's.
 */
const videosAhead = 2;

/** An archive post whose items are stored, waiting for its videos' transcodes before it is made. */
interface PreparedPost {
  post: ArchivePost;
  items: { imageId: string; altText: string; copy: boolean; video: boolean }[];
}

/** The state of each of `imageIds`' transcodes: `processing`, `ready` or `failed`. */
async function videoStates(db: Db, imageIds: string[]): Promise<Map<string, string>> {
  if (imageIds.length === 0) return new Map();
  const rows = await db
    .select({ imageId: videos.imageId, state: videos.state })
    .from(videos)
    .where(inArray(videos.imageId, imageIds));
  return new Map(rows.map((row) => [row.imageId, row.state]));
}

/**
 * One video of the archive through the upload pipeline: unpacked to a temporary file (streamed,
 * never whole in memory), probed by its content, its poster made, its transcode queued. Answers
 * the video's image id, or null when the pipeline refuses it (not a video, too long, too large).
 */
async function importVideo(
  deps: CoreDeps,
  actor: Actor,
  archive: Archive,
  item: ArchiveItem,
  ffmpeg: Ffmpeg,
): Promise<string | null> {
  const dir = videoWorkDir(deps.env);
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `import-${randomUUID()}`);
  try {
    if (!(await archive.extract(item.entry, deps.env.VIDEO_MAX_MB * 1024 * 1024, file))) return null;
    const video = await deps.uploadGate.whileUploading(() =>
      uploadVideo({
        ctx: { db: deps.db, storage: deps.storage, actor },
        input: {
          file,
          ffmpeg,
          maxSeconds: deps.env.VIDEO_MAX_SECONDS,
          quotaMb: deps.env.ACCOUNT_STORAGE_QUOTA_MB,
        },
      }),
    );
    return video.id;
  } catch (error) {
    if (!(error instanceof AppError) || error instanceof StorageFullError) throw error;
    return null;
  } finally {
    await rm(file, { force: true });
  }
}

/**
 * Stores one archive post's photos and videos (each video's transcode queued on its lane, as an
 * upload's; `beforeVideo` waits for room there first), or counts why not. Answers the items to
 * make the post of, or null when none is left. On an error it deletes what it stored.
 */
async function preparePost(
  deps: CoreDeps,
  row: ImportRow,
  archive: Archive,
  post: ArchivePost,
  tally: Tally,
  /** This server's ffmpeg; null: the post's videos are left out and counted. */
  ffmpeg: Ffmpeg | null,
  /** Waits for room on the transcode lane; told this post's videos queued so far. */
  beforeVideo: (queued: string[]) => Promise<void>,
): Promise<PreparedPost | null> {
  const { db, storage } = deps;
  const actor = systemActor(row.userId, 'import of an archive');
  const items: PreparedPost['items'] = [];
  try {
    for (const item of post.items) {
      if (item.video) {
        if (!ffmpeg) {
          tally.skipped.videos++;
          continue;
        }
        await beforeVideo(items.filter((queued) => queued.video).map((queued) => queued.imageId));
        const imageId = await importVideo(deps, actor, archive, item, ffmpeg);
        if (imageId) items.push({ imageId, altText: item.altText ?? '', copy: false, video: true });
        else tally.skipped.files++;
        continue;
      }
      const bytes = await archive.read(item.entry, limits.imageMaxBytes);
      if (!bytes) {
        tally.skipped.files++;
        continue;
      }
      try {
        // As an upload: AVIF encodes in this process step aside, so the two never hold memory at once.
        const image = await deps.uploadGate.whileUploading(() =>
          uploadImage({
            ctx: { db, storage, actor },
            input: { purpose: 'post', bytes, oneAtATime: true, quotaMb: deps.env.ACCOUNT_STORAGE_QUOTA_MB },
          }),
        );
        items.push({ imageId: image.id, altText: item.altText ?? '', copy: image.copy, video: false });
      } catch (error) {
        // Not a picture the pipeline takes (a PSD, a broken file, too many pixels): left out, counted.
        // A full quota stops the whole import (the job's catch).
        if (!(error instanceof AppError) || error instanceof StorageFullError) throw error;
        tally.skipped.files++;
      }
    }
  } catch (error) {
    await deleteImages(
      { db, storage },
      items.map((item) => item.imageId),
    ).catch(() => {});
    throw error;
  }
  if (items.length === 0) {
    tally.skipped.emptyPosts++;
    return null;
  }
  return { post, items };
}

/**
 * Makes the post of `prepared` once none of its videos is being transcoded (`states`: a post names
 * a video only once its MP4 is made, core/images.ts `requireOwnImages`), or counts why not. Its
 * photos' AVIF encodes are left to the end of the import (`encodeLater`): run beside it, each
 * encode's memory came on top of the import's in the same process (bench/import.ts). A run that
 * stops before then leaves them to the hourly sweep (images/avif.ts), as for any lost job.
 */
async function createPost(
  deps: CoreDeps,
  row: ImportRow,
  { post, items }: PreparedPost,
  states: Map<string, string>,
  tally: Tally,
  encodeLater: string[],
  /** The importing account's default, for a post whose archive names no audience. */
  accountAudience: Audience,
) {
  const { db, storage } = deps;
  try {
    // A video its transcode refused (a corrupt stream) is left out like an unreadable photo.
    const failed = items.filter((item) => item.video && states.get(item.imageId) !== 'ready');
    if (failed.length > 0) {
      tally.skipped.files += failed.length;
      await deleteImages(
        { db, storage },
        failed.map((item) => item.imageId),
      );
    }
    const kept = items.filter((item) => !failed.includes(item));
    if (kept.length === 0) {
      tally.skipped.emptyPosts++;
      return;
    }
    const postId = randomUUID();
    const created = await db
      .transaction(async (tx) => {
        // Backdated history, not news: no delivery is queued for it (its later edits and deletion
        // go out as any post's).
        const [inserted] = await tx
          .insert(posts)
          .values({
            id: postId,
            authorId: row.userId,
            caption: post.caption,
            contentWarning: post.contentWarning,
            sensitive: post.sensitive,
            audience: post.audience ?? accountAudience,
            createdAt: post.createdAt,
          })
          .returning({ id: posts.id, createdAt: posts.createdAt });
        await postAdded(tx, { authorId: row.userId, createdAt: inserted!.createdAt });
        await tx
          .insert(postImages)
          .values(kept.map(({ imageId, altText }, position) => ({ postId, position, imageId, altText })));
        await syncPostTags(tx, inserted!, post.caption);
        // The hash is claimed last: taken already (another run of this job), the post rolls back.
        const [claimed] = await tx
          .insert(importedPosts)
          .values({ userId: row.userId, contentHash: post.hash, postId, importId: row.id })
          .onConflictDoNothing()
          .returning({ postId: importedPosts.postId });
        if (!claimed) throw new AlreadyImported();
        return true;
      })
      .catch((error: unknown) => {
        if (error instanceof AlreadyImported) return false;
        throw error;
      });
    if (!created) {
      tally.alreadyImported++;
      await deleteImages(
        { db, storage },
        kept.map((item) => item.imageId),
      );
      return;
    }
    tally.imported++;
    // A copy of a photo stored before shares that one's AVIF twins (images/avif.ts); a video's
    // poster has none.
    encodeLater.push(...kept.filter((item) => !item.copy && !item.video).map((item) => item.imageId));
  } catch (error) {
    await deleteImages(
      { db, storage },
      items.map((item) => item.imageId),
    ).catch(() => {});
    throw error;
  }
}

async function importAll(deps: CoreDeps, row: ImportRow, archive: Archive, job: RunningJob) {
  const { db } = deps;
  const { posts: list } = await readContents(archive);
  const done = new Map(
    (
      await db
        .select({ hash: importedPosts.contentHash, importId: importedPosts.importId })
        .from(importedPosts)
        .where(eq(importedPosts.userId, row.userId))
    ).map((r) => [r.hash, r.importId]),
  );
  const tally: Tally = {
    processed: 0,
    imported: 0,
    alreadyImported: 0,
    skipped: { videos: 0, files: 0, emptyPosts: 0, splitPosts: 0, overLimit: 0 },
  };
  // A post an import made before videos came in is known by its photos alone.
  const previousImportOf = (post: ArchivePost) =>
    done.get(post.hash) ?? (post.photosOnlyHash ? done.get(post.photosOnlyHash) : undefined);
  // Every photo and video still to import is unpacked once first: a file that lies about its size
  // (a zip bomb, a damaged archive) stops the import before it has made a single post.
  for (const post of list) {
    if (previousImportOf(post)) continue;
    for (const item of post.items) {
      job.signal.throwIfAborted();
      await archive.check(item.entry);
    }
  }
  const save = () =>
    db
      .update(archiveImports)
      .set({ ...tally, total: list.length })
      .where(and(eq(archiveImports.id, row.id), eq(archiveImports.status, 'running')));
  const encodeLater: string[] = [];
  const accountAudience = await defaultAudience(db, row.userId);
  const ffmpeg = await ffmpegOf(deps.env);
  // Posts with videos wait here for their transcodes while the import goes on with the next posts;
  // each is made as soon as its videos are (backdated, so the order they are made in shows nowhere).
  const waiting: PreparedPost[] = [];
  const videoIdsOf = (prepared: PreparedPost) =>
    prepared.items.filter((item) => item.video).map((item) => item.imageId);
  /**
   * Makes the waiting posts whose videos are done, then waits until `enough` says so of the
   * import's transcodes not yet ended (the waiting posts' and `queued`, the post being prepared).
   */
  const settle = async (enough: (transcoding: number) => boolean, queued: string[] = []) => {
    for (;;) {
      const states = await videoStates(db, [...waiting.flatMap(videoIdsOf), ...queued]);
      for (const prepared of [...waiting]) {
        if (videoIdsOf(prepared).some((id) => states.get(id) === 'processing')) continue;
        waiting.splice(waiting.indexOf(prepared), 1);
        await createPost(deps, row, prepared, states, tally, encodeLater, accountAudience);
        tally.processed++;
        await save();
      }
      const transcoding = [...states.values()].filter((state) => state === 'processing').length;
      if (enough(transcoding)) return;
      await sleep(videoPollMs, undefined, { signal: job.signal });
    }
  };
  try {
    for (const post of list) {
      job.signal.throwIfAborted();
      tally.skipped.files += post.missing;
      if (post.part === 1) tally.skipped.splitPosts++;
      const previousImport = previousImportOf(post);
      if (previousImport === row.id) tally.imported++;
      else if (previousImport) tally.alreadyImported++;
      // Past the cap, posts wait for the next import of the archive, which skips what is here.
      else if (tally.imported + waiting.length >= deps.env.IMPORT_MAX_POSTS) tally.skipped.overLimit++;
      else {
        const prepared = await preparePost(deps, row, archive, post, tally, ffmpeg, (queued) =>
          settle((transcoding) => transcoding < videosAhead, queued),
        );
        if (prepared && videoIdsOf(prepared).length > 0) {
          waiting.push(prepared);
          continue;
        }
        if (prepared) await createPost(deps, row, prepared, new Map(), tally, encodeLater, accountAudience);
      }
      tally.processed++;
      await save();
    }
    // Done when every post is made: the member sees their whole archive, every video playable.
    await settle(() => waiting.length === 0);
  } catch (error) {
    // Stopped (a shutdown, a full quota): the next run makes these posts again from the archive.
    await deleteImages(
      { db, storage: deps.storage },
      waiting.flatMap((prepared) => prepared.items.map((item) => item.imageId)),
    ).catch(() => {});
    throw error;
  }
  await save();
  for (const imageId of encodeLater) await queueAvif(db, imageId);
}

async function finish(db: Db, row: ImportRow, error: ImportRow['error']) {
  await db
    .update(archiveImports)
    .set({ status: error ? 'failed' : 'done', error, fileKey: null, finishedAt: sql`now()` })
    .where(and(eq(archiveImports.id, row.id), eq(archiveImports.status, 'running')));
}

/**
 * Works through one import. Its state is the row: a row no longer `running` (finished, replaced
 * by a newer import, gone with its account) means there is nothing to do. A damaged archive fails
 * at once; anything else is tried again (posts already made are found by their hash).
 */
export const archiveImportTask = defineTask<{ importId: string }, CoreDeps>({
  name: 'archive_import',
  maxAttempts: 3,
  async run({ importId }, deps, job) {
    const { db, storage, logger } = deps;
    const [row] = await db.select().from(archiveImports).where(eq(archiveImports.id, importId));
    if (row?.status !== 'running' || !row.fileKey) return;
    const dir = await mkdtemp(path.join(tmpdir(), 'glimpse-import-'));
    try {
      const stored = await storage.get(row.fileKey);
      if (!stored) return await finish(db, row, 'failed');
      const file = path.join(dir, 'archive.zip');
      await pipeline(
        Readable.fromWeb(stored.body as WebReadableStream),
        createWriteStream(file, { mode: 0o600 }),
      );
      const archive = await openArchive(file);
      try {
        await importAll(deps, row, archive, job);
      } finally {
        archive.close();
      }
      await finish(db, row, null);
      await storage.delete([row.fileKey]);
    } catch (error) {
      if (error instanceof StorageFullError) {
        // The posts made so far stay; their photos' encodes are left to the hourly sweep.
        await finish(db, row, 'quota');
        await storage.delete([row.fileKey]).catch(() => {});
        return;
      }
      const corrupt = error instanceof CorruptArchive || error instanceof AppError;
      logger.warn({ err: error, importId, attempt: job.attempt }, 'archive import stopped');
      if (corrupt || job.attempt >= job.maxAttempts) {
        await finish(db, row, corrupt ? 'corrupt' : 'failed');
        await storage.delete([row.fileKey]).catch(() => {});
        if (corrupt) return;
      }
      throw error;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
});
