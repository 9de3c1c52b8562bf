/**
 * Events as one viewer sees them: picture, host with picture and badges, the Interested count,
 * whether the viewer joined, the first joiners for the avatar stack, and Going for the date shown.
 * A page of events costs three queries whatever its size: the events (with the joiners' ids), the
 * Going counts and first people of each date shown, then all those people's profiles.
 */
import type { EventAttendanceDto, EventDto } from '@glimpse/shared';
import { currentZoneName, limits } from '@glimpse/shared';
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { toImageDto } from '../../core/images.ts';
import { firstRows } from '../../core/prepared.ts';
import { findAuthors, toAuthorDto } from '../../core/profiles.ts';
import { type AudienceOptions, contentVisibleTo, type ViewerId, visibleTo } from '../../core/visibility.ts';
import type { Db } from '../../db/client.ts';
import {
  type EventRecord,
  eventAttendees,
  eventColumns,
  eventInterests,
  events,
  follows,
  images,
  profiles,
} from '../../db/schema.ts';
import type { Storage } from '../../storage/storage.ts';
import { currentOccurrence, type EventTimes, nextOccurrences, occurrenceAt, repeatOf } from './recurrence.ts';

const hostImage = alias(images, 'host_image');

/** The audience rule (core/visibility.ts) on the events table: every read of an event goes through it. */
export const eventVisibleTo = (viewerId: ViewerId | null, options: AudienceOptions = {}) =>
  contentVisibleTo(events.hostId, events.audience, viewerId, options);

/**
 * Events of hosts hidden from the viewer (core/visibility.ts) never come out of this;
 * `{ muted: true }` (the followed list and the upcoming panel) also leaves out muted hosts. The
 * avatar stack shows only joiners the viewer may see.
 */
export function selectEventsForViewer(db: Db, viewerId: ViewerId, visibility: AudienceOptions = {}) {
  return db
    .select({
      event: eventColumns,
      image: images,
      profile: profiles,
      profileImage: hostImage,
      interestedByMe: sql<boolean>`exists (select 1 from ${eventInterests} where ${eventInterests.eventId} = ${events.id} and ${eventInterests.userId} = ${viewerId})`,
      // Served by event_interests (event_id, created_at): at most a few rows per event are read.
      joinedIds: sql<
        string[]
      >`array(select ${eventInterests.userId} from ${eventInterests} where ${eventInterests.eventId} = ${events.id} and ${visibleTo(eventInterests.userId, viewerId)} order by ${eventInterests.createdAt}, ${eventInterests.userId} limit ${sql.raw(String(limits.avatarStackSize))})`,
    })
    .from(events)
    .innerJoin(profiles, and(eq(profiles.userId, events.hostId), eventVisibleTo(viewerId, visibility)))
    .leftJoin(hostImage, eq(hostImage.id, profiles.profileImageId))
    .leftJoin(images, eq(images.id, events.imageId));
}

export type EventRow = Awaited<ReturnType<ReturnType<typeof selectEventsForViewer>['execute']>>[number];

/**
 * A page of `selectEventsForViewer`: the page's events are chosen on the events table alone (the
 * audience rule, `where`, the order and the limit), and only they are joined to their pictures and
 * hosts. Joined first, PostgreSQL hashed every image to sort the 2,000 events of a thousand followed
 * hosts (0.3–0.6 s at the reference data set) before it kept 21.
 */
export function selectEventPageForViewer(
  db: Db,
  viewerId: ViewerId,
  visibility: AudienceOptions,
  { where, orderBy, limit }: { where: SQL | undefined; orderBy: readonly SQL[]; limit: number },
) {
  // The count is written into the statement (`firstRows`): sent as a parameter, a prepared page
  // costs its generic plan as if it kept a tenth of the rows (core/prepared.ts).
  const pageIds = firstRows(
    db
      .select({ id: events.id })
      .from(events)
      .where(and(where, eventVisibleTo(viewerId, visibility)))
      .orderBy(...orderBy),
    limit,
  );
  return selectEventsForViewer(db, viewerId, visibility)
    .where(sql`${events.id} in (${pageIds})`)
    .orderBy(...orderBy);
}

/** The viewer's own events and those of everyone they follow (a subquery: no cap on follows). */
export function hostedByFollowedOrSelf(db: Db, viewerId: ViewerId): SQL {
  const followed = db
    .select({ id: follows.followeeId })
    .from(follows)
    .where(eq(follows.followerId, viewerId));
  return or(inArray(events.hostId, followed), eq(events.hostId, viewerId)) as SQL;
}

export const timesOf = (event: EventRecord): EventTimes => ({
  startsAt: event.startsAt,
  endsAt: event.endsAt,
  timeZone: event.timeZone,
  recurrence: event.recurrence,
});

