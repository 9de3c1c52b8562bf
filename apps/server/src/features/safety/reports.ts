/**
 * Filing a report on an account, a post, a comment or an event. The report keeps a snapshot of
 * the reported text and picture as they were (the picture copied into a folder only staff read, so
 * a later edit, Remove content or the author's deletion does not erase the evidence), and there is at most one open report per reporter and
 * target (a unique partial index decides; a second tap is told it is already reported). Only
 * things the reporter may see can be reported; the rest is the ordinary 404. A report about a remote
 * account (or its content) may be forwarded to its server (`forward`: the insert queues the Flag,
 * composers/federation/outbox/reports.ts); asking that of a local one is a 400.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { ReportTargetType, RuleDto } from '@glimpse/shared';
import { messages } from '@glimpse/shared';
import { and, asc, eq, inArray, isNotNull, notLike, sql } from 'drizzle-orm';
import { reportForwarding } from '../../core/federation-jobs.ts';
import { type ServiceArgs, withTransaction } from '../../core/service.ts';
import { contentVisibleTo, visibleTo as visibleToViewer } from '../../core/visibility.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import {
  comments,
  events,
  federationActors,
  images,
  postImages,
  posts,
  profiles,
  reportRules,
  reports,
  serverRules,
} from '../../db/schema.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { putAll, reportSnapshotsFolder, type Storage } from '../../storage/storage.ts';

/** Random characters plus the time, as SPEC.md §9 describes the report id. */
const newReportId = () => `${randomBytes(9).toString('base64url')}-${Date.now()}`;

const notFoundOf: Record<ReportTargetType, () => Error> = {
  account: () => notFound(messages.profile.notFound),
  post: () => notFound(messages.post.notFound),
  comment: () => notFound(messages.common.notFound),
  event: () => notFound(messages.event.notFound),
};

export interface ReportTarget {
  ownerId: string;
  text: string;
  imageKeys: string[] | null;
  /** A comment's post. */
  postId?: string;
}

/**
 * The target as the viewer may see it now, with its owner, text and picture; null when it does
 * not exist or is hidden from the viewer. The console reads the current content through it too,
 * with `viewerId` null: moderators see suspended accounts' content.
 */
export async function findReportTarget(
  db: Db,
  viewerId: string | null,
  type: ReportTargetType,
  id: string,
): Promise<ReportTarget | null> {
  const uuid = /^[0-9a-f-]{36}$/i.test(id);
  const visibleTo = (column: Parameters<typeof visibleToViewer>[0]) =>
    viewerId === null ? undefined : visibleToViewer(column, viewerId);
  // A post or event the viewer may not see (its audience) is as missing as a hidden one.
  const audienceAllows = (
    author: Parameters<typeof contentVisibleTo>[0],
    audience: Parameters<typeof contentVisibleTo>[1],
  ) => (viewerId === null ? undefined : contentVisibleTo(author, audience, viewerId));
  switch (type) {
    case 'account': {
      const [row] = await db
        .select({ profile: profiles, keys: images.keys })
        .from(profiles)
        .leftJoin(images, eq(images.id, profiles.profileImageId))
        .where(and(eq(profiles.userId, id), visibleTo(profiles.userId)))
        .limit(1);
      if (!row) return null;
      const { firstName, lastName, username, bio } = row.profile;
      return {
        ownerId: id,
        text: `${firstName} ${lastName} (@${username})\n${bio}`.trim(),
        imageKeys: row.keys,
      };
    }
    case 'post': {
      if (!uuid) return null;
      const [row] = await db
        .select({ ownerId: posts.authorId, text: posts.caption, keys: images.keys })
        .from(posts)
        // The first photo (the one grids show) is the snapshot of a post with several.
        .leftJoin(postImages, and(eq(postImages.postId, posts.id), eq(postImages.position, 0)))
        .leftJoin(images, eq(images.id, postImages.imageId))
        .where(and(eq(posts.id, id), audienceAllows(posts.authorId, posts.audience)))
        .limit(1);
      return row ? { ownerId: row.ownerId, text: row.text, imageKeys: row.keys } : null;
    }
    case 'comment': {
      if (!uuid) return null;
      const [row] = await db
        .select({ ownerId: comments.authorId, text: comments.body, postId: comments.postId })
        .from(comments)
        .innerJoin(posts, eq(posts.id, comments.postId))
        .where(
          and(
            eq(comments.id, id),
            visibleTo(comments.authorId),
            audienceAllows(posts.authorId, posts.audience),
          ),
        )
        .limit(1);
      return row ? { ownerId: row.ownerId, text: row.text, imageKeys: null, postId: row.postId } : null;
    }
    case 'event': {
      if (!uuid) return null;
      const [row] = await db
        .select({
          ownerId: events.hostId,
          title: events.title,
          description: events.description,
          keys: images.keys,
        })
        .from(events)
        .leftJoin(images, eq(images.id, events.imageId))
        .where(and(eq(events.id, id), audienceAllows(events.hostId, events.audience)))
        .limit(1);
      return row
        ? { ownerId: row.ownerId, text: `${row.title}\n${row.description}`, imageKeys: row.keys }
        : null;
    }
  }
}

