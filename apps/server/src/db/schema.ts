/**
 * The whole relational data model (DESIGN.md §5). Lists of the original document store
 * (likes_by_user, followers, eventInterestedUsers…) are join tables with composite primary keys,
 * so toggles are idempotent and concurrent taps never lose or double a row. Display strings of
 * the spec (date, Hours, postTime…) are derived on the client from one timestamptz.
 * docs/data-model.md maps every SPEC.md §3 field to its column here.
 *
 * Newest-first indexes are declared ascending on purpose: `ORDER BY created_at DESC, id DESC`
 * (NULLS FIRST by default) is served by scanning them backwards, while a `DESC NULLS LAST`
 * index would not match that order.
 */

import { notificationTypes, reportTargetTypes, roles } from '@glimpse/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// Millisecond precision, like a JS Date: keyset cursors round-trip exactly (microseconds would not).
const createdAt = () => timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, precision: 3 })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

// ── better-auth tables (field names are better-auth's; column names are ours) ──────────────

export const user = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** better-auth's two-factor plugin (issue 14): sign-in asks for a code when true. */
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    // better-auth's admin plugin (roles, bans); features/safety owns what they mean.
    /** member | moderator | admin (features/safety/roles.ts). */
    role: text('role', { enum: roles }).notNull().default('member'),
    /** A suspended account: it cannot sign in, and its content is hidden (features/safety/visibility.ts). */
    banned: boolean('banned').notNull().default(false),
    banReason: text('ban_reason'),
    banExpires: timestamp('ban_expires', { withTimezone: true }),
    /** When the account accepted the terms at sign-up, and which version (packages/shared legal). */
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true, precision: 3 }),
    termsVersion: text('terms_version'),
  },
  (t) => [
    // The visibility helper reads "every suspended account" on each list: few rows, one small index.
    index('user_banned_idx').on(t.id).where(sql`${t.banned}`),
  ],
);

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    /** better-auth's admin plugin field; impersonation is not offered, so it stays null. */
    impersonatedBy: text('impersonated_by'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
  },
  (t) => [index('session_user_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('account_user_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

/** better-auth's rate-limit counters, kept in the database so every instance shares them. */
export const rateLimit = pgTable('rate_limit', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/**
 * Glimpse's own write rate limits (lib/rate-limit.ts): one fixed window per `rule:subject` key,
 * moved by one atomic upsert, so several server instances share them. Not better-auth's
 * `rate_limit` table: better-auth prunes rows idle longer than its own longest window (30 min),
 * which would silently reset a 24-hour follow window. The sign-in slowdown (auth/sign-in-slowdown.ts)
 * keeps `sign-in-failures:…` rows here, where `window_start` is the last failure.
 */
export const rateLimitWindows = pgTable('rate_limit_windows', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true, precision: 3 }).notNull(),
  count: integer('count').notNull(),
});

// ── Glimpse ────────────────────────────────────────────────────────────────────────────────

/** One stored upload, in several widths (srcset) with a thumbhash placeholder. */
export const images = pgTable(
  'images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['post', 'event', 'profile', 'background'] }).notNull(),
    /** Storage key of each width, largest last: `images/1732000000000-ab12cd-1280.webp`. */
    keys: text('keys').array().notNull(),
    widths: integer('widths').array().notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    placeholder: text('placeholder').notNull(),
    /**
     * The upload exactly as sent, for its owner's data export only: never in a DTO, and /media
     * refuses its folder (`originals/`). Null for uploads from before it was kept.
     */
    originalKey: text('original_key'),
    /**
     * AVIF twins of `keys`, same widths and order (`…-1280.avif`), encoded from the original by
     * the background job of features/images/avif.ts after the upload has been answered. Null
     * until that job has run; empty when there is nothing to encode from (no original kept).
     */
    avifKeys: text('avif_keys').array(),
    /** A JPEG of a post photo for other servers (features/federation/media.ts), made on first delivery. */
    jpegKey: text('jpeg_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('images_owner_idx').on(t.ownerId, t.createdAt),
    // The hourly AVIF sweep's work list: small once the backlog is done, so it stays cheap.
    index('images_avif_missing_idx')
      .on(t.createdAt)
      .where(sql`${t.avifKeys} is null and ${t.originalKey} is not null`),
  ],
);

