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
  NotificationType,
  Page,
  PushSubscriptionInput,
} from '@glimpse/shared';
import { limits, messages, notificationLimits, notificationPreferenceTypes } from '@glimpse/shared';
import { and, asc, count, desc, eq, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { findAuthors } from '../../core/profiles.ts';
import { type ServiceArgs, type ServiceContext, withTransaction } from '../../core/service.ts';
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
import type { Sealed } from '../../lib/sealed.ts';

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

/** A push service the server may POST to: it must pass the outbound gate (a public address). */
async function checkPushService(outbound: ServiceContext['outbound'], endpoint: string) {
  try {
    await outbound.check(endpoint);
  } catch (err) {
    if (err instanceof OutboundRefused) {
      const message = messages.notifications.pushServiceRefused;
      throw invalid(message, { endpoint: message });
    }
    throw err;
  }
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
  await checkPushService(outbound, endpoint);
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

// ── One notice at a time, for apps (composers/mastodon-api): the same visibility rule as the list ──

/** One notice: what a group collects, one per person (Mastodon's v1 lists these, not groups). */
export interface NoticeRow {
  id: string;
  groupId: string;
  type: NotificationType;
  actorId: string | null;
  postId: string | null;
  commentId: string | null;
  eventId: string | null;
  reportId: string | null;
  createdAt: Date;
  /** Its group's read flag: the web's read state, which apps share. */
  read: boolean;
}

/**
 * Which notices: `types` (none: every type), one person's (`actorId`), and a window on
 * `created_at` built by the caller from the ids it pages with.
 */
export interface NoticeQuery {
  types?: readonly NotificationType[];
  actorId?: string;
  window?: (createdAt: AnyPgColumn) => SQL | undefined;
  /** Oldest first: the page just newer than a point (`min_id`), read back to front by the caller. */
  oldestFirst?: boolean;
  limit: number;
}

const noticeColumns = {
  id: notifications.id,
  groupId: notifications.groupId,
  type: notifications.type,
  actorId: notifications.actorId,
  postId: notifications.postId,
  commentId: notifications.commentId,
  eventId: notifications.eventId,
  reportId: notifications.reportId,
  createdAt: notifications.createdAt,
  read: notificationGroups.read,
};

/** The caller's notices the web would show them, in the groups it would list. */
const noticesOf = (viewerId: string, query: Omit<NoticeQuery, 'limit' | 'oldestFirst'>) =>
  and(
    eq(notifications.recipientId, viewerId),
    visibleNotice(viewerId),
    subjectVisible(viewerId),
    query.types
      ? query.types.length
        ? inArray(notifications.type, [...query.types])
        : sql`false`
      : undefined,
    query.actorId ? eq(notifications.actorId, query.actorId) : undefined,
    query.window?.(notifications.createdAt),
  );

export async function listNotices({
  ctx: { db, actor },
  input,
}: ServiceArgs<'db' | 'actor', NoticeQuery>): Promise<NoticeRow[]> {
  const order = input.oldestFirst
    ? [asc(notifications.createdAt), asc(notifications.id)]
    : [desc(notifications.createdAt), desc(notifications.id)];
  return db
    .select(noticeColumns)
    .from(notifications)
    .innerJoin(notificationGroups, eq(notificationGroups.id, notifications.groupId))
    .where(noticesOf(actor.id, input))
    .orderBy(...order)
    .limit(input.limit);
}

/** Unread notices (in unread groups) of `types`, up to `limit` (Mastodon caps its count). */
export async function unreadNoticeCount({
  ctx: { db, actor },
  input: { types, limit },
}: ServiceArgs<'db' | 'actor', { types: readonly NotificationType[]; limit: number }>): Promise<number> {
  const unread = db
    .select({ id: notifications.id })
    .from(notifications)
    .innerJoin(notificationGroups, eq(notificationGroups.id, notifications.groupId))
    .where(and(noticesOf(actor.id, { types }), eq(notificationGroups.read, false)))
    .limit(limit)
    .as('unread');
  const [row] = await db.select({ value: count() }).from(unread);
  return row?.value ?? 0;
}

/** Forgets one of the caller's notices (dismiss); its group goes with its last notice. */
export async function dismissNotice({
  ctx: { db, live, actor },
  input: { noticeId },
}: ServiceArgs<'db' | 'live' | 'actor', { noticeId: string }>): Promise<boolean> {
  const removed = await withTransaction(db, async (tx) => {
    const [notice] = await tx
      .delete(notifications)
      .where(and(eq(notifications.id, noticeId), eq(notifications.recipientId, actor.id)))
      .returning({ groupId: notifications.groupId });
    if (!notice) return false;
    await tx.execute(sql`
      delete from ${notificationGroups} where ${notificationGroups.id} = ${notice.groupId}
        and not exists (select 1 from ${notifications} where ${notifications.groupId} = ${notice.groupId})`);
    await tx.execute(sql`
      update ${notificationGroups} set latest_at = (select max(${notifications.createdAt}) from ${notifications} where ${notifications.groupId} = ${notice.groupId})
      where ${notificationGroups.id} = ${notice.groupId}`);
    return true;
  });
  if (removed) live.publish({ kind: 'notification', recipientId: actor.id });
  return removed;
}

/** Forgets one of the caller's groups and its notices (v2 dismiss). */
export async function dismissGroup({
  ctx: { db, live, actor },
  input: { groupId },
}: ServiceArgs<'db' | 'live' | 'actor', { groupId: string }>): Promise<boolean> {
  const removed = await db
    .delete(notificationGroups)
    .where(and(eq(notificationGroups.id, groupId), eq(notificationGroups.recipientId, actor.id)))
    .returning({ id: notificationGroups.id });
  if (removed.length) live.publish({ kind: 'notification', recipientId: actor.id });
  return removed.length > 0;
}

/** Forgets all of the caller's notices (clear). */
export async function clearNotifications({
  ctx: { db, live, actor },
}: ServiceArgs<'db' | 'live' | 'actor'>): Promise<void> {
  const removed = await db
    .delete(notificationGroups)
    .where(eq(notificationGroups.recipientId, actor.id))
    .returning({ id: notificationGroups.id });
  if (removed.length) live.publish({ kind: 'notification', recipientId: actor.id });
}

/** The caller's groups as the list shows them, with `types`, paged by a window on `latest_at`. */
export interface GroupQuery {
  types?: readonly NotificationType[];
  groupId?: string;
  window?: (latestAt: AnyPgColumn) => SQL | undefined;
  oldestFirst?: boolean;
  limit: number;
}

export interface GroupRow {
  id: string;
  type: NotificationType;
  postId: string | null;
  eventId: string | null;
  read: boolean;
  latestAt: Date;
  /** Visible notices in it. */
  noticeCount: number;
  /** Its newest visible notices, newest first (at most `notificationLimits.groupAvatars`). */
  latest: { id: string; actorId: string | null; commentId: string | null; createdAt: string }[];
}

export async function listGroups({
  ctx: { db, actor },
  input,
}: ServiceArgs<'db' | 'actor', GroupQuery>): Promise<GroupRow[]> {
  const order = input.oldestFirst
    ? [asc(notificationGroups.latestAt), asc(notificationGroups.id)]
    : [desc(notificationGroups.latestAt), desc(notificationGroups.id)];
  const rows = await db
    .select({
      group: notificationGroups,
      noticeCount: sql<number>`(select count(*)::int from ${notifications} where ${notifications.groupId} = ${notificationGroups.id} and ${visibleNotice(actor.id)})`,
      latest: sql<GroupRow['latest']>`(
        select coalesce(json_agg(json_build_object('id', l.id, 'actorId', l.actor_id, 'commentId', l.comment_id, 'createdAt', l.created_at)), '[]')
        from (select ${notifications.id} as id, ${notifications.actorId} as actor_id, ${notifications.commentId} as comment_id, ${notifications.createdAt} as created_at
              from ${notifications}
              where ${notifications.groupId} = ${notificationGroups.id} and ${visibleNotice(actor.id)}
              order by ${notifications.createdAt} desc limit ${notificationLimits.groupAvatars}) l)`,
    })
    .from(notificationGroups)
    // A join makes Drizzle name the group's columns in the correlated subqueries above: alone in
    // the FROM, it would write a bare "id", which inside them means the notice's.
    .leftJoin(events, eq(events.id, notificationGroups.eventId))
    .where(
      and(
        eq(notificationGroups.recipientId, actor.id),
        hasVisibleNotice(actor.id),
        input.types
          ? input.types.length
            ? inArray(notificationGroups.type, [...input.types])
            : sql`false`
          : undefined,
        input.groupId ? eq(notificationGroups.id, input.groupId) : undefined,
        input.window?.(notificationGroups.latestAt),
      ),
    )
    .orderBy(...order)
    .limit(input.limit);
  return rows.map(({ group, noticeCount, latest }) => ({
    id: group.id,
    type: group.type,
    postId: group.postId,
    eventId: group.eventId,
    read: group.read,
    latestAt: group.latestAt,
    noticeCount,
    latest,
  }));
}

/**
 * Marks the caller's groups read whose newest notice came at or before `upTo` (an app's read
 * marker): the same read flag the web's "mark all read" sets, so both show one state.
 */
export async function markReadUpTo({
  ctx: { db, live, actor },
  input: { upTo },
}: ServiceArgs<'db' | 'live' | 'actor', { upTo: Date }>): Promise<{ marked: number }> {
  const marked = await db
    .update(notificationGroups)
    .set({ read: true })
    .where(
      and(
        eq(notificationGroups.recipientId, actor.id),
        eq(notificationGroups.read, false),
        lte(notificationGroups.latestAt, upTo),
      ),
    )
    .returning({ id: notificationGroups.id });
  if (marked.length) live.publish({ kind: 'notification', recipientId: actor.id });
  return { marked: marked.length };
}

/**
 * Where the caller has read up to, as the web's read flags say: the newest notice of their read
 * groups that is older than every unread group's notices (null when nothing is read).
 */
export async function readUpTo({
  ctx: { db, actor },
}: ServiceArgs<'db' | 'actor'>): Promise<{ id: string; createdAt: Date } | null> {
  const [row] = await db
    .select({ id: notifications.id, createdAt: notifications.createdAt })
    .from(notifications)
    .innerJoin(notificationGroups, eq(notificationGroups.id, notifications.groupId))
    .where(
      and(
        eq(notifications.recipientId, actor.id),
        eq(notificationGroups.read, true),
        sql`${notifications.createdAt} < coalesce((select min(n.created_at) from ${notifications} n
          join ${notificationGroups} g on g.id = n.group_id
          where g.recipient_id = ${actor.id} and not g.read), 'infinity'::timestamptz)`,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(1);
  return row ?? null;
}

/** Unread groups of `types`, up to `limit`: the badge, for the types an app is shown. */
export async function unreadGroupCount({
  ctx: { db, actor },
  input: { types, limit },
}: ServiceArgs<'db' | 'actor', { types: readonly NotificationType[]; limit: number }>): Promise<number> {
  if (types.length === 0) return 0;
  const unread = db
    .select({ id: notificationGroups.id })
    .from(notificationGroups)
    .where(
      and(
        eq(notificationGroups.recipientId, actor.id),
        eq(notificationGroups.read, false),
        inArray(notificationGroups.type, [...types]),
        hasVisibleNotice(actor.id),
      ),
    )
    .limit(limit)
    .as('unread');
  const [row] = await db.select({ value: count() }).from(unread);
  return row?.value ?? 0;
}

// ── Apps' push subscriptions (the client API's /api/v1/push/subscription): one per app token ──

export type AppPushPolicy = 'all' | 'followed' | 'follower' | 'none';

export interface AppPushInput {
  /** The token the subscription belongs to: it ends with it. */
  tokenId: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  alerts: Record<string, boolean>;
  policy: AppPushPolicy;
  encoding: 'aes128gcm' | 'aesgcm';
  /** The token itself, sealed: Mastodon's payload names it (composers/mastodon-api/push-delivery.ts). */
  sealedAccessToken: Sealed;
}

export type AppPushRow = typeof pushSubscriptions.$inferSelect;

/**
 * Saves (or replaces) the subscription of the caller's app token. The endpoint passes the same
 * outbound gate as the web's; an endpoint saved before (another token's, or a browser's) moves here,
 * as the web's subscriptions move between accounts of one browser.
 */
export async function subscribeAppPush({
  ctx: { db, outbound, actor },
  input,
}: ServiceArgs<'db' | 'outbound' | 'actor', AppPushInput>): Promise<AppPushRow> {
  await checkPushService(outbound, input.endpoint);
  const row = {
    endpoint: input.endpoint,
    userId: actor.id,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    oauthTokenId: input.tokenId,
    alerts: input.alerts,
    policy: input.policy,
    encoding: input.encoding,
    sealedAccessToken: input.sealedAccessToken,
  };
  return withTransaction(db, async (tx) => {
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.oauthTokenId, input.tokenId));
    const [saved] = await tx
      .insert(pushSubscriptions)
      .values(row)
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...row, createdAt: sql`now()` } })
      .returning();
    return saved!;
  });
}