/** The middle width of a stored picture: enough to judge it, small to keep. */
const snapshotKeyOf = (keys: string[] | null) =>
  keys && keys.length > 0 ? keys[Math.floor((keys.length - 1) / 2)]! : null;

/**
 * Keeps the picture for the report, so the report keeps it whatever happens to the original (an
 * edit, Remove content, the author's account deleted). The copy is evidence, not a post: it goes to
 * the private folder only staff read. One copy per picture: its key is made from the original's, so
 * every report of the same thing shares it (a hundred reports are one file), and the copy is made
 * only when no report holds it yet.
 */
async function copyPicture(db: Db, storage: Storage, key: string | null): Promise<string | null> {
  if (!key) return null;
  const copy = `${reportSnapshotsFolder}/${createHash('sha256').update(key).digest('hex').slice(0, 40)}.webp`;
  const [shared] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(eq(reports.snapshotImageKey, copy))
    .limit(1);
  if (shared && (await storage.get(copy))) return copy;
  const file = await storage.get(key);
  if (!file) return null;
  const data = Buffer.from(await new Response(file.body).arrayBuffer());
  // Through putAll, so a write that fails (a full disk) leaves no part of the file behind.
  await putAll(storage, [{ key: copy, data, contentType: 'image/webp' }]);
  return copy;
}

/**
 * The picture copies of `reportIds` that no other report holds: what may be deleted from storage
 * once those reports are gone (a reporter's account deleted).
 */
export async function unsharedSnapshotKeys(db: Db, reportIds: string[]): Promise<string[]> {
  if (reportIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ key: reports.snapshotImageKey })
    .from(reports)
    .where(
      and(
        inArray(reports.id, reportIds),
        isNotNull(reports.snapshotImageKey),
        sql`not exists (select 1 from ${reports} other where other.snapshot_image_key = ${reports.snapshotImageKey} and not (other.id = any(${sql.param(reportIds)}::text[])))`,
      ),
    );
  return rows.flatMap((row) => (row.key ? [row.key] : []));
}

const newSnapshotKey = () => `${reportSnapshotsFolder}/${Date.now()}-${randomBytes(6).toString('hex')}.webp`;

/**
 * Moves the pictures that reports filed by older versions kept beside the photos
 * (`images/<ms>-report-<hex>.webp`) into the private folder: `/media` refuses them already, but a
 * bucket served to the public (S3_PUBLIC_URL) would still hand them out. Copy, point the report at
 * the copy, then delete the old file: a crash in between leaves an unreferenced file, never a
 * report without its picture. A job (the hourly sweep), a batch at a time; answers how many moved.
 */
export async function moveLegacyReportSnapshots({
  ctx: { db, storage },
  input: { batch = 100 },
}: ServiceArgs<'db' | 'storage', { batch?: number }>): Promise<number> {
  const rows = await db
    .select({ id: reports.id, key: reports.snapshotImageKey })
    .from(reports)
    .where(
      and(
        isNotNull(reports.snapshotImageKey),
        notLike(reports.snapshotImageKey, `${reportSnapshotsFolder}/%`),
      ),
    )
    .limit(batch);
  let moved = 0;
  for (const { id, key } of rows) {
    const file = await storage.get(key!);
    // Already gone from storage: nothing left to protect, and the row stops coming back.
    const copy = file ? newSnapshotKey() : null;
    if (file && copy)
      await putAll(storage, [
        {
          key: copy,
          data: Buffer.from(await new Response(file.body).arrayBuffer()),
          contentType: 'image/webp',
        },
      ]);
    const updated = await db
      .update(reports)
      .set({ snapshotImageKey: copy })
      .where(and(eq(reports.id, id), eq(reports.snapshotImageKey, key!)))
      .returning({ id: reports.id });
    // The report went (its reporter left) or changed meanwhile: the copy is the one to drop.
    await storage.delete(updated.length > 0 ? [key!] : copy ? [copy] : []);
    if (updated.length > 0 && copy) moved += 1;
  }
  return moved;
}

