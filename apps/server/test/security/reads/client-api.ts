/**
 * The apps' client API (/api/v1, /api/v2) in the audience matrix (security/read-table.ts): each
 * viewer reads it through an app token with the `read` scope (audience-world.ts), and no answer may
 * hold what that viewer may not see. The hidden posts are named by their status ids, as apps name them.
 */
import { inArray } from 'drizzle-orm';
import { timeIdOf } from '../../../src/composers/mastodon-api/ids.ts';
import * as schema from '../../../src/db/schema.ts';
import { secret, secretTag, type World } from '../audience-world.ts';
import type { ReadEntry } from '../read-entry.ts';

/** The status ids of every post of the world (the hidden ones and Alice's public one) and of the comment. */
async function statusIds(w: World): Promise<string[]> {
  const posts = await w.t.db
    .select({ id: schema.posts.id, createdAt: schema.posts.createdAt })
    .from(schema.posts)
    .where(inArray(schema.posts.id, Object.values(w.posts)));
  const comments = await w.t.db
    .select({ id: schema.comments.id, createdAt: schema.comments.createdAt })
    .from(schema.comments)
    .where(inArray(schema.comments.id, [w.commentId]));
  return [
    ...posts.map((post) => timeIdOf('post', post.createdAt, post.id)),
    ...comments.map((comment) => timeIdOf('comment', comment.createdAt, comment.id)),
  ];
}

const ofStatuses = (suffix: string) => async (w: World) =>
  (await statusIds(w)).map((id) => `/api/v1/statuses/${id}${suffix}`);

/** A route that shows no one's posts or events: the matrix still reads it, for what it may carry. */
const showsNoContent = (rule: string, path: string | ((w: World) => string[])): ReadEntry => ({
  rule,
  paths: (w) => (typeof path === 'string' ? [path] : path(w)),
});

const people = (w: World) => [w.alice.id, w.carol.id];

