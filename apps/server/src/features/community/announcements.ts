/**
 * Announcements (/admin/announcements, admins): a short text every member sees as a banner on the
 * home feed from its start until its end (none: until deleted), until they dismiss it. Read state
 * is one row per member and announcement, shared by the web's Dismiss and apps'
 * `POST /api/v1/announcements/:id/dismiss`. The text is kept as written; links in it are made into
 * links only where it is drawn, and nothing else in it is ever markup.
 *
 * Open pages and apps hear of it live (`announcement_published` / `announcement_deleted` on the live
 * hub: the web's banner refetches, the client API streams Mastodon's `announcement` and
 * `announcement.delete`) when it begins showing: at once when published already started, or at its
 * start time through a job queued with it, so nobody hears of a scheduled one early.
 */
import type { AnnouncementDto } from '@glimpse/shared';
import { type AnnouncementInput, limits, messages } from '@glimpse/shared';
import { and, count, desc, eq, exists, gt, isNull, lte, not, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { requireAdmin } from '../../core/roles.ts';
import { type ServiceArgs, withTransaction } from '../../core/service.ts';
import type { Db } from '../../db/client.ts';
import { announcementDismissals, announcements } from '../../db/schema.ts';
import { addJob, defineTask } from '../../jobs/task.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { LiveHub } from '../../live/hub.ts';

type AnnouncementRow = typeof announcements.$inferSelect;

export const announcementDto = (row: AnnouncementRow): AnnouncementDto => ({
  id: row.id,
  text: row.text,
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** Started and not yet ended, on the database's clock (the one `now()` every request shares). */
const showingNow = and(
  lte(announcements.startsAt, sql`now()`),
  or(isNull(announcements.endsAt), gt(announcements.endsAt, sql`now()`)),
);

/** Every announcement, latest start first: past, showing and scheduled alike (admins). */
export async function listAnnouncements({
  ctx: { db, actor },
}: ServiceArgs<'db' | 'actor'>): Promise<AnnouncementDto[]> {
  await requireAdmin(db, actor.id);
  const rows = await db
    .select()
    .from(announcements)
    .orderBy(desc(announcements.startsAt), desc(announcements.createdAt));
  return rows.map(announcementDto);
}

/** At an announcement's start time: tells open pages and apps, if it is still there and showing. */
export const announcementStartTask = defineTask<{ announcementId: string }, { db: Db; live: LiveHub }>({
  // On no named queue: an hourly sweep on `maintenance` would hold it back from its minute.
  name: 'announcement_start',
  async run({ announcementId }, { db, live }) {
    if (await showingAnnouncement(db, announcementId)) {
      live.publish({ kind: 'announcement_published', announcementId });
    }
  },
});

export async function publishAnnouncement({
  ctx: { db, actor, live },
  input,
}: ServiceArgs<'db' | 'actor' | 'live', z.output<typeof AnnouncementInput>>): Promise<AnnouncementDto> {
  await requireAdmin(db, actor.id);
  const published = await withTransaction(db, async (tx) => {
    // Two admins publishing at once must not both pass the cap.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('announcements'))`);
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(announcements);
    if (n >= limits.announcementsMax) {
      throw conflict(messages.announcements.full(limits.announcementsMax));
    }
    const [row] = await tx
      .insert(announcements)
      .values({
        text: input.text,
        startsAt: new Date(input.startsAt),
        endsAt: input.endsAt === null ? null : new Date(input.endsAt),
        createdBy: actor.id,
      })
      .returning();
    if (row!.startsAt > new Date()) {
      await addJob(tx, announcementStartTask, { announcementId: row!.id }, { runAt: row!.startsAt });
    }
    return row!;
  });
  if (published.startsAt <= new Date()) {
    live.publish({ kind: 'announcement_published', announcementId: published.id });
  }
  return announcementDto(published);
}

export async function deleteAnnouncement({
  ctx: { db, actor, live },
  input: { announcementId },
}: ServiceArgs<'db' | 'actor' | 'live', { announcementId: string }>): Promise<void> {
  await requireAdmin(db, actor.id);
  const [gone] = await db
    .delete(announcements)
    .where(eq(announcements.id, announcementId))
    .returning({ started: sql<boolean>`${announcements.startsAt} <= now()` });
  if (!gone) throw notFound(messages.announcements.notFound);
  // One not started yet was never heard of: its start job finds nothing and says nothing.
  if (gone.started) live.publish({ kind: 'announcement_deleted', announcementId });
}

/** The announcement if it is showing now, as anyone may read it (the streaming API's payload). */
export async function showingAnnouncement(db: Db, announcementId: string): Promise<AnnouncementRow | null> {
  const [row] = await db
    .select()
    .from(announcements)
    .where(and(eq(announcements.id, announcementId), showingNow));
  return row ?? null;
}

export interface ShownAnnouncement extends AnnouncementRow {
  /** Whether this member dismissed it. */
  read: boolean;
}

/**
 * The announcements showing now to the acting member, earliest start first; dismissed ones only
 * when `withDismissed` (apps list them as read; the web's banner leaves them out).
 */
export async function showingAnnouncements({
  ctx: { db, actor },
  input: { withDismissed },
}: ServiceArgs<'db' | 'actor', { withDismissed: boolean }>): Promise<ShownAnnouncement[]> {
  const dismissed = exists(
    db
      .select({ one: sql`1` })
      .from(announcementDismissals)
      .where(
        and(
          eq(announcementDismissals.announcementId, announcements.id),
          eq(announcementDismissals.userId, actor.id),
        ),
      ),
  );
  return db
    .select({ ...announcementColumns, read: sql<boolean>`${dismissed}` })
    .from(announcements)
    .where(withDismissed ? showingNow : and(showingNow, not(dismissed)))
    .orderBy(announcements.startsAt, announcements.createdAt);
}

const announcementColumns = {
  id: announcements.id,
  text: announcements.text,
  startsAt: announcements.startsAt,
  endsAt: announcements.endsAt,
  createdBy: announcements.createdBy,
  createdAt: announcements.createdAt,
  updatedAt: announcements.updatedAt,
};

/**
 * Marks an announcement read for the acting member; again is no change. One that has not started
 * yet (or does not exist) is not found: a member cannot learn of it early.
 */
export async function dismissAnnouncement({
  ctx: { db, actor },
  input: { announcementId },
}: ServiceArgs<'db' | 'actor', { announcementId: string }>): Promise<void> {
  // One statement, so an announcement deleted meanwhile is simply not found (no foreign-key error).
  const inserted = (await db.execute(sql`
    insert into ${announcementDismissals} (user_id, announcement_id)
    select ${actor.id}, ${announcements.id} from ${announcements}
    where ${announcements.id} = ${announcementId} and ${announcements.startsAt} <= now()
    on conflict do nothing
    returning announcement_id`)) as unknown as { rows: unknown[] };
  if (inserted.rows.length > 0) return;
  if (!(await hasStarted(db, announcementId))) throw notFound(messages.announcements.notFound);
}

async function hasStarted(db: Db, announcementId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: announcements.id })
    .from(announcements)
    .where(and(eq(announcements.id, announcementId), lte(announcements.startsAt, sql`now()`)));
  return row !== undefined;
}
