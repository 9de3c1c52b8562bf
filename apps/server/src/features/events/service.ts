/**
 * Event rules: only a member with a profile hosts, with their own upload (optional); only the host
 * edits, cancels (the event stays, shown Cancelled) or deletes (taking the interests and the image
 * files along), and whoever joined is told when the time or place changes or the event is
 * cancelled; Interested acts only as the caller and
 * is idempotent (core/toggle.ts): the (event_id, user_id) primary key decides, and interested_count
 * moves in the same transaction only when a row was really added or removed. Lists show the events
 * of the accounts the viewer follows and their own: upcoming soonest first, past ones latest first.
 */
import type {
  CreateEventInputParsed,
  EventDto,
  EventInterestDto,
  EventWhen,
  InterestStateDto,
  Page,
  UpdateEventInputParsed,
} from '@glimpse/shared';
import { currentZoneName, limits, messages } from '@glimpse/shared';
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { interestStep } from '../../core/counters.ts';
import { eventDelivery } from '../../core/federation-jobs.ts';
import { deleteImages, imageDtoColumns, requireOwnImage } from '../../core/images.ts';
import { noticeForStep, notify } from '../../core/notify.ts';
import { firstRows, preparedFor, prepareSql } from '../../core/prepared.ts';
import { authorColumns, requireProfile, toAuthorDto } from '../../core/profiles.ts';
import { type ServiceArgs, withTransaction } from '../../core/service.ts';
import { toggleWithCounter } from '../../core/toggle.ts';
import { defaultAudience, visibleTo } from '../../core/visibility.ts';
import type { Db } from '../../db/client.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.ts';
import { eventAttendees, eventColumns, eventInterests, events, images, profiles } from '../../db/schema.ts';
import { type Cursor, keyset, slicePage, toPage } from '../../lib/cursor.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { buildCalendar, calendarFileName, toCalendarEvent } from './ics.ts';
import { nextStartOf } from './next-dates.ts';
import {
  eventVisibleTo,
  hostedByFollowedOrSelf,
  selectEventPageForViewer,
  selectEventsForViewer,
  toEventDtos,
} from './queries.ts';
import { lastStart, occurrenceStarts, recurrenceOf } from './recurrence.ts';

const pageSize = limits.pageSize;
const profileRequired = () => forbidden(messages.event.profileRequired);
const eventNotFound = () => notFound(messages.event.notFound);
/** Upcoming: by each event's next date (a single date's is its start), soonest first. */
const soonestFirst = keyset(events.nextStartsAt, events.id, 'oldestFirst');
/**
 * How stale a series' kept next date may be (the task moves it every five minutes): the bound that
 * lets the upcoming list start its index scan near now instead of at the first event ever.
 */
const nextDateSlackMs = 7 * 24 * 60 * 60 * 1000;
const latestFirst = keyset(events.startsAt, events.id, 'newestFirst');
/** By when the host made each event: how the client API shows events among posts, as statuses. */
const newestMadeFirst = keyset(events.createdAt, events.id, 'newestFirst');
/** An event row as it was before the statement that updates it: the same table again in its FROM. */
const previous = alias(events, 'previous');
const joinedFirst = keyset(eventInterests.createdAt, eventInterests.userId, 'oldestFirst');

export async function getEvent({
  ctx: { db, storage, actor },
  input: { eventId, occurrence },
}: ServiceArgs<'db' | 'storage' | 'actor', { eventId: string; occurrence?: number }>): Promise<EventDto> {
  const rows = await selectEventsForViewer(db, actor.id).where(eq(events.id, eventId)).limit(1);
  if (rows.length === 0) throw eventNotFound();
  const [event] = await toEventDtos(db, storage, actor.id, rows, { occurrence });
  return event!;
}

type EventFieldsParsed = UpdateEventInputParsed;