const ofToken = (userId: string, tokenId: string) =>
  and(eq(pushSubscriptions.oauthTokenId, tokenId), eq(pushSubscriptions.userId, userId));

export async function appPushSubscription({
  ctx: { db, actor },
  input: { tokenId },
}: ServiceArgs<'db' | 'actor', { tokenId: string }>): Promise<AppPushRow | null> {
  const [row] = await db.select().from(pushSubscriptions).where(ofToken(actor.id, tokenId));
  return row ?? null;
}

/** Changes the alerts and policy of the token's subscription; null when it has none. */
export async function updateAppPush({
  ctx: { db, actor },
  input: { tokenId, alerts, policy },
}: ServiceArgs<
  'db' | 'actor',
  { tokenId: string; alerts?: Record<string, boolean>; policy?: AppPushPolicy }
>): Promise<AppPushRow | null> {
  if (!alerts && !policy) return appPushSubscription({ ctx: { db, actor }, input: { tokenId } });
  const [row] = await db
    .update(pushSubscriptions)
    .set({ ...(alerts ? { alerts } : {}), ...(policy ? { policy } : {}) })
    .where(ofToken(actor.id, tokenId))
    .returning();
  return row ?? null;
}

export async function unsubscribeAppPush({
  ctx: { db, actor },
  input: { tokenId },
}: ServiceArgs<'db' | 'actor', { tokenId: string }>): Promise<void> {
  await db.delete(pushSubscriptions).where(ofToken(actor.id, tokenId));
}