export const clientApiReads: Record<string, ReadEntry> = {
  'GET /api/v1/timelines/home': {
    rule: 'The home timeline is the web home feed: followers-only posts reach approved followers only.',
    paths: () => ['/api/v1/timelines/home', '/api/v1/timelines/home?limit=40'],
    seenBy: ['follower'],
  },
  'GET /api/v1/timelines/public': {
    rule: 'The public timeline shows public posts of public accounts only, to everyone.',
    paths: () => [
      '/api/v1/timelines/public',
      '/api/v1/timelines/public?local=true',
      '/api/v1/timelines/public?only_media=true',
    ],
  },
  'GET /api/v1/timelines/tag/:hashtag': {
    rule: 'A tag timeline shows public posts of public accounts only, as the tag page does.',
    paths: () => [`/api/v1/timelines/tag/${secretTag}`],
  },
  'GET /api/v1/accounts/:id/statuses': {
    rule: "An account's statuses are the posts the viewer may see (none of a private account's to a non-follower).",
    paths: (w) =>
      people(w).flatMap((id) => [
        `/api/v1/accounts/${id}/statuses`,
        `/api/v1/accounts/${id}/statuses?only_media=true`,
      ]),
    seenBy: ['follower'],
  },
  'GET /api/v1/statuses/:id': {
    rule: 'A status opens for its post’s audience only; anyone else gets "Record not found".',
    paths: ofStatuses(''),
    seenBy: ['follower'],
  },
  'GET /api/v1/statuses/:id/context': {
    rule: 'The replies around a status are read only by those who may see its post.',
    paths: ofStatuses('/context'),
    seenBy: ['follower'],
  },
  'GET /api/v1/statuses/:id/history': {
    rule: 'The edits of a status are read only by those who may see its post.',
    paths: ofStatuses('/history'),
  },
  'GET /api/v1/statuses/:id/source': {
    rule: 'The source text of a status is its author’s alone.',
    paths: ofStatuses('/source'),
  },
  'GET /api/v1/statuses/:id/favourited_by': {
    rule: 'Who liked a status is read only by those who may see its post.',
    paths: ofStatuses('/favourited_by'),
  },
  'GET /api/v1/statuses/:id/reblogged_by': {
    rule: 'Who shared a status is read only by those who may see its post.',
    paths: ofStatuses('/reblogged_by'),
  },
  'GET /api/v1/bookmarks': {
    rule: 'Bookmarks lose a post the member may no longer see.',
    paths: () => ['/api/v1/bookmarks'],
  },
  'GET /api/v1/favourites': {
    rule: 'Favourites lose a post the member may no longer see.',
    paths: () => ['/api/v1/favourites'],
    seenBy: ['follower'],
  },
  'GET /api/v1/notifications': {
    rule: 'A mention in a followers-only post notifies only those who may see the post.',
    paths: () => ['/api/v1/notifications', '/api/v1/notifications?types[]=mention'],
    seenBy: ['follower'],
  },
  'GET /api/v1/notifications/:id': {
    rule: 'A notification opens for its recipient only.',
    async paths(w) {
      const rows = await w.t.db
        .select({ id: schema.notifications.id, createdAt: schema.notifications.createdAt })
        .from(schema.notifications);
      return rows.map((row) => `/api/v1/notifications/${timeIdOf('notification', row.createdAt, row.id)}`);
    },
  },
  'GET /api/v2/notifications': {
    rule: 'Grouped notifications carry the statuses their recipient may see only.',
    paths: () => ['/api/v2/notifications'],
    seenBy: ['follower'],
  },
  'GET /api/v2/notifications/:group_key': {
    rule: 'A notification group opens for its recipient only.',
    async paths(w) {
      const rows = await w.t.db.select({ id: schema.notificationGroups.id }).from(schema.notificationGroups);
      return rows.flatMap((row) => [
        `/api/v2/notifications/${row.id}`,
        `/api/v2/notifications/ungrouped-${row.id}`,
      ]);
    },
  },
  'GET /api/v2/search': {
    rule: 'Status search finds public posts of public accounts only; accounts and tags carry no posts.',
    paths: () => [
      `/api/v2/search?q=${secret}`,
      `/api/v2/search?q=${secret}&type=statuses`,
      `/api/v2/search?q=%23${secretTag}&type=hashtags`,
      '/api/v2/search?q=alice&type=accounts',
    ],
  },
  'GET /api/v1/trends/statuses': {
    rule: 'Trending statuses are public posts of public accounts only.',
    paths: () => ['/api/v1/trends/statuses'],
  },
  'GET /api/v1/trends/tags': showsNoContent('Trending tags count public posts only.', '/api/v1/trends/tags'),
  'GET /api/v1/trends': showsNoContent(
    'The older name of trending tags: public posts only.',
    '/api/v1/trends',
  ),
  'GET /api/v1/tags/:name': showsNoContent('A tag’s history counts public posts only.', () => [
    `/api/v1/tags/${secretTag}`,
  ]),
  'GET /api/v1/accounts': showsNoContent('Several accounts are their profile headers.', (w) => [
    `/api/v1/accounts?${people(w)
      .map((id) => `id[]=${id}`)
      .join('&')}`,
  ]),
  'GET /api/v1/accounts/:id': showsNoContent('An account is its profile header.', (w) =>
    people(w).map((id) => `/api/v1/accounts/${id}`),
  ),
  'GET /api/v1/accounts/:id/followers': showsNoContent(
    'Follow lists of a private account are its followers’ only.',
    (w) => people(w).map((id) => `/api/v1/accounts/${id}/followers`),
  ),
  'GET /api/v1/accounts/:id/following': showsNoContent(
    'Follow lists of a private account are its followers’ only.',
    (w) => people(w).map((id) => `/api/v1/accounts/${id}/following`),
  ),
  'GET /api/v1/accounts/:id/featured_tags': showsNoContent('No featured tags yet.', (w) =>
    people(w).map((id) => `/api/v1/accounts/${id}/featured_tags`),
  ),
  'GET /api/v1/accounts/:id/lists': showsNoContent('No lists yet.', (w) =>
    people(w).map((id) => `/api/v1/accounts/${id}/lists`),
  ),
  'GET /api/v1/accounts/verify_credentials': showsNoContent(
    'The member’s own account.',
    '/api/v1/accounts/verify_credentials',
  ),
  'GET /api/v1/accounts/relationships': showsNoContent('Relationships name accounts, never posts.', (w) => [
    `/api/v1/accounts/relationships?id[]=${w.alice.id}&id[]=${w.carol.id}`,
  ]),
  'GET /api/v1/accounts/familiar_followers': showsNoContent('Accounts only.', (w) => [
    `/api/v1/accounts/familiar_followers?id[]=${w.alice.id}`,
  ]),
  'GET /api/v1/accounts/lookup': showsNoContent(
    'An account only.',
    '/api/v1/accounts/lookup?acct=alice_private',
  ),
  'GET /api/v1/accounts/search': showsNoContent('Accounts only.', '/api/v1/accounts/search?q=alice'),
  'GET /api/v1/follow_requests': showsNoContent('Accounts only.', '/api/v1/follow_requests'),
  'GET /api/v1/blocks': showsNoContent('Accounts only.', '/api/v1/blocks'),
  'GET /api/v1/mutes': showsNoContent('Accounts only.', '/api/v1/mutes'),
  'GET /api/v1/suggestions': showsNoContent('Accounts only.', '/api/v1/suggestions'),
  'GET /api/v2/suggestions': showsNoContent('Accounts only.', '/api/v2/suggestions'),
  'GET /api/v1/endorsements': showsNoContent('Accounts only.', '/api/v1/endorsements'),
  'GET /api/v1/instance': showsNoContent('The server’s description.', '/api/v1/instance'),
  'GET /api/v2/instance': showsNoContent('The server’s description.', '/api/v2/instance'),
  'GET /api/v1/instance/rules': showsNoContent('The server’s rules.', '/api/v1/instance/rules'),
  'GET /api/v1/media/:id': showsNoContent(
    'An upload is its uploader’s alone, and none is hidden here.',
    () => [],
  ),
  'GET /api/v1/announcements': showsNoContent(
    'Admins’ announcements showing now, with the member’s own read state: no post.',
    '/api/v1/announcements',
  ),
  'GET /api/v1/markers': showsNoContent(
    'The member’s own places.',
    '/api/v1/markers?timeline[]=home&timeline[]=notifications',
  ),
  'GET /api/v1/notifications/unread_count': showsNoContent('A count.', '/api/v1/notifications/unread_count'),
  'GET /api/v2/notifications/unread_count': showsNoContent('A count.', '/api/v2/notifications/unread_count'),
  'GET /api/v1/push/subscription': showsNoContent(
    'The token’s own subscription.',
    '/api/v1/push/subscription',
  ),
  'GET /api/v1/preferences': showsNoContent('The member’s own settings.', '/api/v1/preferences'),
  'GET /api/v1/followed_tags': showsNoContent('Tags only.', '/api/v1/followed_tags'),
  'GET /api/v1/featured_tags': showsNoContent('Tags only.', '/api/v1/featured_tags'),
  'GET /api/v1/trends/links': showsNoContent('No links.', '/api/v1/trends/links'),
  'GET /api/v1/lists': showsNoContent('No lists yet.', '/api/v1/lists'),
  'GET /api/v1/filters': showsNoContent('The member’s own filters.', '/api/v1/filters'),
  'GET /api/v2/filters': showsNoContent('The member’s own filters.', '/api/v2/filters'),
  'GET /api/v1/custom_emojis': showsNoContent('No custom emojis.', '/api/v1/custom_emojis'),
  'GET /api/v1/conversations': showsNoContent('No direct conversations.', '/api/v1/conversations'),
  'GET /api/v1/scheduled_statuses': showsNoContent('No scheduled statuses.', '/api/v1/scheduled_statuses'),
  'GET /api/v1/domain_blocks': showsNoContent('The member’s own domain blocks.', '/api/v1/domain_blocks'),
  'GET /api/v1/streaming/health': showsNoContent('"OK".', '/api/v1/streaming/health'),
  // The streams stay open: streaming.test.ts proves who receives which post.
  'GET /api/v1/streaming': showsNoContent('Read over a WebSocket: streaming.test.ts.', () => []),
  'GET /api/v1/streaming/user': showsNoContent('Read over a stream: streaming.test.ts.', () => []),
  'GET /api/v1/streaming/user/notification': showsNoContent(
    'Read over a stream: streaming.test.ts.',
    () => [],
  ),
  'GET /api/v1/streaming/public': showsNoContent('Read over a stream: streaming.test.ts.', () => []),
  'GET /api/v1/streaming/public/local': showsNoContent('Read over a stream: streaming.test.ts.', () => []),
  'GET /api/v1/streaming/hashtag': showsNoContent('Read over a stream: streaming.test.ts.', () => []),
};