/** The stored columns of the form's fields: the rule, its last date, the place. */
function columnsOf(input: EventFieldsParsed) {
  // Through Date: millisecond precision, so keyset cursors (JS Dates) round-trip exactly.
  const startsAt = new Date(input.startsAt);
  const endsAt = input.endsAt === null ? null : new Date(input.endsAt);
  const recurrence = recurrenceOf(input.repeat, input.timeZone);
  return {
    title: input.title,
    startsAt,
    endsAt,
    timeZone: input.timeZone,
    recurrence,
    lastStartsAt: recurrence ? lastStart({ startsAt, endsAt, timeZone: input.timeZone, recurrence }) : null,
    nextStartsAt:
      nextStartOf({ startsAt, endsAt, timeZone: input.timeZone, recurrence }, new Date()) ?? startsAt,
    place: input.place,
    latitude: input.latitude ?? null,
    longitude: input.longitude ?? null,
    capacity: input.capacity,
    website: input.website,
    description: input.description,
  };
}

export async function createEvent({
  ctx,
  input,
}: ServiceArgs<'db' | 'storage' | 'live' | 'actor', CreateEventInputParsed>): Promise<EventDto> {
  const { db, actor } = ctx;
  await requireProfile(db, actor.id, profileRequired);
  if (input.imageId) await requireOwnImage(db, actor.id, input.imageId, 'event');
  let eventId: string;
  try {
    const [row] = await db
      .insert(events)
      .values({
        hostId: actor.id,
        ...columnsOf(input),
        audience: input.audience ?? (await defaultAudience(db, actor.id)),
        imageId: input.imageId ?? null,
      })
      // The host's followers on other servers get it: its delivery is queued with the row.
      .returning({ id: events.id, delivery: eventDelivery('insert') });
    eventId = row!.id;
  } catch (error) {
    if (isUniqueViolation(error, 'events_image_uq')) throw conflict(messages.event.imageTaken);
    throw error;
  }
  ctx.live.publish({ kind: 'event_changed', hostId: actor.id, eventId, created: true });
  return getEvent({ ctx, input: { eventId } });
}

export async function deleteEvent({
  ctx,
  input: { eventId },
}: ServiceArgs<'db' | 'storage' | 'live' | 'actor', { eventId: string }>): Promise<void> {
  const imageId = await withTransaction(ctx.db, async (tx) => {
    const [event] = await tx
      .select({ hostId: events.hostId, imageId: events.imageId })
      .from(events)
      .where(eq(events.id, eventId))
      .for('update');
    if (!event) throw eventNotFound();
    if (event.hostId !== ctx.actor.id) throw forbidden(messages.event.onlyHostDeletes);
    // Interests go with the event (ON DELETE CASCADE).
    await tx
      .delete(events)
      .where(eq(events.id, eventId))
      .returning({ delivery: eventDelivery('delete') });
    return event.imageId;
  });
  ctx.live.publish({ kind: 'event_changed', hostId: ctx.actor.id, eventId });
  if (imageId) await deleteImages(ctx, [imageId]);
}

/** Everyone going to or waiting for any date of the event, but the host. */
async function attendeesOf(tx: Db, eventId: string, hostId: string): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ userId: eventAttendees.userId })
    .from(eventAttendees)
    .where(and(eq(eventAttendees.eventId, eventId), sql`${eventAttendees.userId} <> ${hostId}`));
  return rows.map((row) => row.userId);
}

async function tell(
  tx: Db,
  type: 'event_changed' | 'event_cancelled',
  eventId: string,
  hostId: string,
): Promise<string[]> {
  const told: string[] = [];
  for (const recipientId of await attendeesOf(tx, eventId, hostId)) {
    if (await notify(tx, { type, recipientId, actorId: hostId, eventId })) told.push(recipientId);
  }
  return told;
}

/** The event's row for its host, locked: someone else's is 403, a missing one 404. */
async function lockOwnEvent(tx: Db, eventId: string, viewerId: string, refusal: string) {
  const [event] = await tx.select(eventColumns).from(events).where(eq(events.id, eventId)).for('update');
  if (!event) throw eventNotFound();
  if (event.hostId !== viewerId) throw forbidden(refusal);
  return event;
}

/**
 * The host changes every field but the picture. A change of time or place bumps the calendar
 * SEQUENCE and tells everyone going or waiting; dates a shorter rule no longer has lose their
 * attendees.
 */
