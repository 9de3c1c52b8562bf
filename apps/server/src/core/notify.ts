/**
 * The one way any feature writes (or takes back) a notice. Callers pass their transaction, so the
 * notice commits or rolls back with the action that caused it, and publish
 * `{ kind: 'notification', recipientId }` on `live` after the commit when this returns true. An
 * action that is a single statement (a like) puts the same writes in it as steps instead
 * (`noticeWrites`, `noticeRetractions`, core/cte.ts).
 *
 * Grouping is maintained here, on write: a notice joins the recipient's group for its type and
 * target (the post, the event, the report, or the follower) on the current UTC day, created on the
 * first notice by an upsert on that key, so concurrent likes never split a group. A group holds one
 * row per person; a second comment from them moves their row to now. Writing the group queues the
 * recipient's web push in the same statement (`pushGroupJob`).
 */
import type { NotificationType } from '@glimpse/shared';
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  notificationGroups,
  notificationPreferences,
  notifications,
  pushSubscriptions,
  user,
} from '../db/schema.ts';
import { addJobForRowSql, declareJob } from '../jobs/task.ts';
import { type Cte, cte, withSteps } from './cte.ts';
import { visibleTo } from './visibility.ts';

/** A group's web push to its recipient's devices (features/notifications/push.ts sends it). */
export const pushGroupJob = declareJob<{ groupId: string }>({
  name: 'push_group',
  // About half an hour of tries: a group older than an hour is not pushed any more anyway.
  maxAttempts: 8,
});

/**
 * The push of a group just written (new, or newer and unread again), for a recipient with a push
 * subscription: one waiting job per group (its key), whose time a burst of notices keeps, so a
 * burst of likes is one push; the job itself keeps one group's pushes a minute apart. Taking a
 * notice back (the group's time moving back) and reading queue nothing.
 */
const groupPush = addJobForRowSql(
  sql`exists (select 1 from ${pushSubscriptions} where ${pushSubscriptions.userId} = ${notificationGroups.recipientId})`,
  pushGroupJob,
  { groupId: notificationGroups.id },
  { jobKey: sql`'push:' || ${notificationGroups.id}`, preserveRunAt: true },
);

/** A value of a notice: a string sent as a parameter, or SQL (a subquery) or a placeholder. */
type Value = string | SQL | Placeholder;

export interface NotificationSubject<V extends Value = string> {
  postId?: V;
  commentId?: V;
  eventId?: V;
  reportId?: V;
}

export interface NewNotification<V extends Value = string> extends NotificationSubject<V> {
  type: NotificationType;
  recipientId: V;
  /** The person whose action this is; null when nobody acted (a reminder, a reviewed report). */
  actorId: V | null;
}

/** What a group is about; new followers group by the follower, so each keeps its Follow back. */
export const targetKeyOf = <V extends Value>(notice: NewNotification<V>): V | '' =>
  notice.postId ?? notice.eventId ?? notice.reportId ?? notice.actorId ?? '';

const utcToday = sql`(now() at time zone 'UTC')::date`;

export interface NoticeOptions {
  /** Not again while the recipient has not read the group it would join (any day's): a follow. */
  onceWhileUnread?: boolean;
  /** Only when this holds: for a statement that writes the notice with the action causing it. */
  when?: SQL;
}

/** Steps of a statement that tell (or stop telling) someone, and the one whose rows say it happened. */
export interface NoticeSteps {
  steps: readonly Cte[];
  /** A row per notice written (or taken back): `exists (select 1 from ${outcome})`. */
  outcome: Cte;
}

/**
 * The writes of `notify` as steps of a statement (core/cte.ts), so that an action and its notice
 * can be one statement (a like: posts/queries.ts). The checks gate the group's upsert, and the
 * person's row joins the group that upsert returns.
 */
