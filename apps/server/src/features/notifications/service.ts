/**
 * The caller's notifications: groups newest first (notify.ts maintains them on write), each with
 * its latest three people, the badge (unread groups), mark all read, and the per-type preferences.
 * A page is two queries whatever the number of notices: 21 groups off the
 * (recipient_id, latest_at, id) index with their counts and latest people, then those profiles.
 */
import type {
  NotificationDto,
  NotificationPreferencesDto,
  NotificationPreferenceType,
  Page,
  PushSubscriptionInput,
} from '@glimpse/shared';
import { limits, messages, notificationLimits, notificationPreferenceTypes } from '@glimpse/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import { findAuthors } from '../../core/profiles.ts';
import type { ServiceArgs } from '../../core/service.ts';
import { contentVisibleTo, visibleTo } from '../../core/visibility.ts';
import {
  events,
  follows,
  notificationGroups,
  notificationPreferences,
  notifications,
  posts,
  pushSubscriptions,
} from '../../db/schema.ts';
import { type Cursor, keyset, toPage } from '../../lib/cursor.ts';
import { invalid } from '../../lib/errors.ts';
import { OutboundRefused } from '../../lib/outbound/gate.ts';

const newestFirst = keyset(notificationGroups.latestAt, notificationGroups.id, 'newestFirst');

/**
 * Blocked, muted and suspended accounts never notify: notify() writes nothing from them, and a
 * block, mute or suspension that comes later hides their notices here (a group of no one left
 * disappears; a reminder, which nobody caused, stays).
 */
const visibleNotice = (viewerId: string) =>
  visibleTo(notifications.actorId, viewerId, { muted: true, nullable: true });
/**
 * A group about a post or event the viewer may no longer see (a followers-only post of someone
 * they stopped following) is hidden with it: the notice must not lead to it.
 */
const subjectVisible = (viewerId: string) =>
  sql`(${notificationGroups.postId} is null or exists (select 1 from ${posts} where ${posts.id} = ${notificationGroups.postId} and ${contentVisibleTo(posts.authorId, posts.audience, viewerId)}))
    and (${notificationGroups.eventId} is null or exists (select 1 from ${events} where ${events.id} = ${notificationGroups.eventId} and ${contentVisibleTo(events.hostId, events.audience, viewerId)}))`;
const hasVisibleNotice = (viewerId: string) =>
  sql`${subjectVisible(viewerId)} and exists (select 1 from ${notifications} where ${notifications.groupId} = ${notificationGroups.id} and ${visibleNotice(viewerId)})`;

export type NotificationFilter = 'all' | 'mentions';

export async function listNotifications({
  ctx: { db, storage, actor },
  input: { cursor, filter },
}: ServiceArgs<'db' | 'storage' | 'actor', { cursor: Cursor | null; filter: NotificationFilter }>): Promise<
  Page<NotificationDto>
> {
  const rows = await db
    .select({
      group: notificationGroups,
      eventTitle: events.title,
      actorCount: sql<number>`(select count(*)::int from ${notifications} where ${notifications.groupId} = ${notificationGroups.id} and ${visibleNotice(actor.id)})`,
      latest: sql<{ actorIds: (string | null)[]; commentId: string | null }>`(
        select json_build_object('actorIds', coalesce(json_agg(l.actor_id), '[]'), 'commentId', (array_agg(l.comment_id))[1])
        from (select ${notifications.actorId} as actor_id, ${notifications.commentId} as comment_id from ${notifications}
              where ${notifications.groupId} = ${notificationGroups.id} and ${visibleNotice(actor.id)}
              order by ${notifications.createdAt} desc limit ${notificationLimits.groupAvatars}) l)`,
      followingActor: sql<boolean>`(${notificationGroups.type} = 'new_follower' and exists (select 1 from ${follows} where ${follows.followerId} = ${actor.id} and ${follows.followeeId} = ${notificationGroups.targetKey}))`,
    })
    .from(notificationGroups)
    .leftJoin(events, eq(events.id, notificationGroups.eventId))
    .where(
      and(
        eq(notificationGroups.recipientId, actor.id),
        filter === 'mentions' ? eq(notificationGroups.type, 'mention') : undefined,
        hasVisibleNotice(actor.id),
        newestFirst.after(cursor),
      ),
    )
    .orderBy(...newestFirst.orderBy)
    .limit(limits.pageSize + 1);
  const actorIds = rows.flatMap((row) => row.latest.actorIds.filter((id): id is string => id !== null));
  const authors = await findAuthors(db, storage, actorIds);
  return toPage(
    rows,
    limits.pageSize,
    ({ group, eventTitle, actorCount, latest, followingActor }) => ({
      id: group.id,
      type: group.type,
      actors: latest.actorIds.flatMap((id) => {
        const author = id ? authors.get(id) : undefined;
        return author ? [author] : [];
      }),
      actorCount,
      postId: group.postId,
      eventId: group.eventId,
      eventTitle,
      commentId: latest.commentId,
      read: group.read,
      followingActor: Boolean(followingActor),
      createdAt: group.latestAt.toISOString(),
    }),
    ({ group }) => ({ at: group.latestAt, id: group.id }),
  );
}