export async function updateEvent({
  ctx,
  input: { eventId, fields },
}: ServiceArgs<
  'db' | 'storage' | 'live' | 'actor',
  { eventId: string; fields: UpdateEventInputParsed }
>): Promise<EventDto> {
  const told = await withTransaction(ctx.db, async (tx) => {
    const before = await lockOwnEvent(tx, eventId, ctx.actor.id, messages.event.onlyHostEdits);
    const after = columnsOf(fields);
    const moved =
      before.startsAt.getTime() !== after.startsAt.getTime() ||
      (before.endsAt?.getTime() ?? null) !== (after.endsAt?.getTime() ?? null) ||
      // An event stored under a zone's old name and saved under its new one has not moved.
      currentZoneName(before.timeZone) !== after.timeZone ||
      before.recurrence !== after.recurrence ||
      before.place !== after.place ||
      before.latitude !== after.latitude ||
      before.longitude !== after.longitude;
    // Its Update goes to the host's followers on other servers when the edit changed what the
    // Event shows them: the row as it was (`previous`) against the row written.
    await tx
      .update(events)
      .set({ ...after, audience: fields.audience ?? before.audience, sequence: sql`${events.sequence} + 1` })
      .from(previous)
      .where(and(eq(events.id, eventId), eq(previous.id, events.id)))
      .returning({ delivery: eventDelivery('update', previous) });
    const dates = occurrenceStarts(after).length;
    await tx
      .delete(eventAttendees)
      .where(and(eq(eventAttendees.eventId, eventId), gte(eventAttendees.occurrence, dates)));
    return moved && before.cancelledAt === null ? tell(tx, 'event_changed', eventId, before.hostId) : [];
  });
  ctx.live.publish({ kind: 'event_changed', hostId: ctx.actor.id, eventId });
  for (const recipientId of told) ctx.live.publish({ kind: 'notification', recipientId });
  return getEvent({ ctx, input: { eventId } });
}

/** Cancelled, not deleted: it stays listed as Cancelled, and whoever joined is told once. */
export async function cancelEvent({
  ctx,
  input: { eventId },
}: ServiceArgs<'db' | 'storage' | 'live' | 'actor', { eventId: string }>): Promise<EventDto> {
  const told = await withTransaction(ctx.db, async (tx) => {
    const event = await lockOwnEvent(tx, eventId, ctx.actor.id, messages.event.onlyHostEdits);
    if (event.cancelledAt) throw conflict(messages.event.alreadyCancelled);
    await tx
      .update(events)
      .set({ cancelledAt: new Date(), sequence: sql`${events.sequence} + 1` })
      .where(eq(events.id, eventId))
      .returning({ delivery: eventDelivery('update') });
    return tell(tx, 'event_cancelled', eventId, event.hostId);
  });
  ctx.live.publish({ kind: 'event_changed', hostId: ctx.actor.id, eventId });
  for (const recipientId of told) ctx.live.publish({ kind: 'notification', recipientId });
  return getEvent({ ctx, input: { eventId } });
}

export async function setInterest({
  ctx: { db, live, actor },
  input: { eventId, interested },
}: ServiceArgs<
  'db' | 'live' | 'actor',
  { eventId: string; interested: boolean }
>): Promise<InterestStateDto> {
  // Joined people are listed by name, so only members with a profile join.
  await requireProfile(db, actor.id, profileRequired);
  await requireVisibleEvent(db, actor.id, eventId);
  let state: { interestedCount: number; hostId: string; notified: boolean; changed: boolean };
  try {
    state = await toggleWithCounter(db, {
      table: eventInterests,
      row: { eventId, userId: actor.id },
      on: interested,
      moveCounters: async (tx, step) => {
        const event = await interestStep(tx, eventId, step);
        if (!event) throw eventNotFound();
        const notice = {
          type: 'event_interest',
          recipientId: event.hostId,
          actorId: actor.id,
          eventId,
        } as const;
        return { ...event, notified: await noticeForStep(tx, step, notice) };
      },
    });
  } catch (error) {
    // The event was deleted (or never existed) under an Interested tap.
    if (isForeignKeyViolation(error)) throw eventNotFound();
    throw error;
  }
  if (state.changed) live.publish({ kind: 'event_changed', hostId: state.hostId, eventId });
  if (state.notified) live.publish({ kind: 'notification', recipientId: state.hostId });
  return { interested, interestedCount: state.interestedCount };
}