export const profiles = pgTable(
  'profiles',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    username: text('username').notNull(),
    website: text('website').notNull().default(''),
    bio: text('bio').notNull().default(''),
    profileImageId: uuid('profile_image_id').references(() => images.id, { onDelete: 'set null' }),
    backgroundImageId: uuid('background_image_id').references(() => images.id, { onDelete: 'set null' }),
    isAdminUser: boolean('is_admin_user').notNull().default(false),
    isVerified: boolean('is_verified').notNull().default(false),
    /** Kept by the follow service in the same transaction as the follows row. */
    followerCount: integer('follower_count').notNull().default(0),
    followingCount: integer('following_count').notNull().default(0),
    /** The member's choice to see sensitive posts without the blur (issue 15). */
    showSensitiveMedia: boolean('show_sensitive_media').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('profiles_username_lower_uq').on(sql`lower(${t.username})`),
    // Search matches prefixes of first or last name, case-insensitively (SPEC.md §2).
    index('profiles_first_name_prefix_idx').on(sql`lower(${t.firstName}) text_pattern_ops`),
    index('profiles_last_name_prefix_idx').on(sql`lower(${t.lastName}) text_pattern_ops`),
  ],
);

export const follows = pgTable(
  'follows',
  {
    followerId: text('follower_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    followeeId: text('followee_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followeeId] }),
    index('follows_followee_idx').on(t.followeeId, t.createdAt),
    check('follows_not_self', sql`${t.followerId} <> ${t.followeeId}`),
  ],
);

export const posts = pgTable(
  'posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authorId: text('author_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    caption: text('caption').notNull(),
    /** Blurred behind a Show button for viewers who did not choose to always see such media. */
    sensitive: boolean('sensitive').notNull().default(false),
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    createdAt: createdAt(),
    /** The last edit of the caption, alt texts or sensitive flag; earlier versions in post_versions. */
    editedAt: timestamp('edited_at', { withTimezone: true, precision: 3 }),
    /**
     * The photos as every list shows them, a copy kept by the database itself: post_images in
     * position order, each with its alt text and its image's DTO columns, as `post_photos_json`
     * (migration 0010) builds them. Triggers on post_images and images rewrite it in the same
     * statement as any change to them, so a page of posts reads one column per post instead of
     * joining two tables for each.
     */
    photos: json('photos').notNull().default(sql`'[]'::json`),
  },
  (t) => [
    index('posts_created_idx').on(t.createdAt, t.id),
    index('posts_author_created_idx').on(t.authorId, t.createdAt, t.id),
  ],
);

/** A post's photos in the order shown (position 0 is the one grids show), each with its alt text. */
export const postImages = pgTable(
  'post_images',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    imageId: uuid('image_id')
      .notNull()
      .references(() => images.id),
    altText: text('alt_text').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.position] }),
    // One post per upload: deleting a post deletes its images, which must not belong to another.
    uniqueIndex('post_images_image_uq').on(t.imageId),
    check('post_images_position_range', sql`${t.position} >= 0 and ${t.position} < 10`),
  ],
);

/**
 * Earlier versions of edited posts, append-only (a trigger in the migration refuses UPDATE): each
 * edit first copies the version it replaces here, so the history reads original → … → current.
 */
export const postVersions = pgTable(
  'post_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    caption: text('caption').notNull(),
    altTexts: text('alt_texts').array().notNull(),
    sensitive: boolean('sensitive').notNull(),
    /** When this version was written (the post's creation, or the edit that made it). */
    writtenAt: timestamp('written_at', { withTimezone: true, precision: 3 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('post_versions_post_idx').on(t.postId, t.writtenAt)],
);

/**
 * The hashtags of each post's current caption (normalised, text-entities.ts), with the post's time
 * copied so a tag page is one index range newest first.
 */
export const postTags = pgTable(
  'post_tags',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
    postCreatedAt: timestamp('post_created_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.tag] }),
    index('post_tags_tag_created_idx').on(t.tag, t.postCreatedAt, t.postId),
    index('post_tags_tag_prefix_idx').on(sql`${t.tag} text_pattern_ops`),
  ],
);

export const postLikes = pgTable(
  'post_likes',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId] }),
    index('post_likes_user_idx').on(t.userId, t.createdAt),
  ],
);

export const postSaves = pgTable(
  'post_saves',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId] }),
    index('post_saves_user_idx').on(t.userId, t.createdAt),
  ],
);

