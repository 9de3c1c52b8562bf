/**
 * Notifications (docs.joinmastodon.org/methods/notifications, methods/grouped_notifications): v1
 * lists one notice at a time, v2 the groups Glimpse already makes. Both read the web's own
 * notifications service (features/notifications/service.ts), so the same notices are left out
 * (blocked, muted or suspended people, posts the member may no longer see, types turned off) and
 * the read state is the web's: reading in an app marks them read on the web (markers.ts).
 */
import type { NotificationType } from '@glimpse/shared';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Context } from 'hono';
import { Hono } from 'hono';
import {
  clearNotifications,
  dismissGroup,
  dismissNotice,
  listGroups,
  listNotices,
  type NoticeRow,
  unreadGroupCount,
  unreadNoticeCount,
} from '../../features/notifications/service.ts';
import { notFound } from '../../lib/errors.ts';
import { queryParams } from '../../lib/params.ts';
import { type MastodonEnv, type MemberEnv, needs } from './http.ts';
import { parseTimeId } from './ids.ts';
import { type PageParams, pageEnds, pageParams, setPageLinks } from './paging.ts';
import { serializeAccount } from './serializers/account.ts';
import {
  glimpseTypesFor,
  loadNotificationSubjects,
  type MastodonNotification,
  noticeIdOf,
  serializeGroup,
  serializeNotice,
} from './serializers/notification.ts';

const strings = (value: unknown): string[] | null => {
  if (value === undefined || value === null || value === '') return null;
  return (Array.isArray(value) ? value : [value]).filter((item): item is string => typeof item === 'string');
};

/** The Glimpse types of `types[]` and `exclude_types[]` (Mastodon's names). */
function typesOf(c: Context): NotificationType[] {
  const params = queryParams(c.req.url);
  return glimpseTypesFor(strings(params.types), strings(params.exclude_types) ?? []);
}

/**
 * The time window of a page from `max_id` (older than), `since_id` and `min_id` (newer than; with
 * `min_id` the oldest of them first). Ids carry their time (ids.ts): notices of one member in one
 * millisecond page as one. An id that is not one of ours bounds nothing.
 */
function windowOf(page: PageParams) {
  const timeOf = (id: string | null) => (id ? (parseTimeId(id)?.createdAt ?? null) : null);
  const before = timeOf(page.maxId);
  const after = timeOf(page.minId) ?? timeOf(page.sinceId);
  return {
    oldestFirst: page.minId !== null && timeOf(page.minId) !== null,
    window: (column: AnyPgColumn) =>
      and(before ? lt(column, before) : undefined, after ? gt(column, after) : undefined),
  };
}

/** Reads the page of notices and what they name, and answers them as Mastodon's Notifications. */
async function serializedNotices(
  c: Context<MemberEnv>,
  input: Parameters<typeof listNotices>[0]['input'],
): Promise<{ items: MastodonNotification[]; rows: NoticeRow[]; ends: ReturnType<typeof pageEnds> }> {
  const ctx = c.get('ctx');
  const rows = await listNotices({ ctx, input });
  if (input.oldestFirst) rows.reverse();
  const subjects = await loadNotificationSubjects(ctx, {
    actorIds: rows.map((row) => row.actorId),
    postIds: rows.map((row) => row.postId),
    commentIds: rows.map((row) => row.commentId),
  });
  const { publicUrl } = c.get('deps').env;
  const items = rows.flatMap((row) => serializeNotice(row, subjects, publicUrl) ?? []);
  // The page's ends are the notices read, shown or not, so that paging goes on past a left-out one.
  return { items, rows, ends: pageEnds(rows, noticeIdOf) };
}

/** The member's notice a v1 id names, if it is shown (a 404 otherwise). */
async function noticeById(c: Context<MemberEnv>, id: string) {
  const parsed = parseTimeId(id);
  if (parsed?.kind !== 'notification') throw notFound();
  const at = parsed.createdAt;
  const { items, rows } = await serializedNotices(c, { window: (column) => eq(column, at), limit: 100 });
  const notice = items.find((item) => item.id === id);
  const row = rows.find((candidate) => noticeIdOf(candidate) === id);
  if (!notice || !row) throw notFound();
  return { notice, row };
}

const countLimit = (c: Context, byDefault: number, max: number) => {
  const asked = Number.parseInt(c.req.query('limit') ?? '', 10);
  return Number.isFinite(asked) && asked > 0 ? Math.min(asked, max) : byDefault;
};