export type EventList = { kind: 'followed' } | { kind: 'host'; hostId: string };

export async function listEvents({
  ctx: { db, storage, actor },
  input: { list, when, cursor, size = pageSize, now = new Date() },
}: ServiceArgs<
  'db' | 'storage' | 'actor',
  /** `now`: the benchmark's data set lives around its own "now". */
  { list: EventList; when: EventWhen; cursor: Cursor | null; size?: number; now?: Date }
>): Promise<Page<EventDto>> {
  const scope =
    list.kind === 'followed' ? hostedByFollowedOrSelf(db, actor.id) : eq(events.hostId, list.hostId);
  const upcoming = when === 'upcoming';
  const order = upcoming ? soonestFirst : latestFirst;
  // The followed list (and the upcoming panel) is a feed: mutes apply there, not on a profile.
  // A repeating event is upcoming until its last date has started.
  const lastStartsAt = sql`coalesce(${events.lastStartsAt}, ${events.startsAt})`;
  const inRange = upcoming
    ? and(gte(events.nextStartsAt, new Date(now.getTime() - nextDateSlackMs)), gte(lastStartsAt, now))
    : lt(lastStartsAt, now);
  const rows = await selectEventPageForViewer(
    db,
    actor.id,
    { muted: list.kind === 'followed' },
    { where: and(scope, inRange, order.after(cursor)), orderBy: order.orderBy, limit: size + 1 },
  );
  // Sliced before mapping: the page's joiners are fetched in one query for the page alone.
  const page = slicePage(rows, size, ({ event }) => ({
    at: upcoming ? event.nextStartsAt : event.startsAt,
    id: event.id,
  }));
  return {
    items: await toEventDtos(db, storage, actor.id, page.rows, { now }),
    nextCursor: page.nextCursor,
  };
}

const viewerParam = sql.placeholder('viewerId');
const startOfTime = new Date('0001-01-01T00:00:00Z');
const endOfTime = new Date('9999-12-31T23:59:59Z');
const noId = '00000000-0000-0000-0000-000000000000';

/**
 * The followed list's page of ids, newest made first, as the client API's home timeline reads it on
 * every page: prepared, with one form for every page (no cursor reads from the end of time, no
 * floor down to its start). The followed list is a feed, so mutes apply. Only ids: PostgreSQL plans
 * this statement again on every call (with the floor known, a custom plan looks cheaper than the
 * generic one), and the whole event's read cost 1.5–2 ms to plan where this costs a fraction; most
 * pages find no event since the floor, so the whole read runs only for those that do.
 */
const followedIdsByCreation = preparedFor((db) =>
  prepareSql<{ id: string }>(
    db,
    'events_followed_ids_by_creation',
    firstRows(
      db
        .select({ id: events.id })
        .from(events)
        .where(
          and(
            hostedByFollowedOrSelf(db, viewerParam),
            newestMadeFirst.after({ at: sql.placeholder('at'), id: sql.placeholder('id') }),
            gte(events.createdAt, sql.placeholder('since')),
            eventVisibleTo(viewerParam, { muted: true }),
          ),
        )
        .orderBy(...newestMadeFirst.orderBy),
      pageSize + 1,
    ),
  ),
);

/** The followed list's events made since `since`, newest made first, after `cursor`. */
async function followedByCreation(db: Db, viewerId: string, cursor: Cursor | null, since: Date | undefined) {
  const { rows: ids } = await followedIdsByCreation(db).execute({
    viewerId,
    at: cursor?.at ?? endOfTime,
    id: cursor?.id ?? noId,
    since: since ?? startOfTime,
  });
  if (ids.length === 0) return [];
  return selectEventsForViewer(db, viewerId, { muted: true })
    .where(
      inArray(
        events.id,
        ids.map((row) => row.id),
      ),
    )
    .orderBy(...newestMadeFirst.orderBy);
}