export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    authorId: text('author_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('comments_post_created_idx').on(t.postId, t.createdAt, t.id)],
);

export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    hostId: text('host_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    website: text('website').notNull(),
    description: text('description').notNull(),
    imageId: uuid('image_id').references(() => images.id, { onDelete: 'set null' }),
    interestedCount: integer('interested_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('events_image_uq').on(t.imageId),
    index('events_host_starts_idx').on(t.hostId, t.startsAt),
    index('events_starts_idx').on(t.startsAt),
  ],
);

export const eventInterests = pgTable(
  'event_interests',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.userId] }),
    index('event_interests_event_created_idx').on(t.eventId, t.createdAt),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipientId: text('recipient_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    type: text('type', { enum: notificationTypes }).notNull(),
    /** Null for notices no person caused (an event reminder, a reviewed report). */
    actorId: text('actor_id').references(() => user.id, { onDelete: 'cascade' }),
    // What the notice is about; the subject's deletion removes the notice with it.
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    commentId: uuid('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'cascade' }),
    reportId: text('report_id').references(() => reports.id, { onDelete: 'cascade' }),
    /** The group this notice shows in ("Ana and 3 others liked your post"). */
    groupId: uuid('group_id')
      .notNull()
      .references(() => notificationGroups.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_recipient_created_idx').on(t.recipientId, t.createdAt, t.id),
    // One row per person per group: a second comment from them moves their row, never adds one.
    uniqueIndex('notifications_group_actor_idx').on(t.groupId, t.actorId),
    // Taking a like or an interest back finds its notice by what it is about.
    index('notifications_actor_idx').on(t.actorId, t.type),
  ],
);

export const reportStatuses = ['open', 'resolved', 'dismissed'] as const;

export const reports = pgTable(
  'reports',
  {
    /** Random characters plus the time, as the original built it (SPEC.md §9). */
    id: text('id').primaryKey(),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /**
     * The account reported, or the author/host of the reported content. Null once that account
     * is deleted: the report stays for moderators with its snapshot (issue 14).
     */
    reportedUserId: text('reported_user_id').references(() => user.id, { onDelete: 'set null' }),
    targetType: text('target_type', { enum: reportTargetTypes }).notNull().default('account'),
    /**
     * The reported thing's id (the account's for an account). No foreign key: a report outlives
     * the content it is about, so a moderator still sees it after Remove content.
     */
    targetId: text('target_id').notNull(),
    /** The reported text and picture as they were when reported (the owner may change them). */
    snapshotText: text('snapshot_text').notNull().default(''),
    snapshotImageKey: text('snapshot_image_key'),
    reason: text('reason').notNull(),
    status: text('status', { enum: reportStatuses }).notNull().default('open'),
    resolvedById: text('resolved_by_id').references(() => user.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, precision: 3 }),
    /** What the moderator did: dismissed | content_removed | account_suspended. */
    resolution: text('resolution'),
    createdAt: createdAt(),
  },
  (t) => [
    index('reports_reported_idx').on(t.reportedUserId, t.createdAt),
    index('reports_status_created_idx').on(t.status, t.createdAt, t.id),
    index('reports_target_idx').on(t.targetType, t.targetId, t.createdAt),
    // One open report per reporter and target: a second tap is told it is already reported.
    uniqueIndex('reports_open_per_reporter_uq')
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`${t.status} = 'open'`),
  ],
);

export const feedback = pgTable(
  'feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authorId: text('author_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('feedback_created_idx').on(t.createdAt)],
);

// ── notifications: groups, preferences, web push, reminders (issue 16) ──────────────────────

/**
 * What /notifications lists and the badge counts: notices of one type about one target (a post,
 * an event, or the follower themself) for one recipient within one UTC day, maintained on write
 * so that a page is 20 rows off an index whatever the number of notices.
 */
export const notificationGroups = pgTable(
  'notification_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipientId: text('recipient_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    type: text('type', { enum: notificationTypes }).notNull(),
    /** What the group is about: the post, event or report id, or the follower for new_follower. */
    targetKey: text('target_key').notNull(),
    /** The UTC day the group collects notices for. */
    day: date('day').notNull(),
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'cascade' }),
    reportId: text('report_id').references(() => reports.id, { onDelete: 'cascade' }),
    read: boolean('read').notNull().default(false),
    /** When its newest notice arrived: the list's order. */
    latestAt: timestamp('latest_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notification_groups_key_idx').on(t.recipientId, t.type, t.targetKey, t.day),
    index('notification_groups_recipient_latest_idx').on(t.recipientId, t.latestAt, t.id),
    index('notification_groups_unread_idx').on(t.recipientId).where(sql`${t.read} = false`),
  ],
);

