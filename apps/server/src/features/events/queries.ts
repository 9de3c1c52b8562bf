/**
 * Events as one viewer sees them: picture, host with picture and badges, the Interested count,
 * whether the viewer joined, and the first joiners for the avatar stack. A page of events costs two
 * queries whatever its size: the events (with the joiners' ids), then those joiners' profiles.
 */
import type { AuthorDto, EventDto } from '@glimpse/shared';
import { limits } from '@glimpse/shared';
import { and, eq, gt, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { eventInterests, events, follows, images, profiles } from '../../db/schema.ts';
import type { Cursor } from '../../lib/cursor.ts';
import type { Storage } from '../../storage/storage.ts';
import { toImageDto } from '../images/service.ts';
import { toAuthorDto } from '../profile/queries.ts';

const hostImage = alias(images, 'host_image');
const personImage = alias(images, 'person_image');

export function selectEventsForViewer(db: Db, viewerId: string) {
  return db
    .select({
      event: events,
      image: images,
      profile: profiles,
      profileImage: hostImage,
      interestedByMe: sql<boolean>`exists (select 1 from ${eventInterests} where ${eventInterests.eventId} = ${events.id} and ${eventInterests.userId} = ${viewerId})`,
      // Served by event_interests (event_id, created_at): at most a few rows per event are read.
      joinedIds: sql<
        string[]
      >`array(select ${eventInterests.userId} from ${eventInterests} where ${eventInterests.eventId} = ${events.id} order by ${eventInterests.createdAt}, ${eventInterests.userId} limit ${sql.raw(String(limits.avatarStackSize))})`,
    })
    .from(events)
    .innerJoin(profiles, eq(profiles.userId, events.hostId))
    .leftJoin(hostImage, eq(hostImage.id, profiles.profileImageId))
    .leftJoin(images, eq(images.id, events.imageId));
}

export type EventRow = Awaited<ReturnType<ReturnType<typeof selectEventsForViewer>['execute']>>[number];

/** The viewer's own events and those of everyone they follow (a subquery: no cap on follows). */
export function hostedByFollowedOrSelf(db: Db, viewerId: string): SQL {
  const followed = db
    .select({ id: follows.followeeId })
    .from(follows)
    .where(eq(follows.followerId, viewerId));
  return or(inArray(events.hostId, followed), eq(events.hostId, viewerId)) as SQL;
}

/** `(starts_at, id) > cursor`: the next page of soonest-first lists. */
export function startsAfter(cursor: Cursor | null): SQL | undefined {
  if (!cursor) return undefined;
  return or(
    gt(events.startsAt, cursor.at),
    and(eq(events.startsAt, cursor.at), gt(events.id, cursor.id)),
  ) as SQL;
}

/** `(starts_at, id) < cursor`: the next page of latest-first lists. */
export function startsBefore(cursor: Cursor | null): SQL | undefined {
  if (!cursor) return undefined;
  return or(
    lt(events.startsAt, cursor.at),
    and(eq(events.startsAt, cursor.at), lt(events.id, cursor.id)),
  ) as SQL;
}

/** Profiles of the given people, as authors, in one query. */
export async function findAuthors(
  db: Db,
  storage: Storage,
  userIds: readonly string[],
): Promise<Map<string, AuthorDto>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ profile: profiles, profileImage: personImage })
    .from(profiles)
    .leftJoin(personImage, eq(personImage.id, profiles.profileImageId))
    .where(inArray(profiles.userId, [...new Set(userIds)]));
  return new Map(rows.map((row) => [row.profile.userId, toAuthorDto(storage, row)]));
}

/** Turns rows into DTOs, fetching every joiner shown in an avatar stack at once. */
export async function toEventDtos(db: Db, storage: Storage, rows: EventRow[]): Promise<EventDto[]> {
  const joiners = await findAuthors(
    db,
    storage,
    rows.flatMap((row) => row.joinedIds),
  );
  return rows.map((row) => ({
    id: row.event.id,
    host: toAuthorDto(storage, row),
    title: row.event.title,
    startsAt: row.event.startsAt.toISOString(),
    website: row.event.website,
    description: row.event.description,
    image: row.image ? toImageDto(storage, row.image) : null,
    interestedCount: row.event.interestedCount,
    interestedByMe: Boolean(row.interestedByMe),
    joinedPreview: row.joinedIds.flatMap((id) => joiners.get(id) ?? []),
    createdAt: row.event.createdAt.toISOString(),
  }));
}
