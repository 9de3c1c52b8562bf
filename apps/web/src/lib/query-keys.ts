/**
 * Every TanStack Query key of the app, one factory per domain: a query and every invalidation of
 * it import the same factory, so a cache dependency is one grep away (Bluesky's RQKEY). They live
 * here, not in each feature, because writes in one feature refresh another's lists (a follow
 * changes the feed, the events and the follow-back buttons) and features never import each other.
 */
import type { EventWhen } from '@glimpse/shared';

export const authKeys = {
  all: ['auth'] as const,
  me: ['auth', 'me'] as const,
  accounts: ['auth', 'accounts'] as const,
};

export type PostList =
  | { kind: 'explore' }
  | { kind: 'author'; userId: string }
  | { kind: 'saved' }
  | { kind: 'liked' };

export const postKeys = {
  all: ['posts'] as const,
  lists: () => ['posts', 'list'] as const,
  list: (list: PostList) => ['posts', 'list', list] as const,
  detail: (id: string) => ['posts', 'detail', id] as const,
  comments: (id: string) => ['posts', 'comments', id] as const,
  /** Under lists(): a new post or an edit refreshes tag pages with the other lists. */
  tags: () => ['posts', 'list', 'tag'] as const,
  tag: (tag: string) => ['posts', 'list', 'tag', tag] as const,
  /** The hashtags I follow (/settings/followed-tags). */
  followedTags: () => ['posts', 'followed-tags'] as const,
  /** Under lists() too: a new post or an edit refreshes place pages. */
  location: (slug: string) => ['posts', 'list', 'location', slug] as const,
  versions: (id: string) => ['posts', 'versions', id] as const,
};

export const feedKeys = { all: ['feed'] as const };

export type EventList = { kind: 'followed' } | { kind: 'host'; userId: string };

/** All under ['events'], so the live stream refreshes every event screen with one invalidation. */
export const eventKeys = {
  all: ['events'] as const,
  lists: () => ['events', 'list'] as const,
  list: (list: EventList, when: EventWhen) => ['events', 'list', list, when] as const,
  upcomingAll: () => ['events', 'upcoming'] as const,
  upcoming: (limit: number) => ['events', 'upcoming', limit] as const,
  detail: (id: string) => ['events', 'detail', id] as const,
  /** One date of the event (`undefined`: the next one); under `detail(id)`, so patches reach it. */
  detailAt: (id: string, occurrence: number | undefined) =>
    ['events', 'detail', id, occurrence ?? 'next'] as const,
  going: (id: string, occurrence: number) => ['events', 'going', id, occurrence] as const,
  calendarFeed: () => ['events', 'calendar-feed'] as const,
  interested: (id: string) => ['events', 'interested', id] as const,
};

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (filter: 'all' | 'mentions' = 'all') => ['notifications', 'list', filter] as const,
  unreadCount: () => ['notifications', 'unread-count'] as const,
  preferences: () => ['notifications', 'preferences'] as const,
};

/** Requests to follow me: /follow-requests and the link on /notifications. */
export const followRequestKeys = { all: ['follow-requests'] as const };

export const profileKeys = {
  all: ['profiles'] as const,
  detail: (userId: string) => ['profiles', userId] as const,
  byUsername: (username: string) => ['profiles', 'by-username', username.toLowerCase()] as const,
};

export const searchKeys = {
  users: (q: string) => ['search', 'users', q.toLowerCase()] as const,
  tags: (q: string) => ['search', 'tags', q.toLowerCase()] as const,
  posts: (q: string) => ['search', 'posts', q] as const,
  events: (q: string) => ['search', 'events', q] as const,
  places: (q: string) => ['search', 'places', q.toLowerCase()] as const,
  /** The Location field's suggestions (events' places too). */
  placeSuggestions: (q: string) => ['search', 'place-suggestions', q.toLowerCase()] as const,
  trendingTags: ['search', 'trending-tags'] as const,
};

/** Trust and safety: the caller's blocks and muted words, the moderation console. */
export const safetyKeys = {
  all: ['safety'] as const,
  blocked: () => ['safety', 'blocked'] as const,
  mutedWords: () => ['safety', 'muted-words'] as const,
  moderation: () => ['safety', 'moderation'] as const,
  reports: (status: 'open' | 'resolved') => ['safety', 'moderation', 'reports', status] as const,
  openCount: () => ['safety', 'moderation', 'count'] as const,
  audit: () => ['safety', 'moderation', 'audit'] as const,
  team: () => ['safety', 'moderation', 'team'] as const,
  jobs: () => ['safety', 'moderation', 'jobs'] as const,
  federation: () => ['safety', 'federation'] as const,
};

/** /settings/account: the devices signed in to the account and its data export. */
export const accountKeys = {
  all: ['account'] as const,
  sessions: ['account', 'sessions'] as const,
  dataExport: ['account', 'data-export'] as const,
  archiveImport: ['account', 'import'] as const,
  moves: ['account', 'moves'] as const,
};

/** The consent screen's request, and the apps a member authorized (/settings/apps). */
export const oauthKeys = {
  consent: (query: string) => ['oauth', 'consent', query] as const,
  authorizedApps: ['oauth', 'authorized-apps'] as const,
};