/** The types a member turned off, in the app and for push; no row means everything on. */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  inAppOff: text('in_app_off').array().notNull().default(sql`'{}'::text[]`),
  pushOff: text('push_off').array().notNull().default(sql`'{}'::text[]`),
});

/** One browser's web push subscription (PushSubscription.toJSON()). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    endpoint: text('endpoint').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/** When a group last caused a push: bursts into one group send one push per minute. */
export const pushSends = pgTable('push_sends', {
  groupId: uuid('group_id')
    .primaryKey()
    .references(() => notificationGroups.id, { onDelete: 'cascade' }),
  sentAt: timestamp('sent_at', { withTimezone: true, precision: 3 }).notNull(),
  /** The group's `latest_at` that push showed: a later notice makes the group due again. */
  pushedLatestAt: timestamp('pushed_latest_at', { withTimezone: true, precision: 3 }),
});

/**
 * Messages a mail server (or the file mailbox) has taken, by their Message-ID: a `mail_send` job
 * run again after a crash finds its message here and does not send it twice (mail/mailer.ts).
 * Kept a week, longer than a message's tries last.
 */
export const mailDeliveries = pgTable('mail_deliveries', {
  messageId: text('message_id').primaryKey(),
  deliveredAt: timestamp('delivered_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});

/** One reminder per event per member, whichever instance or run gets there first. */
export const eventReminders = pgTable(
  'event_reminders',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    sentAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] })],
);

// ── Trust and safety (features/safety) ──────────────────────────────────────────────────────

/** A block hides both people from each other (features/safety/visibility.ts). */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: text('blocker_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    blockedId: text('blocked_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('blocks_blocked_idx').on(t.blockedId),
    check('blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

/** A mute takes the muted account's posts and events out of the muter's feed, explore and upcoming. */
export const mutes = pgTable(
  'mutes',
  {
    muterId: text('muter_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    mutedId: text('muted_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.muterId, t.mutedId] }),
    check('mutes_not_self', sql`${t.muterId} <> ${t.mutedId}`),
  ],
);

/** Words and hashtags a member does not want to read (posts and comments with them are folded). */
export const mutedWords = pgTable(
  'muted_words',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    word: text('word').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('muted_words_user_word_uq').on(t.userId, sql`lower(${t.word})`)],
);

/** The moderation audit log: who did what to whom, when and why. Kept when content goes. */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    /** dismiss | remove_content | suspend | lift_suspension | set_role */
    action: text('action').notNull(),
    targetType: text('target_type', { enum: reportTargetTypes }).notNull(),
    targetId: text('target_id').notNull(),
    subjectUserId: text('subject_user_id').references(() => user.id, { onDelete: 'set null' }),
    reportId: text('report_id').references(() => reports.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('moderation_actions_created_idx').on(t.createdAt, t.id)],
);

// ── Accounts (issue 14) ──────────────────────────────────────────────────────────────────────

/**
 * Usernames of deleted accounts, kept from being taken until `reserved_until` (30 days), so nobody
 * can pose as a person who just left. No foreign key: the account it belonged to is gone.
 */
export const reservedUsernames = pgTable('reserved_usernames', {
  /** lower(username), as profiles_username_lower_uq compares them. */
  usernameLower: text('username_lower').primaryKey(),
  reservedUntil: timestamp('reserved_until', { withTimezone: true, precision: 3 }).notNull(),
});

/**
 * Download your data: one archive per account at a time (the unique key), built in the background
 * into storage (`exports/<id>.zip`), offered until `expires_at` (7 days after it is ready).
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['building', 'ready', 'failed'] }).notNull(),
    /** Storage key of the zip once ready. */
    fileKey: text('file_key'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    createdAt: createdAt(),
    readyAt: timestamp('ready_at', { withTimezone: true, precision: 3 }),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [uniqueIndex('data_exports_user_uq').on(t.userId)],
);

/**
 * better-auth's two-factor plugin: the TOTP secret and the backup codes, both encrypted with the
 * auth secret; `verified` once the first code was entered. Field names are better-auth's.
 */
