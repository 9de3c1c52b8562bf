/**
 * Going and the waitlist, one date at a time. Joining takes the event's row lock (`FOR UPDATE`)
 * and counts the date's Going rows under it, so joins of one event are served one after another
 * and capacity can never be overfilled, whichever instance (or, later, a federated Join) asks; a
 * join past capacity waits on the list instead. Withdrawing under the same lock frees a place and
 * promotes the first person waiting, who is told. Only the caller joins or withdraws: there is no
 * user id in these requests. Rows are keyed by a user id, so a remote attendee (a local user row
 * for a federated account) fits unchanged.
 */
import type { AuthorDto, EventAttendanceDto, Page } from '@glimpse/shared';
import { limits, messages } from '@glimpse/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { eventJoinDelivery, eventLeaveDelivery, eventPromotionDelivery } from '../../core/federation-jobs.ts';
import { imageDtoColumns } from '../../core/images.ts';
import { notify } from '../../core/notify.ts';
import { authorColumns, requireProfile, toAuthorDto } from '../../core/profiles.ts';
import { type ServiceArgs, withTransaction } from '../../core/service.ts';
import { visibleTo } from '../../core/visibility.ts';
import type { Db } from '../../db/client.ts';
import { eventAttendees, eventColumns, events, federationEvents, images, profiles } from '../../db/schema.ts';
import { type Cursor, keyset, toPage } from '../../lib/cursor.ts';
import { conflict, forbidden, invalid, notFound } from '../../lib/errors.ts';
import { eventVisibleTo, selectEventsForViewer, toEventDtos } from './queries.ts';
import { occurrenceAt } from './recurrence.ts';

const eventNotFound = () => notFound(messages.event.notFound);

/** The event's row, locked, if the viewer may see it (a hidden host's is as missing as a deleted one). */
async function lockVisibleEvent(tx: Db, viewerId: string, eventId: string) {
  const [event] = await tx
    .select(eventColumns)
    .from(events)
    .where(and(eq(events.id, eventId), eventVisibleTo(viewerId)))
    .for('update', { of: events });
  if (!event) throw eventNotFound();
  return event;
}

/** The viewer's Going for one date as the detail page shows it. */
async function attendanceFor(
  ctx: ServiceArgs<'db' | 'storage' | 'actor'>['ctx'],
  eventId: string,
  occurrence: number,
): Promise<EventAttendanceDto> {
  const rows = await selectEventsForViewer(ctx.db, ctx.actor.id).where(eq(events.id, eventId)).limit(1);
  if (rows.length === 0) throw eventNotFound();
  const [event] = await toEventDtos(ctx.db, ctx.storage, ctx.actor.id, rows, { occurrence });
  return event!.attendance;
}

/**
 * Going (or the waitlist when the date is full) and withdrawing; idempotent both ways. A
 * withdrawal that frees a place promotes the first person waiting and tells them.
 */
