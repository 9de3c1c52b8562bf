/**
 * Event rules: only a member with a profile hosts, with their own upload (optional); only the host
 * deletes (taking the interests and the image files along); Interested acts only as the caller and
 * is idempotent: the (event_id, user_id) primary key decides, and interested_count moves in the
 * same transaction only when a row was really added or removed. Lists show the events of the
 * accounts the viewer follows and their own: upcoming soonest first, past ones latest first.
 */
import type {
  CreateEventInputParsed,
  EventDto,
  EventInterestDto,
  EventWhen,
  InterestStateDto,
  Page,
} from '@glimpse/shared';
import { limits, messages } from '@glimpse/shared';
import { and, asc, desc, eq, gt, gte, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.ts';
import { eventInterests, events, images, profiles } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import { type Cursor, encodeCursor, toPage } from '../../lib/cursor.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/http.ts';
import { deleteImages, requireOwnImage } from '../images/service.ts';
import { toAuthorDto } from '../profile/queries.ts';
import { buildCalendar, type CalendarEvent, calendarFileName } from './ics.ts';
import {
  hostedByFollowedOrSelf,
  selectEventsForViewer,
  startsAfter,
  startsBefore,
  toEventDtos,
} from './queries.ts';

type Deps = Pick<AppDeps, 'db' | 'storage' | 'live'>;
const pageSize = limits.pageSize;

/** Ids come from URLs: anything that is not a uuid cannot be an event. */
export function parseEventId(value: string): string {
  const parsed = z.uuid().safeParse(value);
  if (!parsed.success) throw notFound(messages.event.notFound);
  return parsed.data;
}

async function requireProfile(db: Db, userId: string) {
  const [row] = await db
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1);
  if (!row) throw forbidden(messages.event.profileRequired);
}

export async function getEvent({ db, storage }: Deps, viewer: Viewer, eventId: string): Promise<EventDto> {
  const rows = await selectEventsForViewer(db, viewer.id).where(eq(events.id, eventId)).limit(1);
  if (rows.length === 0) throw notFound(messages.event.notFound);
  const [event] = await toEventDtos(db, storage, rows);
  return event!;
}

export async function createEvent(
  deps: Deps,
  { viewer, input }: { viewer: Viewer; input: CreateEventInputParsed },
): Promise<EventDto> {
  const { db } = deps;
  await requireProfile(db, viewer.id);
  if (input.imageId) await requireOwnImage(db, viewer.id, input.imageId, 'event');
  let eventId: string;
  try {
    const [row] = await db
      .insert(events)
      .values({
        hostId: viewer.id,
        title: input.title,
        // Through Date: millisecond precision, so keyset cursors (JS Dates) round-trip exactly.
        startsAt: new Date(input.startsAt),
        website: input.website,
        description: input.description,
        imageId: input.imageId ?? null,
      })
      .returning({ id: events.id });
    eventId = row!.id;
  } catch (error) {
    if (isUniqueViolation(error, 'events_image_uq')) throw conflict(messages.event.imageTaken);
    throw error;
  }
  deps.live.publish({ kind: 'event_changed', hostId: viewer.id, eventId });
  return getEvent(deps, viewer, eventId);
}

export async function deleteEvent(deps: Deps, { viewer, eventId }: { viewer: Viewer; eventId: string }) {
  const imageId = await deps.db.transaction(async (tx) => {
    const [event] = await tx
      .select({ hostId: events.hostId, imageId: events.imageId })
      .from(events)
      .where(eq(events.id, eventId))
      .for('update');
    if (!event) throw notFound(messages.event.notFound);
    if (event.hostId !== viewer.id) throw forbidden(messages.event.onlyHostDeletes);
    // Interests go with the event (ON DELETE CASCADE).
    await tx.delete(events).where(eq(events.id, eventId));
    return event.imageId;
  });
  deps.live.publish({ kind: 'event_changed', hostId: viewer.id, eventId });
  if (imageId) await deleteImages(deps, [imageId]);
}

export async function setInterest(
  { db, live }: Deps,
  { viewer, eventId, interested }: { viewer: Viewer; eventId: string; interested: boolean },
): Promise<InterestStateDto> {
  // Joined people are listed by name, so only members with a profile join.
  await requireProfile(db, viewer.id);
  let state: { interestedCount: number; hostId: string; changed: boolean };
  try {
    state = await db.transaction(async (tx) => {
      const changed = interested
        ? await tx
            .insert(eventInterests)
            .values({ eventId, userId: viewer.id })
            .onConflictDoNothing()
            .returning()
        : await tx
            .delete(eventInterests)
            .where(and(eq(eventInterests.eventId, eventId), eq(eventInterests.userId, viewer.id)))
            .returning();
      const step = changed.length === 0 ? 0 : interested ? 1 : -1;
      const [event] = await tx
        .update(events)
        .set({ interestedCount: sql`${events.interestedCount} + ${step}` })
        .where(eq(events.id, eventId))
        .returning({ interestedCount: events.interestedCount, hostId: events.hostId });
      if (!event) throw notFound(messages.event.notFound);
      return { ...event, changed: step !== 0 };
    });
  } catch (error) {
    // The event was deleted (or never existed) under an Interested tap.
    if (isForeignKeyViolation(error)) throw notFound(messages.event.notFound);
    throw error;
  }
  if (state.changed) live.publish({ kind: 'event_changed', hostId: state.hostId, eventId });
  return { interested, interestedCount: state.interestedCount };
}

