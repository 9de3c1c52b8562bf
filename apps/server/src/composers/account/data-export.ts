/**
 * Download your data. One archive per account at a time (data_exports has a unique key
 * on the account): asking again replaces a finished one, and waits for one still building. The
 * zip is built by a job, streamed entry by entry into a temporary file (yazl; each image
 * is read from storage only when its turn comes), so neither the archive nor its pictures are
 * ever held in memory whole; then stored as `exports/<id>.zip` and offered for 7 days. /media
 * never serves that folder: only GET /api/account/export/download, to its owner.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { DataExportDto } from '@glimpse/shared';
import { limits, messages } from '@glimpse/shared';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { ServiceArgs } from '../../core/service.ts';
import type { Db } from '../../db/client.ts';
import { dataExports } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import { addJob, defineTask } from '../../jobs/task.ts';
import { notFound } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Storage } from '../../storage/storage.ts';
import { collectArchive } from './data-export-contents.ts';

export const exportFolder = 'exports';

type ExportRow = typeof dataExports.$inferSelect;

function toDto(row: ExportRow): DataExportDto {
  return {
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    sizeBytes: row.sizeBytes,
  };
}

/** A build whose server stopped never finishes: after this long it counts as failed. */
const stale = (row: ExportRow) =>
  row.status === 'building' &&
  Date.now() - row.createdAt.getTime() > limits.dataExportBuildMaxMinutes * 60_000;
const expired = (row: ExportRow) => row.status === 'ready' && (row.expiresAt?.getTime() ?? 0) < Date.now();

async function currentRow(db: Db, userId: string): Promise<ExportRow | null> {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.userId, userId));
  return row ?? null;
}

export async function getDataExport({
  ctx: { db, actor },
}: ServiceArgs<'db' | 'actor'>): Promise<DataExportDto | null> {
  const row = await currentRow(db, actor.id);
  if (!row || expired(row)) return null;
  return toDto(stale(row) ? { ...row, status: 'failed' } : row);
}

/**
 * Starts a build unless one is under way, and answers the export's state. The row and the build's
 * job are written in one transaction: a build is queued exactly when a row says `building`.
 */
export async function requestDataExport({
  ctx: { db, storage, actor },
}: ServiceArgs<'db' | 'storage' | 'actor'>): Promise<DataExportDto> {
  const previous = await currentRow(db, actor.id);
  if (previous && previous.status === 'building' && !stale(previous)) return toDto(previous);
  // Replace the previous row in one statement; a concurrent request that lost the race sees the
  // new row (the unique key) and answers it instead of starting a second build.
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(dataExports)
      .values({ userId: actor.id, status: 'building' })
      .onConflictDoUpdate({
        target: dataExports.userId,
        set: {
          id: sql`gen_random_uuid()`,
          status: 'building',
          fileKey: null,
          sizeBytes: null,
          createdAt: sql`now()`,
          readyAt: null,
          expiresAt: null,
        },
        where: previous ? eq(dataExports.id, previous.id) : sql`false`,
      })
      .returning();
    if (inserted)
      await addJob(tx, dataExportTask, { exportId: inserted.id }, { jobKey: `export:${inserted.id}` });
    return inserted;
  });
  if (!row) return toDto((await currentRow(db, actor.id))!);
  if (previous?.fileKey) await storage.delete([previous.fileKey]).catch(() => {});
  return toDto(row);
}

type BuildDeps = { db: Db; storage: Storage; logger: Logger; env: Pick<Env, 'publicUrl'> };

/**
 * Builds the archive of one export row (the `data_export_build` job). Its state is the row: a row
 * no longer `building` (done, replaced by a newer request, or gone with its account) means there
 * is nothing to do, so a build run again after a crash is harmless. After the last try the row
 * says `failed`, and the member may ask again.
 */
export const dataExportTask = defineTask<{ exportId: string }, BuildDeps>({
  name: 'data_export_build',
  maxAttempts: 3,
  async run({ exportId }, deps, job) {
    const [row] = await deps.db.select().from(dataExports).where(eq(dataExports.id, exportId));
    if (row?.status !== 'building') return;
    try {
      await buildArchive({ ...deps, publicUrl: deps.env.publicUrl }, row);
    } catch (err) {
      deps.logger.error({ err, userId: row.userId, attempt: job.attempt }, 'data export failed');
      if (job.attempt >= job.maxAttempts) {
        await deps.db.update(dataExports).set({ status: 'failed' }).where(eq(dataExports.id, row.id));
      }
      throw err;
    }
  },
});

const missingPicturesNote = (paths: string[]) =>
  `These pictures could not be read from storage when this archive was made, so their files in it
are empty. Everything else is complete.

${paths.join('\n')}
`;