export async function setGoing({
  ctx,
  input: { eventId, occurrence, going },
}: ServiceArgs<
  'db' | 'storage' | 'live' | 'actor',
  { eventId: string; occurrence: number; going: boolean }
>): Promise<EventAttendanceDto> {
  const { db, actor } = ctx;
  // People going are listed by name, so only members with a profile join.
  await requireProfile(db, actor.id, () => forbidden(messages.event.profileRequired));
  const changed = await withTransaction(db, async (tx) => {
    const event = await lockVisibleEvent(tx, actor.id, eventId);
    const date = occurrenceAt(event, occurrence);
    if (!date)
      throw invalid(messages.event.occurrenceUnknown, { occurrence: messages.event.occurrenceUnknown });
    const row = { eventId, occurrence, userId: actor.id };
    const sameDate = and(eq(eventAttendees.eventId, eventId), eq(eventAttendees.occurrence, occurrence));
    if (going) {
      if (event.cancelledAt) throw conflict(messages.event.cancelled);
      if (Date.parse(date.startsAt) < Date.now()) throw conflict(messages.event.over);
      const [{ taken }] = (await tx
        .select({ taken: sql<number>`count(*)::int` })
        .from(eventAttendees)
        .where(and(sameDate, eq(eventAttendees.status, 'going')))) as [{ taken: number }];
      // A remote event's server counts its places: the row waits for its answer to our Join.
      const [remote] = await tx
        .select({ iri: federationEvents.iri })
        .from(federationEvents)
        .where(eq(federationEvents.eventId, eventId));
      const status = remote
        ? 'pending'
        : event.capacity === null || taken < event.capacity
          ? 'going'
          : 'waitlisted';
      // A pending row is a Join to the remote event's host, queued with it.
      const added = await tx
        .insert(eventAttendees)
        .values({ ...row, status })
        .onConflictDoNothing()
        .returning({ status: eventAttendees.status, delivery: eventJoinDelivery });
      return { hostId: event.hostId, promoted: null, changed: added.length > 0 };
    }
    // Withdrawing from a remote event is a Leave to its host, queued with the row's removal.
    const [removed] = await tx
      .delete(eventAttendees)
      .where(and(sameDate, eq(eventAttendees.userId, actor.id)))
      .returning({ status: eventAttendees.status, delivery: eventLeaveDelivery });
    if (!removed) return { hostId: event.hostId, promoted: null, changed: false };
    const promoted = removed.status === 'going' ? await promoteFirstWaiting(tx, eventId, occurrence) : null;
    if (promoted && !event.cancelledAt) {
      await notify(tx, { type: 'event_promoted', recipientId: promoted, actorId: null, eventId });
    }
    return { hostId: event.hostId, promoted, changed: true };
  });
  if (changed.changed) ctx.live.publish({ kind: 'event_changed', hostId: changed.hostId, eventId });
  if (changed.promoted) ctx.live.publish({ kind: 'notification', recipientId: changed.promoted });
  return attendanceFor(ctx, eventId, occurrence);
}

/**
 * Moves the longest-waiting person of the date to Going (under the event's lock); their id. A
 * remote account promoted is sent an Accept of its Join, queued with the row.
 */
async function promoteFirstWaiting(tx: Db, eventId: string, occurrence: number): Promise<string | null> {
  const result = (await tx.execute(sql`
    update ${eventAttendees} set status = 'going', created_at = now()
    where (event_id, occurrence, user_id) = (
      select event_id, occurrence, user_id from ${eventAttendees}
      where event_id = ${eventId} and occurrence = ${occurrence} and status = 'waitlisted'
      order by created_at, user_id limit 1)
    returning user_id, ${eventPromotionDelivery}`)) as unknown as { rows: { user_id: string }[] };
  return result.rows[0]?.user_id ?? null;
}

const attendeeImage = alias(images, 'attendee_image');
const joinedFirst = keyset(eventAttendees.createdAt, eventAttendees.userId, 'oldestFirst');

/** Who is going to one date (or waiting for it), in the order they got their place. */
export async function listAttendees({
  ctx: { db, storage, actor },
  input: { eventId, occurrence, status, cursor },
}: ServiceArgs<
  'db' | 'storage' | 'actor',
  { eventId: string; occurrence: number; status: 'going' | 'waitlisted'; cursor: Cursor | null }
>): Promise<Page<{ person: AuthorDto; joinedAt: string }>> {
  const [event] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, eventId), eventVisibleTo(actor.id)))
    .limit(1);
  if (!event) throw eventNotFound();
  const rows = await db
    .select({
      attendee: eventAttendees,
      profile: authorColumns(profiles),
      profileImage: imageDtoColumns(attendeeImage),
    })
    .from(eventAttendees)
    .innerJoin(profiles, eq(profiles.userId, eventAttendees.userId))
    .leftJoin(attendeeImage, eq(attendeeImage.id, profiles.profileImageId))
    .where(
      and(
        eq(eventAttendees.eventId, eventId),
        eq(eventAttendees.occurrence, occurrence),
        eq(eventAttendees.status, status),
        visibleTo(eventAttendees.userId, actor.id),
        joinedFirst.after(cursor),
      ),
    )
    .orderBy(asc(eventAttendees.createdAt), asc(eventAttendees.userId))
    .limit(limits.pageSize + 1);
  return toPage(
    rows,
    limits.pageSize,
    (row) => ({ person: toAuthorDto(storage, row), joinedAt: row.attendee.createdAt.toISOString() }),
    (row) => ({ at: row.attendee.createdAt, id: row.attendee.userId }),
  );
}