interface AttendanceRow {
  event_id: string;
  occurrence: number;
  going: number;
  waitlisted: number;
  mine: 'going' | 'waitlisted' | 'pending' | null;
  preview: string[];
}

/** Going, the waitlist and the viewer's answer for each (event, date), in one query. */
async function attendanceOf(
  db: Db,
  viewerId: string,
  dates: readonly { eventId: string; occurrence: number }[],
): Promise<Map<string, AttendanceRow>> {
  if (dates.length === 0) return new Map();
  const ids = dates.map((date) => date.eventId);
  const occurrences = dates.map((date) => date.occurrence);
  const a = eventAttendees;
  const sameDate = sql`${a.eventId} = d.event_id and ${a.occurrence} = d.occurrence`;
  const result = (await db.execute(sql`
    select d.event_id, d.occurrence,
      (select count(*)::int from ${a} where ${sameDate} and ${a.status} = 'going') as going,
      (select count(*)::int from ${a} where ${sameDate} and ${a.status} = 'waitlisted') as waitlisted,
      (select ${a.status} from ${a} where ${sameDate} and ${a.userId} = ${viewerId}) as mine,
      array(select ${a.userId} from ${a} where ${sameDate} and ${a.status} = 'going'
        and ${visibleTo(a.userId, viewerId)}
        order by ${a.createdAt}, ${a.userId} limit ${sql.raw(String(limits.avatarStackSize))}) as preview
    from unnest(${sql.param(ids)}::uuid[], ${sql.param(occurrences)}::int[]) as d(event_id, occurrence)`)) as unknown as {
    rows: AttendanceRow[];
  };
  return new Map(result.rows.map((row) => [`${row.event_id}/${row.occurrence}`, row]));
}

/**
 * Turns rows into DTOs, fetching every person shown in an avatar stack at once. Each event shows
 * the date `occurrence` asks for (the detail page's choice), else its next date, else its last.
 */
export async function toEventDtos(
  db: Db,
  storage: Storage,
  viewerId: string,
  rows: EventRow[],
  options: { occurrence?: number; now?: Date } = {},
): Promise<EventDto[]> {
  const now = options.now ?? new Date();
  const shown = rows.map((row) => {
    const times = timesOf(row.event);
    const chosen = options.occurrence === undefined ? null : occurrenceAt(times, options.occurrence);
    return chosen ?? currentOccurrence(times, now);
  });
  const attendance = await attendanceOf(
    db,
    viewerId,
    rows.map((row, i) => ({ eventId: row.event.id, occurrence: shown[i]!.index })),
  );
  const people = await findAuthors(db, storage, [
    ...rows.flatMap((row) => row.joinedIds),
    ...[...attendance.values()].flatMap((row) => row.preview),
  ]);
  return rows.map((row, i) => {
    const { event } = row;
    const occurrence = shown[i]!;
    const times = timesOf(event);
    const counts = attendance.get(`${event.id}/${occurrence.index}`);
    const goingCount = counts?.going ?? 0;
    const state: EventAttendanceDto = {
      occurrence: occurrence.index,
      goingCount,
      waitlistCount: counts?.waitlisted ?? 0,
      placesLeft: event.capacity === null ? null : Math.max(0, event.capacity - goingCount),
      going: counts?.mine === 'going',
      waitlisted: counts?.mine === 'waitlisted',
      pending: counts?.mine === 'pending',
      goingPreview: (counts?.preview ?? []).flatMap((id) => people.get(id) ?? []),
    };
    return {
      id: event.id,
      host: toAuthorDto(storage, row),
      title: event.title,
      startsAt: event.startsAt.toISOString(),
      endsAt: event.endsAt?.toISOString() ?? null,
      timeZone: currentZoneName(event.timeZone),
      place: event.place,
      latitude: event.latitude,
      longitude: event.longitude,
      capacity: event.capacity,
      repeat: repeatOf(event.recurrence, event.timeZone),
      occurrence,
      nextOccurrences: nextOccurrences(times, now, limits.eventNextOccurrences),
      lastStartsAt: (event.lastStartsAt ?? event.startsAt).toISOString(),
      cancelled: event.cancelledAt !== null,
      attendance: state,
      website: event.website,
      audience: event.audience,
      description: event.description,
      image: row.image
        ? toImageDto(
            storage,
            row.image,
            event.audience === 'public' && !row.profile.isPrivate ? 'open' : 'audience',
          )
        : null,
      interestedCount: event.interestedCount,
      interestedByMe: Boolean(row.interestedByMe),
      joinedPreview: row.joinedIds.flatMap((id) => people.get(id) ?? []),
      createdAt: event.createdAt.toISOString(),
    };
  });
}