export const twoFactor = pgTable(
  'two_factor',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Ours: the TOTP time step of the last code accepted; a code is good once (auth/totp-replay.ts). */
    lastUsedStep: integer('last_used_step'),
  },
  (t) => [uniqueIndex('two_factor_user_uq').on(t.userId)],
);

/**
 * "This wasn't me" links, mailed to the old address when a change of email completes
 * (auth/email-change-undo.ts). Only a SHA-256 digest of the token is kept; a row is used once
 * (`used_at`), and while it may still be used its old address cannot be taken by another account.
 */
export const emailChangeUndos = pgTable(
  'email_change_undos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    tokenDigest: text('token_digest').notNull().unique(),
    oldEmail: text('old_email').notNull(),
    newEmail: text('new_email').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    index('email_change_undos_user_idx').on(t.userId),
    index('email_change_undos_old_email_idx').on(sql`lower(${t.oldEmail})`),
  ],
);

/**
 * WebAuthn credentials (passkeys), written by auth/passkeys.ts. `credentialId` and `publicKey` are
 * base64url; `counter` is the authenticator's signature counter, checked to only move forward.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports'),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('passkeys_credential_uq').on(t.credentialId), index('passkeys_user_idx').on(t.userId)],
);

// ── Federation over ActivityPub (issue 25, features/federation) ─────────────────────────────

/** Fedify's key–value store (features/federation/kv.ts): the key is Fedify's key array as JSON. */
export const federationKv = pgTable(
  'federation_kv',
  {
    key: text('key').primaryKey(),
    value: jsonb('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [index('federation_kv_expires_idx').on(t.expiresAt).where(sql`${t.expiresAt} is not null`)],
);

/** A local member's RSA (HTTP Signatures) and Ed25519 (integrity proofs) key pairs, as JWK; made once. */
export const federationKeys = pgTable('federation_keys', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  rsaPublic: jsonb('rsa_public').notNull(),
  rsaPrivate: jsonb('rsa_private').notNull(),
  ed25519Public: jsonb('ed25519_public').notNull(),
  ed25519Private: jsonb('ed25519_private').notNull(),
  createdAt: createdAt(),
});

/**
 * A remote account (docs/data-model.md "Remote accounts"): a `user` + `profiles` row that cannot
 * sign in, so follows, feed, likes, blocks and mutes treat it like anyone; and this row, where it lives.
 */
export const federationActors = pgTable(
  'federation_actors',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The actor's id (its IRI), as its server names it. */
    iri: text('iri').notNull(),
    /** `name@host` (host with its port when it has one). */
    handle: text('handle').notNull(),
    domain: text('domain').notNull(),
    inbox: text('inbox').notNull(),
    sharedInbox: text('shared_inbox'),
    followersUrl: text('followers_url'),
    /** The profile page a person opens on its server. */
    url: text('url'),
    /** `{ id, owner }` of each public key the actor document names. */
    publicKeys: jsonb('public_keys').notNull().default(sql`'[]'::jsonb`),
    fetchedAt: timestamp('fetched_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('federation_actors_iri_uq').on(t.iri),
    uniqueIndex('federation_actors_handle_uq').on(sql`lower(${t.handle})`),
    index('federation_actors_domain_idx').on(t.domain),
  ],
);

/**
 * A follow that waits: for the remote server's Accept (outgoing), or a private member's approval
 * (incoming, issue 26). Accepted, it becomes a `follows` row and this one is deleted.
 */
export const followRequests = pgTable(
  'follow_requests',
  {
    followerId: text('follower_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    followeeId: text('followee_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The Follow activity's id: ours for an outgoing request, the remote one's for an incoming. */
    activityIri: text('activity_iri'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followeeId] }),
    index('follow_requests_followee_idx').on(t.followeeId, t.createdAt),
    check('follow_requests_not_self', sql`${t.followerId} <> ${t.followeeId}`),
  ],
);

/** A post that came from another server: its Note's id, for Update and Delete. */
export const federationPosts = pgTable(
  'federation_posts',
  {
    postId: uuid('post_id')
      .primaryKey()
      .references(() => posts.id, { onDelete: 'cascade' }),
    iri: text('iri').notNull(),
    url: text('url'),
  },
  (t) => [uniqueIndex('federation_posts_iri_uq').on(t.iri)],
);
