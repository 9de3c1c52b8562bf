/**
 * The one way any feature writes (or takes back) a notice. Callers pass their transaction, so the
 * notice commits or rolls back with the action that caused it, and publish
 * `{ kind: 'notification', recipientId }` on `live` after the commit when this returns true.
 *
 * Grouping is maintained here, on write: a notice joins the recipient's group for its type and
 * target (the post, the event, the report, or the follower) on the current UTC day, created on the
 * first notice by an upsert on that key, so concurrent likes never split a group. A group holds one
 * row per person; a second comment from them moves their row to now.
 */
import type { NotificationType } from '@glimpse/shared';
import { and, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notificationGroups, notificationPreferences, notifications, user } from '../../db/schema.ts';
import { visibleTo } from '../safety/visibility.ts';

export interface NotificationSubject {
  postId?: string;
  commentId?: string;
  eventId?: string;
  reportId?: string;
}

export interface NewNotification extends NotificationSubject {
  type: NotificationType;
  recipientId: string;
  /** The person whose action this is; null when nobody acted (a reminder, a reviewed report). */
  actorId: string | null;
}

/** What a group is about; new followers group by the follower, so each keeps its Follow back. */
export const targetKeyOf = (notice: NewNotification): string =>
  notice.postId ?? notice.eventId ?? notice.reportId ?? notice.actorId ?? '';

const utcToday = sql`(now() at time zone 'UTC')::date`;

async function turnedOffInApp(tx: Db, recipientId: string, type: NotificationType): Promise<boolean> {
  const [row] = await tx
    .select({ off: sql<boolean>`${type} = any(${notificationPreferences.inAppOff})` })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, recipientId))
    .limit(1);
  return Boolean(row?.off);
}

/** Blocked (either way), muted and suspended accounts never notify (features/safety/visibility.ts). */
async function actorHidden(tx: Db, recipientId: string, actorId: string | null): Promise<boolean> {
  if (actorId === null) return false;
  const [visible] = await tx
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.id, actorId), visibleTo(user.id, recipientId, { muted: true })))
    .limit(1);
  return !visible;
}

/**
 * Writes the notice unless the actor would be told about their own action, the recipient cannot
 * see the actor (blocked, muted, suspended) or turned the type off; true when written.
 */
export async function notify(tx: Db, notice: NewNotification): Promise<boolean> {
  if (notice.actorId === notice.recipientId) return false;
  if (await actorHidden(tx, notice.recipientId, notice.actorId)) return false;
  if (await turnedOffInApp(tx, notice.recipientId, notice.type)) return false;
  const [group] = await tx
    .insert(notificationGroups)
    .values({
      recipientId: notice.recipientId,
      type: notice.type,
      targetKey: targetKeyOf(notice),
      day: utcToday,
      postId: notice.postId,
      eventId: notice.eventId,
      reportId: notice.reportId,
    })
    .onConflictDoUpdate({
      target: [
        notificationGroups.recipientId,
        notificationGroups.type,
        notificationGroups.targetKey,
        notificationGroups.day,
      ],
      set: { read: false, latestAt: sql`now()` },
    })
    .returning({ id: notificationGroups.id });
  await tx
    .insert(notifications)
    .values({ ...notice, groupId: group!.id })
    .onConflictDoUpdate({
      target: [notifications.groupId, notifications.actorId],
      set: { createdAt: sql`now()`, commentId: sql`excluded.comment_id` },
    });
  return true;
}

export interface RetractedNotification extends Pick<NewNotification, 'type' | 'recipientId'> {
  actorId: string;
  postId?: string;
  eventId?: string;
}

/**
 * Takes a notice back (an unlike, an un-Interested): removes the person from the group, and the
 * group when nobody is left; true when anything was removed.
 */
export async function retract(tx: Db, notice: RetractedNotification): Promise<boolean> {
  const removed = await tx
    .delete(notifications)
    .where(
      and(
        eq(notifications.actorId, notice.actorId),
        eq(notifications.type, notice.type),
        eq(notifications.recipientId, notice.recipientId),
        notice.postId ? eq(notifications.postId, notice.postId) : undefined,
        notice.eventId ? eq(notifications.eventId, notice.eventId) : undefined,
      ),
    )
    .returning({ groupId: notifications.groupId });
  if (removed.length === 0) return false;
  const groupIds = removed.map((row) => row.groupId);
  await tx
    .delete(notificationGroups)
    .where(
      and(
        inArray(notificationGroups.id, groupIds),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(notifications)
            .where(eq(notifications.groupId, notificationGroups.id)),
        ),
      ),
    );
  // A group that keeps other people shows when its newest remaining notice came.
  await tx
    .update(notificationGroups)
    .set({
      latestAt: sql`(select max(${notifications.createdAt}) from ${notifications} where ${notifications.groupId} = ${notificationGroups.id})`,
    })
    .where(inArray(notificationGroups.id, groupIds));
  return true;
}

/** For toggles (like, Interested): a new row notifies, a removed row takes the notice back. */
export function noticeForStep(tx: Db, step: -1 | 0 | 1, notice: NewNotification & { actorId: string }) {
  if (step === 1) return notify(tx, notice);
  if (step === -1) return retract(tx, notice);
  return Promise.resolve(false);
}