async function buildArchive(
  deps: { db: Db; storage: Storage; logger: Logger; publicUrl: string },
  row: ExportRow,
): Promise<void> {
  const { db, storage } = deps;
  const dir = await mkdtemp(path.join(tmpdir(), 'glimpse-export-'));
  const file = path.join(dir, 'export.zip');
  try {
    // Loaded with the first export, not at start (each worker's start-up memory counts).
    const { default: yazl } = await import('yazl');
    const zip = new yazl.ZipFile();
    // yazl reports a failed entry as an 'error' event; without a listener it would throw inside a
    // storage callback and surface as an unhandled rejection instead of a failed export.
    const zipFailed = new Promise<never>((_, reject) =>
      zip.once('error', (err: Error) => {
        (zip.outputStream as Readable).destroy(err);
        reject(err);
      }),
    );
    const written = pipeline(zip.outputStream, createWriteStream(file, { mode: 0o600 }));
    const entries = await collectArchive(db, row.userId, deps.publicUrl);
    const missing: string[] = [];
    let picturesLeft = entries.filter((entry) => 'storageKey' in entry).length;
    // A picture lost from storage (a disk restored from an old backup, a bucket cleaned by hand)
    // must not cost the member the rest of their data: it is left empty and named in a note.
    // The note can only be added once the last picture has been looked up, so the zip ends then.
    const finish = () => {
      if (missing.length > 0) zip.addBuffer(Buffer.from(missingPicturesNote(missing), 'utf8'), 'MISSING.txt');
      zip.end();
    };
    for (const entry of entries) {
      if ('text' in entry) {
        zip.addBuffer(Buffer.from(entry.text, 'utf8'), entry.path);
        continue;
      }
      zip.addReadStreamLazy(entry.path, (done) => {
        storage
          .get(entry.storageKey)
          .then(
            (stored) => {
              if (stored) return done(null, Readable.fromWeb(stored.body as WebReadableStream));
              deps.logger.warn({ userId: row.userId, key: entry.storageKey }, 'data export: picture missing');
              missing.push(entry.path);
              done(null, Readable.from([]));
            },
            (err: Error) => done(err, Readable.from([])),
          )
          .finally(() => {
            picturesLeft -= 1;
            if (picturesLeft === 0) finish();
          });
      });
    }
    if (picturesLeft === 0) finish();
    await Promise.race([written, zipFailed]);
    const key = `${exportFolder}/${row.id}.zip`;
    await storage.putFile(key, file, 'application/zip');
    const { size } = await stat(file);
    const updated = await db
      .update(dataExports)
      .set({
        status: 'ready',
        fileKey: key,
        sizeBytes: size,
        readyAt: sql`now()`,
        expiresAt: sql`now() + ${limits.dataExportKeepDays}::int * interval '1 day'`,
      })
      .where(and(eq(dataExports.id, row.id), eq(dataExports.status, 'building')))
      .returning({ id: dataExports.id });
    // Replaced or deleted (the account went) while building: the file belongs to nobody.
    if (updated.length === 0) await storage.delete([key]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The ready archive of the caller, as a stream; 404 when there is none (or it expired). */
export async function openDataExport({
  ctx: { db, storage, actor },
}: ServiceArgs<'db' | 'storage' | 'actor'>) {
  const row = await currentRow(db, actor.id);
  if (row?.status !== 'ready' || !row.fileKey || expired(row)) throw notFound(messages.account.exportGone);
  const stored = await storage.get(row.fileKey);
  if (!stored) throw notFound(messages.account.exportGone);
  return { stored, fileName: `glimpse-data-${row.readyAt!.toISOString().slice(0, 10)}.zip` };
}

/** Removes archives past their 7 days and builds that never finished (hourly: `dataExportsSweepTask`). */
export async function sweepDataExports({
  ctx: { db, storage },
}: ServiceArgs<'db' | 'storage'>): Promise<number> {
  const removed = await db
    .delete(dataExports)
    .where(
      or(
        lt(dataExports.expiresAt, sql`now()`),
        and(
          eq(dataExports.status, 'building'),
          lt(
            dataExports.createdAt,
            sql`now() - ${limits.dataExportBuildMaxMinutes}::int * interval '1 minute'`,
          ),
        ),
      ),
    )
    .returning({ fileKey: dataExports.fileKey });
  await storage.delete(removed.flatMap((r) => (r.fileKey ? [r.fileKey] : [])));
  return removed.length;
}

export const dataExportsSweepTask = defineTask<Record<string, never>, { db: Db; storage: Storage }>({
  name: 'data_exports_sweep',
  queueName: 'maintenance',
  async run(_, ctx) {
    await sweepDataExports({ ctx });
  },
});
