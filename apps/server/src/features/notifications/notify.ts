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

/**
 * Writes the notice unless the actor would be told about their own action, the recipient cannot
 * see the actor (blocked, muted, suspended: features/safety/visibility.ts) or turned the type off;
 * true when written. One statement, so a like or a comment pays one round trip for its notice:
 * the checks gate the group's upsert, and the person's row joins the group that upsert returns.
 */
export async function notify(
  tx: Db,
  notice: NewNotification,
  options: {
    /** Not again while the recipient has not read the group it would join (any day's): a follow. */
    onceWhileUnread?: boolean;
  } = {},
): Promise<boolean> {
  const { recipientId, actorId, type } = notice;
  const targetKey = targetKeyOf(notice);
  const notYetUnread = options.onceWhileUnread
    ? sql`and not exists (select 1 from ${notificationGroups}
        where ${notificationGroups.recipientId} = ${recipientId} and ${notificationGroups.type} = ${type}
          and ${notificationGroups.targetKey} = ${targetKey} and not ${notificationGroups.read})`
    : sql``;
  if (actorId === recipientId) return false;
  const actorVisible =
    actorId === null
      ? sql`true`
      : sql`exists (select 1 from ${user} where ${user.id} = ${actorId} and ${visibleTo(user.id, recipientId, { muted: true })})`;
  const result = (await tx.execute(sql`
    with allowed as (
      select 1 where ${actorVisible} and not exists (
        select 1 from ${notificationPreferences}
        where ${notificationPreferences.userId} = ${recipientId}
          and ${type} = any(${notificationPreferences.inAppOff}))
      ${notYetUnread}
    ), grp as (
      insert into ${notificationGroups} (recipient_id, type, target_key, day, post_id, event_id, report_id)
      select ${recipientId}, ${type}, ${targetKey}, ${utcToday},
        ${notice.postId ?? null}::uuid, ${notice.eventId ?? null}::uuid, ${notice.reportId ?? null}
      from allowed
      on conflict (recipient_id, type, target_key, day) do update set read = false, latest_at = now()
      returning id
    )
    insert into ${notifications} (group_id, type, recipient_id, actor_id, post_id, comment_id, event_id, report_id)
    select grp.id, ${type}, ${recipientId}, ${actorId}, ${notice.postId ?? null}::uuid,
      ${notice.commentId ?? null}::uuid, ${notice.eventId ?? null}::uuid, ${notice.reportId ?? null}
    from grp
    on conflict (group_id, actor_id) do update set created_at = now(), comment_id = excluded.comment_id
    returning 1 as written`)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
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