export const notificationRoutes = new Hono<MastodonEnv>()
  .get('/v1/notifications', needs('read:notifications'), async (c) => {
    const page = pageParams(c, { byDefault: 40, max: 80 });
    const { window, oldestFirst } = windowOf(page);
    const accountId = c.req.query('account_id') || undefined;
    const { items, ends } = await serializedNotices(c, {
      types: typesOf(c),
      actorId: accountId,
      window,
      oldestFirst,
      limit: page.limit,
    });
    setPageLinks(c, c.get('deps').env.publicUrl, ends);
    return c.json(items);
  })
  .get('/v1/notifications/unread_count', needs('read:notifications'), async (c) => {
    const count = await unreadNoticeCount({
      ctx: c.get('ctx'),
      input: { types: typesOf(c), limit: countLimit(c, 100, 1000) },
    });
    return c.json({ count });
  })
  .get('/v1/notifications/:id', needs('read:notifications'), async (c) =>
    c.json((await noticeById(c, c.req.param('id'))).notice),
  )
  .post('/v1/notifications/clear', needs('write:notifications'), async (c) => {
    await clearNotifications({ ctx: c.get('ctx') });
    return c.json({});
  })
  .post('/v1/notifications/:id/dismiss', needs('write:notifications'), async (c) => {
    const { row } = await noticeById(c, c.req.param('id'));
    if (!(await dismissNotice({ ctx: c.get('ctx'), input: { noticeId: row.id } }))) throw notFound();
    return c.json({});
  })
  .get('/v2/notifications', needs('read:notifications'), async (c) => {
    const page = pageParams(c, { byDefault: 40, max: 80 });
    const { window, oldestFirst } = windowOf(page);
    return c.json(await groupedAnswer(c, { types: typesOf(c), window, oldestFirst, limit: page.limit }));
  })
  .get('/v2/notifications/unread_count', needs('read:notifications'), async (c) => {
    const count = await unreadGroupCount({
      ctx: c.get('ctx'),
      input: { types: typesOf(c), limit: countLimit(c, 100, 1000) },
    });
    return c.json({ count });
  })
  .get('/v2/notifications/:group_key', needs('read:notifications'), async (c) => {
    const answer = await groupedAnswer(c, { groupId: groupIdOf(c.req.param('group_key')), limit: 1 });
    const [group] = answer.notification_groups;
    if (!group) throw notFound();
    return c.json({ ...answer, notification_groups: [group] });
  })
  .post('/v2/notifications/:group_key/dismiss', needs('write:notifications'), async (c) => {
    const groupId = groupIdOf(c.req.param('group_key'));
    if (!(await dismissGroup({ ctx: c.get('ctx'), input: { groupId } }))) throw notFound();
    return c.json({});
  });

/** A group key is the group's id; anything else names no group (a 404, not a database error). */
const groupIdOf = (key: string) => {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(key)) throw notFound();
  return key;
};

/** v2's answer: the groups, and each account and status they name once. */
async function groupedAnswer(c: Context<MemberEnv>, input: Parameters<typeof listGroups>[0]['input']) {
  const ctx = c.get('ctx');
  const rows = await listGroups({ ctx, input });
  if (input.oldestFirst) rows.reverse();
  const subjects = await loadNotificationSubjects(ctx, {
    actorIds: rows.flatMap((row) => row.latest.map((notice) => notice.actorId)),
    postIds: rows.map((row) => row.postId),
    commentIds: rows.map((row) => row.latest[0]?.commentId ?? null),
  });
  const { publicUrl } = c.get('deps').env;
  const shown = rows.flatMap((row) => serializeGroup(row, subjects, publicUrl) ?? []);
  const accountIds = new Set(shown.flatMap(({ group }) => group.sample_account_ids));
  const statuses = new Map(shown.flatMap(({ status }) => (status ? [[status.id, status] as const] : [])));
  setPageLinks(
    c,
    publicUrl,
    pageEnds(rows, (row) => noticeIdOf({ id: row.latest[0]?.id ?? row.id, createdAt: row.latestAt })),
  );
  return {
    accounts: [...accountIds].flatMap((id) => {
      const account = subjects.accounts.get(id);
      return account ? [serializeAccount(account, publicUrl)] : [];
    }),
    statuses: [...statuses.values()],
    notification_groups: shown.map(({ group }) => group),
  };
}