async function alreadyOpen(db: Db, reporterId: string, type: ReportTargetType, id: string) {
  const [row] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(
      and(
        eq(reports.reporterId, reporterId),
        eq(reports.targetType, type),
        eq(reports.targetId, id),
        eq(reports.status, 'open'),
      ),
    )
    .limit(1);
  return Boolean(row);
}

const isRemote = async (db: Db, userId: string) =>
  (
    await db
      .select({ userId: federationActors.userId })
      .from(federationActors)
      .where(eq(federationActors.userId, userId))
      .limit(1)
  ).length > 0;

/**
 * `remoteDomain`: the report is a Flag from that server (composers/federation/inbox/flag.ts), the
 * one open report of the target from there (`reports_open_per_server_uq`, which a second one at
 * the same moment meets as a unique violation).
 */
export async function fileReport({
  ctx: { db, storage, live, actor },
  input: { targetType, targetId, reason, ruleIds = [], forward = false, remoteDomain = null },
}: ServiceArgs<
  'db' | 'storage' | 'live' | 'actor',
  {
    targetType: ReportTargetType;
    targetId: string;
    reason: string;
    /** The server rules the reporter says were broken; each must exist (400 otherwise). */
    ruleIds?: string[];
    forward?: boolean;
    remoteDomain?: string | null;
  }
>): Promise<{ id: string; createdAt: string }> {
  if (targetType === 'account' && targetId === actor.id) throw invalid(messages.social.cannotReportSelf);
  const target = await findReportTarget(db, actor.id, targetType, targetId);
  if (!target) throw notFoundOf[targetType]();
  if (target.ownerId === actor.id) throw invalid(messages.safety.cannotReportOwn);
  // Refused, not ignored: a client that offers the box for a local account is wrong, and says so.
  if (forward && !(await isRemote(db, target.ownerId))) throw invalid(messages.safety.forwardLocal);
  const alreadyReported = () => conflict(messages.safety.alreadyReported);
  if (await alreadyOpen(db, actor.id, targetType, targetId)) throw alreadyReported();
  const rules = [...new Set(ruleIds)];
  if (rules.length > 0) {
    const known = await db
      .select({ id: serverRules.id })
      .from(serverRules)
      .where(inArray(serverRules.id, rules));
    if (known.length !== rules.length) throw invalid(messages.registrations.unknownRule);
  }
  const snapshotImageKey = await copyPicture(db, storage, snapshotKeyOf(target.imageKeys));
  try {
    // One transaction: the forwarded Flag's job (queued by the insert) runs after the rules are written.
    const row = await withTransaction(db, async (tx) => {
      const [inserted] = await tx
        .insert(reports)
        .values({
          id: newReportId(),
          reporterId: actor.id,
          reportedUserId: target.ownerId,
          targetType,
          targetId,
          snapshotText: target.text,
          snapshotImageKey,
          reason,
          forward,
          remoteDomain,
        })
        // Forwarded: a Flag to the reported account's server, queued with the report.
        .returning({ id: reports.id, createdAt: reports.createdAt, delivery: reportForwarding });
      if (rules.length > 0) {
        await tx.insert(reportRules).values(rules.map((ruleId) => ({ reportId: inserted!.id, ruleId })));
      }
      return inserted;
    });
    live.publish({ kind: 'reports_changed' });
    return { id: row!.id, createdAt: row!.createdAt.toISOString() };
  } catch (error) {
    // The copy stays when another report holds it (the same picture, shared).
    const [holder] = snapshotImageKey
      ? await db
          .select({ id: reports.id })
          .from(reports)
          .where(eq(reports.snapshotImageKey, snapshotImageKey))
          .limit(1)
      : [];
    if (snapshotImageKey && !holder) await storage.delete([snapshotImageKey]);
    // Two taps at once: the unique partial index let only one through.
    if (isUniqueViolation(error, 'reports_open_per_reporter_uq')) throw alreadyReported();
    throw error;
  }
}

/** The rules each report says were broken, in the rules' order (staff's console, a forwarded Flag). */
export async function rulesOfReports(db: Db, reportIds: string[]): Promise<Map<string, RuleDto[]>> {
  const byReport = new Map<string, RuleDto[]>();
  if (reportIds.length === 0) return byReport;
  const rows = await db
    .select({
      reportId: reportRules.reportId,
      id: serverRules.id,
      text: serverRules.text,
      explanation: serverRules.explanation,
      translations: serverRules.translations,
    })
    .from(reportRules)
    .innerJoin(serverRules, eq(serverRules.id, reportRules.ruleId))
    .where(inArray(reportRules.reportId, reportIds))
    .orderBy(asc(serverRules.position));
  for (const { reportId, ...rule } of rows) {
    byReport.set(reportId, [...(byReport.get(reportId) ?? []), rule]);
  }
  return byReport;
}