export function noticeWrites(notice: NewNotification<Value>, options: NoticeOptions = {}): NoticeSteps {
  const { recipientId, actorId, type } = notice;
  const targetKey = targetKeyOf(notice);
  const notYetUnread = options.onceWhileUnread
    ? sql`and not exists (select 1 from ${notificationGroups}
        where ${notificationGroups.recipientId} = ${recipientId} and ${notificationGroups.type} = ${type}
          and ${notificationGroups.targetKey} = ${targetKey} and not ${notificationGroups.read})`
    : sql``;
  const actorVisible =
    actorId === null
      ? sql`true`
      : sql`${actorId} <> ${recipientId} and exists (select 1 from ${user} where ${user.id} = ${actorId} and ${visibleTo(user.id, recipientId, { muted: true })})`;
  const allowed = cte(
    'notice_allowed',
    sql`select 1 where ${options.when ?? sql`true`} and ${actorVisible} and not exists (
        select 1 from ${notificationPreferences}
        where ${notificationPreferences.userId} = ${recipientId}
          and ${type} = any(${notificationPreferences.inAppOff}))
      ${notYetUnread}`,
  );
  const group = cte(
    'notice_group',
    sql`insert into ${notificationGroups} (recipient_id, type, target_key, day, post_id, event_id, report_id)
      select ${recipientId}, ${type}, ${targetKey}, ${utcToday},
        ${notice.postId ?? null}::uuid, ${notice.eventId ?? null}::uuid, ${notice.reportId ?? null}
      from ${allowed}
      on conflict (recipient_id, type, target_key, day) do update set read = false, latest_at = now()
      returning id, ${groupPush}`,
  );
  const written = cte(
    'notice_written',
    sql`insert into ${notifications} (group_id, type, recipient_id, actor_id, post_id, comment_id, event_id, report_id)
      select ${group}.id, ${type}, ${recipientId}, ${actorId}, ${notice.postId ?? null}::uuid,
        ${notice.commentId ?? null}::uuid, ${notice.eventId ?? null}::uuid, ${notice.reportId ?? null}
      from ${group}
      on conflict (group_id, actor_id) do update set created_at = now(), comment_id = excluded.comment_id
      returning 1`,
  );
  return { steps: [allowed, group, written], outcome: written };
}

/**
 * Writes the notice unless the actor would be told about their own action, the recipient cannot
 * see the actor (blocked, muted, suspended: core/visibility.ts) or turned the type off;
 * true when written. One statement, so a comment or a follow pays one round trip for its notice.
 */
export async function notify(
  tx: Db,
  notice: NewNotification,
  options: Pick<NoticeOptions, 'onceWhileUnread'> = {},
): Promise<boolean> {
  if (notice.actorId === notice.recipientId) return false;
  const { steps, outcome } = noticeWrites(notice, options);
  const result = (await tx.execute(withSteps(steps, sql`select 1 from ${outcome}`))) as unknown as {
    rows: unknown[];
  };
  return result.rows.length > 0;
}

export interface RetractedNotification<V extends Value = string>
  extends Pick<NewNotification<V>, 'type' | 'recipientId'> {
  actorId: V;
  postId?: V;
  eventId?: V;
}

/**
 * The writes of `retract` as steps of a statement (core/cte.ts): the notices taken back (the
 * outcome, a row each), then the groups nobody is left in removed and the others' time set to their
 * newest remaining notice. The steps see the tables as they were before the statement, so
 * "remaining" leaves out what the first step removes.
 */
export function noticeRetractions(
  notice: RetractedNotification<Value>,
  options: { when?: SQL } = {},
): NoticeSteps {
  const retracted = cte(
    'retracted',
    sql`delete from ${notifications}
      where ${options.when ?? sql`true`} and ${notifications.actorId} = ${notice.actorId}
        and ${notifications.type} = ${notice.type} and ${notifications.recipientId} = ${notice.recipientId}
        ${notice.postId ? sql`and ${notifications.postId} = ${notice.postId}` : sql``}
        ${notice.eventId ? sql`and ${notifications.eventId} = ${notice.eventId}` : sql``}
      returning ${notifications.id}, ${notifications.groupId}`,
  );
  const remaining = sql`${notifications.groupId} = ${notificationGroups.id} and ${notifications.id} not in (select id from ${retracted})`;
  const emptied = cte(
    'retracted_emptied',
    sql`delete from ${notificationGroups}
      where ${notificationGroups.id} in (select group_id from ${retracted})
        and not exists (select 1 from ${notifications} where ${remaining})`,
  );
  const latest = cte(
    'retracted_latest',
    sql`update ${notificationGroups}
      set latest_at = (select max(${notifications.createdAt}) from ${notifications} where ${remaining})
      where ${notificationGroups.id} in (select group_id from ${retracted})
        and exists (select 1 from ${notifications} where ${remaining})`,
  );
  return { steps: [retracted, emptied, latest], outcome: retracted };
}

/**
 * Takes a notice back (an unlike, an un-Interested): removes the person from the group, and the
 * group when nobody is left; true when anything was removed. One statement.
 */
export async function retract(tx: Db, notice: RetractedNotification): Promise<boolean> {
  const { steps, outcome } = noticeRetractions(notice);
  const result = (await tx.execute(withSteps(steps, sql`select 1 from ${outcome}`))) as unknown as {
    rows: unknown[];
  };
  return result.rows.length > 0;
}

/** For toggles (Interested): a new row notifies, a removed row takes the notice back. */
export function noticeForStep(tx: Db, step: -1 | 0 | 1, notice: NewNotification & { actorId: string }) {
  if (step === 1) return notify(tx, notice);
  if (step === -1) return retract(tx, notice);
  return Promise.resolve(false);
}