/** The badge: unread groups, off the partial index on unread groups. */
export async function unreadCount({
  ctx: { db, actor },
}: ServiceArgs<'db' | 'actor'>): Promise<{ count: number }> {
  const [row] = await db
    .select({ value: count() })
    .from(notificationGroups)
    .where(
      and(
        eq(notificationGroups.recipientId, actor.id),
        eq(notificationGroups.read, false),
        hasVisibleNotice(actor.id),
      ),
    );
  return { count: row?.value ?? 0 };
}

/** Marks only the caller's own notifications; other tabs hear it and clear their badge. */
export async function markAllRead({
  ctx: { db, live, actor },
}: ServiceArgs<'db' | 'live' | 'actor'>): Promise<{ marked: number }> {
  const marked = await db
    .update(notificationGroups)
    .set({ read: true })
    .where(and(eq(notificationGroups.recipientId, actor.id), eq(notificationGroups.read, false)))
    .returning({ id: notificationGroups.id });
  if (marked.length) live.publish({ kind: 'notification', recipientId: actor.id });
  return { marked: marked.length };
}

const flags = (off: readonly string[]) =>
  Object.fromEntries(notificationPreferenceTypes.map((type) => [type, !off.includes(type)])) as Record<
    NotificationPreferenceType,
    boolean
  >;

export async function getPreferences({
  ctx: { db, actor },
  input: { vapidPublicKey },
}: ServiceArgs<'db' | 'actor', { vapidPublicKey: string }>): Promise<NotificationPreferencesDto> {
  const [row] = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, actor.id))
    .limit(1);
  return {
    inApp: flags(row?.inAppOff ?? []),
    push: flags(row?.pushOff ?? []),
    email: emailFlags(row?.emailOff ?? []),
    vapidPublicKey,
  };
}

const emailFlags = (off: readonly string[]) => ({ event_reminder: !off.includes('event_reminder') });

type Changes = Partial<Record<NotificationPreferenceType, boolean | undefined>>;

/** The new "off" list: the old one with the changed flags applied, in a stable order. */
const applyChanges = (off: readonly string[], changes: Changes | undefined) =>
  notificationPreferenceTypes.filter((type) => {
    const on = changes?.[type];
    return on === undefined ? off.includes(type) : !on;
  });

export async function updatePreferences({
  ctx: { db, actor },
  input: { changes, vapidPublicKey },
}: ServiceArgs<
  'db' | 'actor',
  {
    changes: { inApp?: Changes; push?: Changes; email?: { event_reminder?: boolean | undefined } };
    vapidPublicKey: string;
  }
>): Promise<NotificationPreferencesDto> {
  return db.transaction(async (tx) => {
    // Lock the row so two quick toggles from two tabs both land.
    const [row] = await tx
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, actor.id))
      .for('update')
      .limit(1);
    const inAppOff = applyChanges(row?.inAppOff ?? [], changes.inApp);
    const pushOff = applyChanges(row?.pushOff ?? [], changes.push);
    const emailOn = changes.email?.event_reminder ?? !(row?.emailOff ?? []).includes('event_reminder');
    const emailOff = emailOn ? [] : ['event_reminder'];
    await tx
      .insert(notificationPreferences)
      .values({ userId: actor.id, inAppOff, pushOff, emailOff })
      .onConflictDoUpdate({ target: notificationPreferences.userId, set: { inAppOff, pushOff, emailOff } });
    return { inApp: flags(inAppOff), push: flags(pushOff), email: emailFlags(emailOff), vapidPublicKey };
  });
}

/**
 * Saves this browser's subscription for the caller. An endpoint is one browser profile, so a
 * subscription re-sent from another account of the same browser moves to that account. The
 * server will POST to the endpoint: it must pass the outbound gate now (a public push service),
 * and passes it again at every push.
 */
export async function subscribePush({
  ctx: { db, outbound, actor },
  input: { endpoint, keys },
}: ServiceArgs<'db' | 'outbound' | 'actor', PushSubscriptionInput>): Promise<void> {
  try {
    await outbound.check(endpoint);
  } catch (err) {
    if (err instanceof OutboundRefused) {
      const message = messages.notifications.pushServiceRefused;
      throw invalid(message, { endpoint: message });
    }
    throw err;
  }
  const row = { endpoint, userId: actor.id, p256dh: keys.p256dh, auth: keys.auth };
  await db
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: row });
}

/** Forgets the caller's own subscription only. */
export async function unsubscribePush({
  ctx: { db, actor },
  input: { endpoint },
}: ServiceArgs<'db' | 'actor', { endpoint: string }>): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, actor.id)));
}