/**
 * The list's events newest made first, past and upcoming alike: the client API's timelines show
 * each where it was announced, among the posts (composers/mastodon-api/event-statuses.ts).
 */
export async function listEventsByCreation({
  ctx: { db, storage, actor },
  input: { list, cursor, size = pageSize, madeSince },
}: ServiceArgs<
  'db' | 'storage' | 'actor',
  /** `madeSince`: only events made then or later (a reader who needs no older ones reads none). */
  { list: EventList; cursor: Cursor | null; size?: number; madeSince?: Date }
>): Promise<Page<EventDto>> {
  const rows =
    list.kind === 'followed' && size === pageSize
      ? await followedByCreation(db, actor.id, cursor, madeSince)
      : await selectEventPageForViewer(
          db,
          actor.id,
          { muted: list.kind === 'followed' },
          {
            where: and(
              list.kind === 'followed'
                ? hostedByFollowedOrSelf(db, actor.id)
                : eq(events.hostId, list.hostId),
              newestMadeFirst.after(cursor),
              madeSince ? gte(events.createdAt, madeSince) : undefined,
            ),
            orderBy: newestMadeFirst.orderBy,
            limit: size + 1,
          },
        );
  const page = slicePage(rows, size, ({ event }) => ({ at: event.createdAt, id: event.id }));
  return { items: await toEventDtos(db, storage, actor.id, page.rows), nextCursor: page.nextCursor };
}

/** The next few upcoming events of the accounts the viewer follows (and their own): the panel. */
export async function listUpcomingEvents({
  ctx,
  input: { limit },
}: ServiceArgs<'db' | 'storage' | 'actor', { limit: number }>): Promise<{ items: EventDto[] }> {
  const page = await listEvents({
    ctx,
    input: { list: { kind: 'followed' }, when: 'upcoming', cursor: null, size: limit },
  });
  return { items: page.items };
}

const joinerImage = alias(images, 'joiner_image');

/** An event the viewer may see; one whose host is hidden from them is as missing as a deleted one. */
async function requireVisibleEvent(db: Db, viewerId: string, eventId: string) {
  const [event] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, eventId), eventVisibleTo(viewerId)))
    .limit(1);
  if (!event) throw eventNotFound();
}

/** Everyone who joined, in the order they joined. */
export async function listInterested({
  ctx: { db, storage, actor },
  input: { eventId, cursor },
}: ServiceArgs<'db' | 'storage' | 'actor', { eventId: string; cursor: Cursor | null }>): Promise<
  Page<EventInterestDto>
> {
  await requireVisibleEvent(db, actor.id, eventId);
  const rows = await db
    .select({
      interest: eventInterests,
      profile: authorColumns(profiles),
      profileImage: imageDtoColumns(joinerImage),
    })
    .from(eventInterests)
    .innerJoin(profiles, eq(profiles.userId, eventInterests.userId))
    .leftJoin(joinerImage, eq(joinerImage.id, profiles.profileImageId))
    .where(
      and(
        eq(eventInterests.eventId, eventId),
        visibleTo(eventInterests.userId, actor.id),
        joinedFirst.after(cursor),
      ),
    )
    .orderBy(...joinedFirst.orderBy)
    .limit(pageSize + 1);
  return toPage(
    rows,
    pageSize,
    (row) => ({ person: toAuthorDto(storage, row), joinedAt: row.interest.createdAt.toISOString() }),
    (row) => ({ at: row.interest.createdAt, id: row.interest.userId }),
  );
}

/** The event as an .ics file for "Add to calendar". */
export async function getEventCalendar({
  ctx: { db, actor },
  input: { eventId, publicUrl },
}: ServiceArgs<'db' | 'actor', { eventId: string; publicUrl: string }>): Promise<{
  body: string;
  fileName: string;
}> {
  const [event] = await db
    .select(eventColumns)
    .from(events)
    .where(and(eq(events.id, eventId), eventVisibleTo(actor.id)))
    .limit(1);
  if (!event) throw eventNotFound();
  return {
    body: buildCalendar([toCalendarEvent(event, publicUrl)], { stampedAt: new Date() }),
    fileName: calendarFileName(event.title),
  };
}
