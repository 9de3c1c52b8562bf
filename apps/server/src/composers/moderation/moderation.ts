/**
 * The moderation console's rules (/admin/reports). Only moderators and admins read reports and
 * act on them; to everyone else the API answers 404, as for a page that does not exist. Reports
 * are shown grouped by what they are about; an action answers every open report of that target at
 * once: Dismiss, Remove content (as the owner's own delete does, counts corrected), Suspend
 * account (suspension.ts). Each action is one transaction with its audit-log row and the
 * reporters' "Your report was reviewed" notices; acting on a handled report is a 409. Reports
 * about a moderator or admin (or their content) are hidden from them and handled by someone else.
 */
import type {
  AuditEntryDto,
  ModerationActionInput,
  Page,
  ReportDto,
  ReportedContentDto,
  ReportGroupDto,
  ReportGroupPage,
  ReportListStatus,
  ReportTargetType,
  Role,
} from '@glimpse/shared';
import { limits, messages } from '@glimpse/shared';
import { and, count, desc, eq, inArray, isNotNull, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { systemActor } from '../../core/actor.ts';
import { commentRemoved } from '../../core/counters.ts';
import { commentDelivery } from '../../core/federation-jobs.ts';
import { notify } from '../../core/notify.ts';
import { findAuthors } from '../../core/profiles.ts';
import { requireStaff } from '../../core/roles.ts';
import { type ServiceArgs, withTransaction } from '../../core/service.ts';
import type { Db } from '../../db/client.ts';
import { comments, moderationActions, posts, reports, signUps, user } from '../../db/schema.ts';
import { deleteEvent } from '../../features/events/service.ts';
import { deletePost } from '../../features/posts/service.ts';
import { findReportTarget, rulesOfReports } from '../../features/safety/reports.ts';
import { type Cursor, keyset, slicePage, toPage } from '../../lib/cursor.ts';
import { conflict, forbidden, invalid, notFound } from '../../lib/errors.ts';
import type { Storage, StoredFile } from '../../storage/storage.ts';
import { writeSuspension } from './suspension.ts';

type Note = z.output<typeof ModerationActionInput>['note'];
const statusesOf: Record<ReportListStatus, ('open' | 'resolved' | 'dismissed')[]> = {
  open: ['open'],
  resolved: ['resolved', 'dismissed'],
};

/**
 * Reports about a member of staff (their account, or anything they wrote) are not theirs to
 * judge: their own list leaves them out and acting on one is refused; another moderator or admin
 * handles them. A report whose account was deleted has no owner left and concerns nobody.
 */
const notAbout = (viewerId: string) =>
  or(isNull(reports.reportedUserId), ne(reports.reportedUserId, viewerId)) as SQL;

/** Refuses staff a report about themself (see `notAbout`). */
export function requireNotAboutViewer(report: { reportedUserId: string | null }, viewerId: string) {
  if (report.reportedUserId === viewerId) throw forbidden(messages.safety.reportAboutYou);
}

const content = (storage: Storage, text: string, imageKey: string | null): ReportedContentDto => ({
  text,
  // Staff read reported things whoever their audience: the signed address opens either kind.
  imageUrl: imageKey ? storage.privateUrl(imageKey) : null,
});

/** A report's picture is read through the console's API, never from a public address. */
const snapshotOf = (report: { id: string; snapshotText: string; snapshotImageKey: string | null }) => ({
  text: report.snapshotText,
  imageUrl: report.snapshotImageKey ? `/api/admin/reports/${encodeURIComponent(report.id)}/snapshot` : null,
});

/**
 * The picture a report kept as evidence, for staff other than the person it is about. It lives in
 * storage's private folder (`reportSnapshotsFolder`), so this is the only way to it.
 */
export async function readReportSnapshot({
  ctx: { db, storage, actor },
  input: { reportId },
}: ServiceArgs<'db' | 'storage' | 'actor', { reportId: string }>): Promise<{
  key: string;
  file: StoredFile;
}> {
  await requireStaff(db, actor.id);
  const [report] = await db
    .select({ key: reports.snapshotImageKey, reportedUserId: reports.reportedUserId })
    .from(reports)
    .where(eq(reports.id, reportId));
  if (!report?.key) throw notFound();
  requireNotAboutViewer(report, actor.id);
  const file = await storage.get(report.key);
  if (!file) throw notFound();
  return { key: report.key, file };
}

/** A page of reported targets, the most recently reported first, each with all its reports. */
export async function listReportGroups({
  ctx: { db, storage, actor },
  input: { status, cursor },
}: ServiceArgs<
  'db' | 'storage' | 'actor',
  { status: ReportListStatus; cursor: Cursor | null }
>): Promise<ReportGroupPage> {
  await requireStaff(db, actor.id);
  const left = await leftOutForViewer(db, actor.id, status);
  return { ...(await reportGroupsPage(db, storage, actor.id, status, cursor)), ...left };
}

/**
 * What the viewer's list leaves out (`notAbout`): how many of its reports are about them, and
 * whether anyone else on the team can handle those, so the console can say so instead of looking
 * empty. A suspended moderator or admin cannot sign in to handle anything.
 */
async function leftOutForViewer(
  db: Db,
  viewerId: string,
  status: ReportListStatus,
): Promise<Pick<ReportGroupPage, 'aboutYou' | 'othersCanHandle'>> {
  const [[about], [others]] = await Promise.all([
    db
      .select({ value: count() })
      .from(reports)
      .where(and(inArray(reports.status, statusesOf[status]), eq(reports.reportedUserId, viewerId))),
    db
      .select({ value: count() })
      .from(user)
      .where(and(inArray(user.role, ['moderator', 'admin']), ne(user.id, viewerId), eq(user.banned, false))),
  ]);
  return { aboutYou: about?.value ?? 0, othersCanHandle: (others?.value ?? 0) > 0 };
}

async function reportGroupsPage(
  db: Db,
  storage: Storage,
  viewerId: string,
  status: ReportListStatus,
  cursor: Cursor | null,
): Promise<Page<ReportGroupDto>> {
  const lastAt = sql<Date>`max(${reports.createdAt})`.mapWith(reports.createdAt);
  const groups = await db
    .select({ targetType: reports.targetType, targetId: reports.targetId, lastAt })
    .from(reports)
    .where(and(inArray(reports.status, statusesOf[status]), notAbout(viewerId)))
    .groupBy(reports.targetType, reports.targetId)
    .having(
      cursor
        ? sql`(max(${reports.createdAt}), ${reports.targetId}) < (${cursor.at.toISOString()}::timestamptz, ${cursor.id})`
        : undefined,
    )
    .orderBy(desc(lastAt), desc(reports.targetId))
    .limit(limits.pageSize + 1);
  const page = slicePage(groups, limits.pageSize, (g) => ({ at: g.lastAt, id: g.targetId }));
  if (page.rows.length === 0) return { items: [], nextCursor: null };

  const all = await db
    .select()
    .from(reports)
    .where(
      and(
        or(
          ...page.rows.map((g) =>
            and(eq(reports.targetType, g.targetType), eq(reports.targetId, g.targetId)),
          ),
        ),
        notAbout(viewerId),
      ),
    )
    .orderBy(desc(reports.createdAt), desc(reports.id));
  const owners = [...new Set(all.flatMap((r) => (r.reportedUserId ? [r.reportedUserId] : [])))];
  // Who invited each reported account (its sign-up's invite link), shown beside it to staff.
  const inviters = new Map(
    (
      await db
        .select({ userId: signUps.userId, inviterId: signUps.inviterId })
        .from(signUps)
        .where(and(inArray(signUps.userId, owners), isNotNull(signUps.inviterId)))
    ).map((row) => [row.userId, row.inviterId!]),
  );
  const people = await findAuthors(db, storage, [
    ...all.map((r) => r.reporterId),
    ...owners,
    ...inviters.values(),
  ]);
  const rulesOf = await rulesOfReports(
    db,
    all.map((r) => r.id),
  );
  const suspended = new Set(
    (
      await db
        .select({ id: user.id })
        .from(user)
        .where(and(inArray(user.id, owners), eq(user.banned, true)))
    ).map((row) => row.id),
  );
  const toReport = (r: (typeof all)[number]): ReportDto => ({
    id: r.id,
    reporter: people.get(r.reporterId) ?? null,
    reason: r.reason,
    rules: rulesOf.get(r.id) ?? [],
    forwarded: r.forward,
    count: r.count,
    snapshot: snapshotOf(r),
    status: r.status,
    resolution: r.resolution,
    resolvedAt: r.resolvedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  });
  const shown = new Set(statusesOf[status]);
  const items = await Promise.all(
    page.rows.map(async (group): Promise<ReportGroupDto> => {
      const mine = all.filter((r) => r.targetType === group.targetType && r.targetId === group.targetId);
      const ownerId = mine[0]!.reportedUserId;
      const current = await findReportTarget(db, null, group.targetType, group.targetId);
      return {
        targetType: group.targetType,
        targetId: group.targetId,
        account: ownerId ? (people.get(ownerId) ?? null) : null,
        accountSuspended: ownerId ? suspended.has(ownerId) : false,
        invitedBy: ownerId && inviters.has(ownerId) ? (people.get(inviters.get(ownerId)!) ?? null) : null,
        accountDeleted: ownerId === null,
        current: current ? content(storage, current.text, current.imageKeys?.[0] ?? null) : null,
        postId: current?.postId ?? null,
        reports: mine.filter((r) => shown.has(r.status)).map(toReport),
        earlier: mine.filter((r) => !shown.has(r.status)).map(toReport),
        lastReportedAt: group.lastAt.toISOString(),
      };
    }),
  );
  return { items, nextCursor: page.nextCursor };
}

/** The moderators' badge: open reports the viewer may handle. */
export async function countOpenReports({
  ctx: { db, actor },
}: ServiceArgs<'db' | 'actor'>): Promise<{ count: number }> {
  await requireStaff(db, actor.id);
  const [row] = await db
    .select({ value: count() })
    .from(reports)
    .where(and(eq(reports.status, 'open'), notAbout(actor.id)));
  return { count: row?.value ?? 0 };
}

export type ModerationAction = 'dismiss' | 'remove_content' | 'suspend';
const resolutionOf: Record<ModerationAction, { status: 'resolved' | 'dismissed'; resolution: string }> = {
  dismiss: { status: 'dismissed', resolution: 'dismissed' },
  remove_content: { status: 'resolved', resolution: 'content_removed' },
  suspend: { status: 'resolved', resolution: 'account_suspended' },
};

/**
 * Refuses suspending yourself, and a moderator suspending staff (each told who can); an admin may
 * suspend another admin only while at least one other admin remains.
 */
async function checkSuspendable(tx: Db, staff: { id: string; role: Role }, userId: string) {
  if (userId === staff.id) throw invalid(messages.safety.cannotSuspendSelf);
  const [target] = await tx.select({ role: user.role }).from(user).where(eq(user.id, userId));
  if (!target) throw notFound(messages.profile.notFound);
  if (target.role !== 'admin') {
    // Locked so a concurrent role change waits for the suspension, or the suspension for it.
    const [locked] = await tx.select({ role: user.role }).from(user).where(eq(user.id, userId)).for('update');
    if (locked?.role === 'member') return;
    if (locked?.role === 'moderator') {
      if (staff.role !== 'admin') throw forbidden(messages.safety.cannotSuspendModerator);
      return;
    }
  }
  if (staff.role !== 'admin') throw forbidden(messages.safety.cannotSuspendAdmin);
  // Every admin row, locked in one order: two admins suspending each other at once are serialised
  // (no deadlock), and the second sees the first's suspension and is refused, so one admin remains.
  const admins = await tx
    .select({ banned: user.banned })
    .from(user)
    .where(eq(user.role, 'admin'))
    .orderBy(user.id)
    .for('update');
  if (admins.filter((admin) => !admin.banned).length <= 1)
    throw conflict(messages.safety.cannotSuspendLastAdmin);
}

/** Deletes the reported post, comment or event as its owner's delete does. */
async function removeContent(
  ctx: ServiceArgs<'db' | 'storage' | 'live', never>['ctx'],
  type: ReportTargetType,
  targetId: string,
  ownerId: string,
) {
  // The owner's own delete, acting as the owner: the same cascade, counts and image cleanup.
  const asOwner = { ...ctx, actor: systemActor(ownerId, 'moderator removes reported content') };
  if (type === 'account') throw invalid(messages.safety.nothingToRemove);
  if (type === 'post') {
    const [post] = await ctx.db.select({ id: posts.id }).from(posts).where(eq(posts.id, targetId));
    if (post) await deletePost({ ctx: asOwner, input: { postId: targetId } });
    return;
  }
  if (type === 'event') {
    await deleteEvent({ ctx: asOwner, input: { eventId: targetId } }).catch((error) => {
      if (!(error instanceof Error && 'kind' in error && error.kind === 'NotFound')) throw error;
    });
    return;
  }
  // A member's comment on a remote account's post: its Delete goes there, as for its author's own.
  const [removed] = await ctx.db
    .delete(comments)
    .where(eq(comments.id, targetId))
    .returning({ postId: comments.postId, authorId: comments.authorId, delivery: commentDelivery('delete') });
  if (!removed) return;
  await commentRemoved(ctx.db, removed);
  ctx.live.publish({ kind: 'post_changed', postId: removed.postId });
}

export async function actOnReport({
  ctx,
  input: { reportId, action, note },
}: ServiceArgs<
  'db' | 'storage' | 'live' | 'actor',
  { reportId: string; action: ModerationAction; note: Note }
>): Promise<{ handled: number }> {
  const { db, live, actor } = ctx;
  const role = await requireStaff(db, actor.id);
  const outcome = await withTransaction(db, async (tx) => {
    const [report] = await tx.select().from(reports).where(eq(reports.id, reportId)).for('update');
    if (!report) throw notFound(messages.safety.reportNotFound);
    requireNotAboutViewer(report, actor.id);
    if (report.status !== 'open') throw conflict(messages.safety.reportAlreadyHandled);
    const subject = report.reportedUserId;
    let suspended = false;
    if (action === 'suspend') {
      if (!subject) throw invalid(messages.safety.accountDeleted);
      await checkSuspendable(tx, { id: actor.id, role }, subject);
      suspended = await writeSuspension(tx, subject, true, note || report.reason);
    } else if (action === 'remove_content' && subject) {
      // Without a subject the account deleted itself, and its content went with it.
      await removeContent({ ...ctx, db: tx }, report.targetType, report.targetId, subject);
    }
    const { status, resolution } = resolutionOf[action];
    const handled = await tx
      .update(reports)
      .set({ status, resolution, resolvedById: actor.id, resolvedAt: new Date() })
      .where(
        and(
          eq(reports.targetType, report.targetType),
          eq(reports.targetId, report.targetId),
          eq(reports.status, 'open'),
        ),
      )
      .returning({ id: reports.id, reporterId: reports.reporterId });
    await tx.insert(moderationActions).values({
      actorId: actor.id,
      action,
      targetType: report.targetType,
      targetId: report.targetId,
      subjectUserId: subject,
      reportId,
      note,
    });
    const notified: string[] = [];
    for (const { id, reporterId } of handled) {
      if (
        await notify(tx, { type: 'report_reviewed', recipientId: reporterId, actorId: null, reportId: id })
      ) {
        notified.push(reporterId);
      }
    }
    return { handled: handled.length, notified, subject, suspended };
  });
  for (const recipientId of new Set(outcome.notified)) live.publish({ kind: 'notification', recipientId });
  // Sent before answering: the moderator's next look must not find the account still signed in.
  if (outcome.suspended && outcome.subject) {
    await live.publishNow({ kind: 'account_status', userId: outcome.subject, banned: true });
    live.publish({ kind: 'tokens_revoked', userId: outcome.subject });
  }
  live.publish({ kind: 'reports_changed' });
  return { handled: outcome.handled };
}

/** Lifts a suspension: the account signs in again and everything it made comes back. */
export async function liftSuspension({
  ctx: { db, live, actor },
  input: { userId, note },
}: ServiceArgs<'db' | 'live' | 'actor', { userId: string; note: Note }>): Promise<{ suspended: false }> {
  await requireStaff(db, actor.id);
  await withTransaction(db, async (tx) => {
    const [target] = await tx
      .select({ banned: user.banned })
      .from(user)
      .where(eq(user.id, userId))
      .for('update');
    if (!target) throw notFound(messages.profile.notFound);
    if (!target.banned) throw conflict(messages.safety.notSuspended);
    await writeSuspension(tx, userId, false, null);
    await tx.insert(moderationActions).values({
      actorId: actor.id,
      action: 'lift_suspension',
      targetType: 'account',
      targetId: userId,
      subjectUserId: userId,
      note,
    });
  });
  await live.publishNow({ kind: 'account_status', userId, banned: false });
  live.publish({ kind: 'reports_changed' });
  return { suspended: false };
}

const auditNewestFirst = keyset(moderationActions.createdAt, moderationActions.id, 'newestFirst');

/** The audit log, newest first: who did what, to whom, when and why. */
export async function listAudit({
  ctx: { db, storage, actor },
  input: { cursor },
}: ServiceArgs<'db' | 'storage' | 'actor', { cursor: Cursor | null }>): Promise<Page<AuditEntryDto>> {
  await requireStaff(db, actor.id);
  const rows = await db
    .select()
    .from(moderationActions)
    .where(auditNewestFirst.after(cursor) as SQL | undefined)
    .orderBy(...auditNewestFirst.orderBy)
    .limit(limits.pageSize + 1);
  const people = await findAuthors(
    db,
    storage,
    rows.flatMap((r) => [r.actorId, r.subjectUserId]).filter((id): id is string => Boolean(id)),
  );
  return toPage(
    rows,
    limits.pageSize,
    (r) => ({
      id: r.id,
      actor: r.actorId ? (people.get(r.actorId) ?? null) : null,
      action: r.action,
      targetType: r.targetType,
      targetId: r.targetId,
      subject: r.subjectUserId ? (people.get(r.subjectUserId) ?? null) : null,
      note: r.note,
      createdAt: r.createdAt.toISOString(),
    }),
    (r) => ({ at: r.createdAt, id: r.id }),
  );
}
