/**
 * New-follower notifications: newest first, with the follower's profile and whether the viewer
 * already follows them back. Opening the list marks them read (the original never did).
 */
import type { NotificationDto, Page } from '@glimpse/shared';
import { limits } from '@glimpse/shared';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { follows, images, notifications, profiles } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import type { Cursor } from '../../lib/cursor.ts';
import { olderThan, toPage } from '../../lib/cursor.ts';
import type { Viewer } from '../../lib/http.ts';
import { toAuthorDto } from '../profile/queries.ts';

type Deps = Pick<AppDeps, 'db' | 'storage' | 'live'>;
const actorImage = alias(images, 'actor_image');

export async function listNotifications(
  { db, storage }: Deps,
  viewer: Viewer,
  cursor: Cursor | null,
): Promise<Page<NotificationDto>> {
  const rows = await db
    .select({
      notification: notifications,
      profile: profiles,
      profileImage: actorImage,
      followingActor: sql<boolean>`exists (select 1 from ${follows} where ${follows.followerId} = ${viewer.id} and ${follows.followeeId} = ${notifications.actorId})`,
    })
    .from(notifications)
    .innerJoin(profiles, eq(profiles.userId, notifications.actorId))
    .leftJoin(actorImage, eq(actorImage.id, profiles.profileImageId))
    .where(
      and(
        eq(notifications.recipientId, viewer.id),
        olderThan(notifications.createdAt, notifications.id, cursor),
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limits.pageSize + 1);
  return toPage(
    rows,
    limits.pageSize,
    (row) => ({
      id: row.notification.id,
      type: row.notification.type,
      actor: toAuthorDto(storage, row),
      read: row.notification.read,
      followingActor: Boolean(row.followingActor),
      createdAt: row.notification.createdAt.toISOString(),
    }),
    (row) => ({ at: row.notification.createdAt, id: row.notification.id }),
  );
}

export async function unreadCount({ db }: Deps, viewer: Viewer): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(notifications)
    .where(and(eq(notifications.recipientId, viewer.id), eq(notifications.read, false)));
  return row?.value ?? 0;
}

/** Marks only the caller's own notifications; other tabs hear it and clear their badge. */
export async function markAllRead({ db, live }: Deps, viewer: Viewer): Promise<{ marked: number }> {
  const marked = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.recipientId, viewer.id), eq(notifications.read, false)))
    .returning({ id: notifications.id });
  if (marked.length) live.publish({ kind: 'notification', recipientId: viewer.id });
  return { marked: marked.length };
}