export type EventList = { kind: 'followed' } | { kind: 'host'; hostId: string };

export async function listEvents(
  { db, storage }: Deps,
  viewer: Viewer,
  list: EventList,
  when: EventWhen,
  cursor: Cursor | null,
  size: number = pageSize,
): Promise<Page<EventDto>> {
  const now = new Date();
  const scope =
    list.kind === 'followed' ? hostedByFollowedOrSelf(db, viewer.id) : eq(events.hostId, list.hostId);
  const upcoming = when === 'upcoming';
  const rows = await selectEventsForViewer(db, viewer.id)
    .where(
      and(
        scope,
        upcoming ? gte(events.startsAt, now) : lt(events.startsAt, now),
        upcoming ? startsAfter(cursor) : startsBefore(cursor),
      ),
    )
    .orderBy(
      ...(upcoming ? [asc(events.startsAt), asc(events.id)] : [desc(events.startsAt), desc(events.id)]),
    )
    .limit(size + 1);
  const hasMore = rows.length > size;
  const pageRows = hasMore ? rows.slice(0, size) : rows;
  const last = pageRows.at(-1);
  return {
    items: await toEventDtos(db, storage, pageRows),
    nextCursor: hasMore && last ? encodeCursor({ at: last.event.startsAt, id: last.event.id }) : null,
  };
}

/** The next few upcoming events of the accounts the viewer follows (and their own): the panel. */
export async function listUpcomingEvents(deps: Deps, viewer: Viewer, limit: number) {
  const page = await listEvents(deps, viewer, { kind: 'followed' }, 'upcoming', null, limit);
  return { items: page.items };
}

const joinerImage = alias(images, 'joiner_image');

async function requireEventExists(db: Db, eventId: string) {
  const [event] = await db.select({ id: events.id }).from(events).where(eq(events.id, eventId)).limit(1);
  if (!event) throw notFound(messages.event.notFound);
}

/** Everyone who joined, in the order they joined. */
export async function listInterested(
  { db, storage }: Deps,
  eventId: string,
  cursor: Cursor | null,
): Promise<Page<EventInterestDto>> {
  await requireEventExists(db, eventId);
  const rows = await db
    .select({ interest: eventInterests, profile: profiles, profileImage: joinerImage })
    .from(eventInterests)
    .innerJoin(profiles, eq(profiles.userId, eventInterests.userId))
    .leftJoin(joinerImage, eq(joinerImage.id, profiles.profileImageId))
    .where(
      and(
        eq(eventInterests.eventId, eventId),
        cursor
          ? (or(
              gt(eventInterests.createdAt, cursor.at),
              and(eq(eventInterests.createdAt, cursor.at), gt(eventInterests.userId, cursor.id)),
            ) as SQL)
          : undefined,
      ),
    )
    .orderBy(asc(eventInterests.createdAt), asc(eventInterests.userId))
    .limit(pageSize + 1);
  return toPage(
    rows,
    pageSize,
    (row) => ({ person: toAuthorDto(storage, row), joinedAt: row.interest.createdAt.toISOString() }),
    (row) => ({ at: row.interest.createdAt, id: row.interest.userId }),
  );
}

/** The event as an .ics file for "Add to calendar". */
export async function getEventCalendar(
  { db }: Deps,
  { eventId, publicUrl }: { eventId: string; publicUrl: string },
): Promise<{ body: string; fileName: string }> {
  const [event] = await db.select().from(events).where(eq(events.id, eventId)).limit(1);
  if (!event) throw notFound(messages.event.notFound);
  const calendarEvent: CalendarEvent = {
    uid: `${event.id}@${new URL(publicUrl).hostname}`,
    title: event.title,
    description: `${event.description}\n\n${new URL(`/eventdetail/${event.id}`, publicUrl).href}`,
    url: event.website,
    startsAt: event.startsAt,
    endsAt: new Date(event.startsAt.getTime() + limits.eventDefaultDurationHours * 60 * 60 * 1000),
    stampedAt: new Date(),
    createdAt: event.createdAt,
  };
  return { body: buildCalendar(calendarEvent), fileName: calendarFileName(event.title) };
}
