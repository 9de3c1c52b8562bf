/**
 * New-follower notifications: newest first, with the follower's profile and whether the viewer
 * already follows them back. Opening the list marks them read (the original never did).
 */
import type { NotificationDto, Page } from '@glimpse/shared';
import { limits } from '@glimpse/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { follows, images, notifications, profiles } from '../../db/schema.ts';
import { type Cursor, keyset, toPage } from '../../lib/cursor.ts';
import type { ServiceArgs } from '../../lib/service.ts';
import { imageDtoColumns } from '../images/queries.ts';
import { authorColumns, toAuthorDto } from '../profile/queries.ts';
import { visibleTo } from '../safety/visibility.ts';

const actorImage = alias(images, 'actor_image');
// Until /notifications renders every type (issue 16), list and count only the ones it shows.
const shownTypes = eq(notifications.type, 'new_follower');
const newestFirst = keyset(notifications.createdAt, notifications.id, 'newestFirst');

export async function listNotifications({
  ctx: { db, storage, viewer },
  input: { cursor },
}: ServiceArgs<'db' | 'storage' | 'viewer', { cursor: Cursor | null }>): Promise<Page<NotificationDto>> {
  const rows = await db
    .select({
      notification: notifications,
      profile: authorColumns(profiles),
      profileImage: imageDtoColumns(actorImage),
      followingActor: sql<boolean>`exists (select 1 from ${follows} where ${follows.followerId} = ${viewer.id} and ${follows.followeeId} = ${notifications.actorId})`,
    })
    .from(notifications)
    .innerJoin(profiles, eq(profiles.userId, notifications.actorId))
    .leftJoin(actorImage, eq(actorImage.id, profiles.profileImageId))
    .where(
      and(
        eq(notifications.recipientId, viewer.id),
        shownTypes,
        visibleTo(notifications.actorId, viewer.id, { nullable: true }),
        newestFirst.after(cursor),
      ),
    )
    .orderBy(...newestFirst.orderBy)
    .limit(limits.pageSize + 1);
  return toPage(
    rows,
    limits.pageSize,
    (row) => ({
      id: row.notification.id,
      type: 'new_follower' as const,
      actor: toAuthorDto(storage, row),
      read: row.notification.read,
      followingActor: Boolean(row.followingActor),
      createdAt: row.notification.createdAt.toISOString(),
    }),
    (row) => ({ at: row.notification.createdAt, id: row.notification.id }),
  );
}

export async function unreadCount({
  ctx: { db, viewer },
}: ServiceArgs<'db' | 'viewer'>): Promise<{ count: number }> {
  const [row] = await db
    .select({ value: count() })
    .from(notifications)
    .where(
      and(
        eq(notifications.recipientId, viewer.id),
        shownTypes,
        eq(notifications.read, false),
        visibleTo(notifications.actorId, viewer.id, { nullable: true }),
      ),
    );
  return { count: row?.value ?? 0 };
}

/** Marks only the caller's own notifications; other tabs hear it and clear their badge. */
export async function markAllRead({
  ctx: { db, live, viewer },
}: ServiceArgs<'db' | 'live' | 'viewer'>): Promise<{ marked: number }> {
  const marked = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.recipientId, viewer.id), eq(notifications.read, false)))
    .returning({ id: notifications.id });
  if (marked.length) live.publish({ kind: 'notification', recipientId: viewer.id });
  return { marked: marked.length };
}
