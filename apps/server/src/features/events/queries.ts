/**
 * Events as one viewer sees them: picture, host with picture and badges, the Interested count,
 * whether the viewer joined, and the first joiners for the avatar stack. A page of events costs two
 * queries whatever its size: the events (with the joiners' ids), then those joiners' profiles.
 */
import type { EventDto } from '@glimpse/shared';
import { limits } from '@glimpse/shared';
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { toImageDto } from '../../core/images.ts';
import { findAuthors, toAuthorDto } from '../../core/profiles.ts';
import { type VisibilityOptions, visibleTo } from '../../core/visibility.ts';
import type { Db } from '../../db/client.ts';
import { eventColumns, eventInterests, events, follows, images, profiles } from '../../db/schema.ts';
import type { Storage } from '../../storage/storage.ts';

const hostImage = alias(images, 'host_image');

/**
 * Events of hosts hidden from the viewer (core/visibility.ts) never come out of this;
 * `{ muted: true }` (the followed list and the upcoming panel) also leaves out muted hosts. The
 * avatar stack shows only joiners the viewer may see.
 */
export function selectEventsForViewer(
  db: Db,
  viewerId: string,
  visibility: Pick<VisibilityOptions, 'muted'> = {},
) {
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
    .innerJoin(
      profiles,
      and(eq(profiles.userId, events.hostId), visibleTo(events.hostId, viewerId, visibility)),
    )
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
