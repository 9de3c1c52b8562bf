/**
 * The generated data as rows of the app's own tables (apps/server/src/db/schema.ts), in an order
 * that satisfies every foreign key. Columns are named through the Drizzle schema, so a renamed
 * column breaks the typecheck here rather than the seed at run time.
 */
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  account,
  comments,
  eventAttendees,
  eventInterests,
  events,
  follows,
  images,
  notificationGroups,
  notifications,
  postImages as postImagesTable,
  postLikes,
  postSaves,
  posts,
  postTags,
  profiles,
  user,
} from '../../apps/server/src/db/schema.ts';
import { arrayLiteral, type Cell, timestamp as ts } from './copy.ts';
import type { ImageData, Pairs, ReferenceData } from './generate.ts';
import { Prng } from './prng.ts';

/** The viewer's account rows as better-auth wrote them at sign-up (only the ids are ours; the address counts as confirmed). */

/**
 * Private accounts and followers-only posts: 10% of accounts (never the viewer, who
 * measures) and 20% of posts, chosen by a multiplicative hash of the index so the rest of the data
 * set (its PRNG streams) stays exactly as before.
 */
const spread = (index: number) => Math.imul(index + 1, 2654435761) >>> 0;
export const isPrivateAccount = (user: number) => user !== 0 && spread(user) % 10 === 3;
export const isFollowersOnlyPost = (post: number) => spread(post) % 5 === 1;

export interface ViewerAccount {
  name: string;
  image: string | null;
  password: string;
}

export interface TableLoad {
  label: string;
  table: PgTable;
  columns: readonly PgColumn[];
  rows: () => Iterable<Cell[]>;
}

function* range(n: number): Generator<number> {
  for (let i = 0; i < n; i++) yield i;
}

/** Positions of `ids` in sorted order (uuids sort as their hex text does in PostgreSQL). */
function ranks(ids: readonly string[]): Float64Array {
  const order = ids.map((_, i) => i).sort((a, b) => (ids[a]! < ids[b]! ? -1 : ids[a]! > ids[b]! ? 1 : 0));
  const rank = new Float64Array(ids.length);
  for (const [position, i] of order.entries()) rank[i] = position;
  return rank;
}

/**
 * Join-table rows in primary-key order: each insert then lands beside the previous one in the
 * key's B-tree instead of on a random page, which makes COPY several times faster at this size.
 */
function* pairRows(pairs: Pairs, leftIds: readonly string[], rightIds: readonly string[]): Generator<Cell[]> {
  const leftRank = ranks(leftIds);
  const rightRank = ranks(rightIds);
  const key = new Float64Array(pairs.left.length);
  for (const i of range(key.length)) {
    key[i] = leftRank[pairs.left[i]!]! * rightIds.length + rightRank[pairs.right[i]!]!;
  }
  const order = new Uint32Array(key.length);
  for (const i of range(order.length)) order[i] = i;
  order.sort((a, b) => key[a]! - key[b]!);
  for (const i of order) {
    yield [leftIds[pairs.left[i]!]!, rightIds[pairs.right[i]!]!, ts(pairs.createdAt[i]!)];
  }
}

/**
 * Not in the §6 list: the notices the app would have written, about 500,000 at scale 1, half
 * "new follower" (every other follow; each its own group, as notify.ts groups by follower) and
 * half likes (every fourth like that is not the author's own), grouped as notify.ts does by
 * post and UTC day, so the notifications page reads real groups of many people.
 */
function buildNotices(data: ReferenceData) {
  const groupIndex = new Map<string, number>();
  const groups = {
    id: [] as string[],
    recipient: [] as number[],
    actor: [] as number[],
    post: [] as number[],
    type: [] as ('new_follower' | 'post_like')[],
    day: [] as string[],
    latestAt: [] as number[],
  };
  const rows = { group: [] as number[], actor: [] as number[], createdAt: [] as number[] };
  const rng = new Prng(data.options.seed, 'notification-groups');
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const add = (recipient: number, actor: number, post: number, at: number) => {
    const type = post >= 0 ? 'post_like' : 'new_follower';
    const key = `${recipient}|${type}|${post >= 0 ? `p${post}` : `u${actor}`}|${day(at)}`;
    let g = groupIndex.get(key);
    if (g === undefined) {
      g = groups.id.length;
      groupIndex.set(key, g);
      groups.id.push(rng.uuid());
      groups.recipient.push(recipient);
      groups.actor.push(actor);
      groups.post.push(post);
      groups.type.push(type);
      groups.day.push(day(at));
      groups.latestAt.push(at);
    }
    groups.latestAt[g] = Math.max(groups.latestAt[g]!, at);
    rows.group.push(g);
    rows.actor.push(actor);
    rows.createdAt.push(at);
  };
  const { follows, likes, posts } = data;
  for (let i = 0; i < follows.left.length; i += 2) {
    add(follows.right[i]!, follows.left[i]!, -1, follows.createdAt[i]!);
  }
  for (let i = 0; i < likes.left.length; i += 4) {
    const post = likes.left[i]!;
    const author = posts.author[post]!;
    if (author !== likes.right[i]) add(author, likes.right[i]!, post, likes.createdAt[i]!);
  }
  return { groups, rows };
}

/**
 * The image row of a post's photo `k`: photo 0 takes the post's id, as before posts had several;
 * photo k its first hex digit moved on by k, so ids stay unique uuids without another PRNG draw.
 */
function photoImageId(postId: string, k: number): string {
  if (k === 0) return postId;
  return ((Number.parseInt(postId[0]!, 16) + k) % 16).toString(16) + postId.slice(1);
}

/** `placeholders` are the thumbhashes of data.images, in order (images.ts renders them). */
export function tableLoads(data: ReferenceData, viewer: ViewerAccount, placeholders: string[]): TableLoad[] {
  const { users, posts: p, comments: c, events: e } = data;
  const eventImages = data.images.filter((image) => image.purpose === 'event');
  const postImages = data.images.filter((image) => image.purpose === 'post');
  // Built once, on first use, and shared by the two loads that need it.
  let built: ReturnType<typeof buildNotices> | null = null;
  const notices = () => {
    built ??= buildNotices(data);
    return built;
  };
  // Groups whose newest notice is older than three days have been read.
  const readBefore = data.options.anchorMs - 3 * 24 * 60 * 60 * 1000;

  return [
    {
      label: 'user',
      table: user,
      columns: [
        user.id,
        user.name,
        user.email,
        user.emailVerified,
        user.image,
        user.createdAt,
        user.updatedAt,
      ],
      *rows() {
        for (const u of range(users.id.length)) {
          const created = ts(users.createdAt[u]!);
          yield u === 0
            ? [users.id[0]!, viewer.name, users.email[0]!, true, viewer.image, created, created]
            : // Confirmed addresses: sign-in refuses an unconfirmed one (the load benchmark signs these in).
              [users.id[u]!, users.name[u]!, users.email[u]!, true, null, created, created];
        }
      },
    },
    {
      label: 'account',
      table: account,
      columns: [
        account.id,
        account.accountId,
        account.providerId,
        account.userId,
        account.password,
        account.createdAt,
        account.updatedAt,
      ],
      *rows() {
        for (const u of range(users.id.length)) {
          const created = ts(users.createdAt[u]!);
          // better-auth's credential accounts carry the user id as their account id.
          yield [
            users.accountId[u]!,
            users.id[u]!,
            'credential',
            users.id[u]!,
            viewer.password,
            created,
            created,
          ];
        }
      },
    },
    {
      label: 'images',
      table: images,
      columns: [
        images.id,
        images.ownerId,
        images.purpose,
        images.keys,
        images.widths,
        images.width,
        images.height,
        images.placeholder,
        images.createdAt,
      ],
      // One row per post and per pictured event, as uploads are (posts_image_uq, events_image_uq: a
      // record owns its image), each pointing at one of the shared files. A row takes its record's
      // id (posts and events come from separate PRNG streams) and its owner and time.
      *rows() {
        const placeholderOf = new Map(data.images.map((image, i) => [image, placeholders[i]!]));
        const row = (id: string, owner: number, shared: number, sharedList: ImageData[], at: number) => {
          const image = sharedList[shared]!;
          return [
            id,
            users.id[owner]!,
            image.purpose,
            arrayLiteral([image.key]),
            arrayLiteral([image.width]),
            image.width,
            image.height,
            placeholderOf.get(image)!,
            ts(at),
          ];
        };
        for (const i of range(p.id.length)) {
          for (let k = 0; k < p.photoCount[i]!; k++) {
            const shared = (p.image[i]! + k) % postImages.length;
            yield row(photoImageId(p.id[i]!, k), p.author[i]!, shared, postImages, p.createdAt[i]!);
          }
        }
        for (const i of range(e.id.length)) {
          if (e.image[i]! >= 0) yield row(e.id[i]!, e.host[i]!, e.image[i]!, eventImages, e.createdAt[i]!);
        }
      },
    },
    {
      label: 'profiles',
      table: profiles,
      columns: [
        profiles.userId,
        profiles.firstName,
        profiles.lastName,
        profiles.username,
        profiles.bio,
        profiles.followerCount,
        profiles.followingCount,
        profiles.postCount,
        profiles.lastPostAt,
        profiles.isPrivate,
        profiles.createdAt,
        profiles.updatedAt,
      ],
      *rows() {
        // Each account's posts and its newest, as core/counters.ts keeps them.
        const postCount = new Int32Array(users.id.length);
        const lastPostAt = new Float64Array(users.id.length);
        for (const i of range(p.id.length)) {
          const author = p.author[i]!;
          postCount[author]! += 1;
          lastPostAt[author] = Math.max(lastPostAt[author]!, p.createdAt[i]!);
        }
        for (const u of range(users.id.length)) {
          const created = ts(users.createdAt[u]! + 60_000);
          yield [
            users.id[u]!,
            users.firstName[u]!,
            users.lastName[u]!,
            users.username[u]!,
            users.bio[u]!,
            users.followerCount[u]!,
            users.followingCount[u]!,
            postCount[u]!,
            postCount[u]! > 0 ? ts(lastPostAt[u]!) : null,
            isPrivateAccount(u),
            created,
            created,
          ];
        }
      },
    },
    {
      label: 'follows',
      table: follows,
      columns: [follows.followerId, follows.followeeId, follows.createdAt],
      rows: () => pairRows(data.follows, users.id, users.id),
    },
    {
      label: 'notification_groups',
      table: notificationGroups,
      columns: [
        notificationGroups.id,
        notificationGroups.recipientId,
        notificationGroups.type,
        notificationGroups.targetKey,
        notificationGroups.day,
        notificationGroups.postId,
        notificationGroups.read,
        notificationGroups.latestAt,
      ],
      *rows() {
        const { groups } = notices();
        for (const i of range(groups.id.length)) {
          const postId = groups.post[i]! >= 0 ? p.id[groups.post[i]!]! : null;
          yield [
            groups.id[i]!,
            users.id[groups.recipient[i]!]!,
            groups.type[i]!,
            postId ?? users.id[groups.actor[i]!]!,
            groups.day[i]!,
            postId,
            groups.latestAt[i]! < readBefore,
            ts(groups.latestAt[i]!),
          ];
        }
      },
    },
    {
      label: 'notifications',
      table: notifications,
      columns: [
        notifications.id,
        notifications.recipientId,
        notifications.type,
        notifications.actorId,
        notifications.postId,
        notifications.groupId,
        notifications.createdAt,
      ],
      *rows() {
        const { groups, rows } = notices();
        const rng = new Prng(data.options.seed, 'notifications');
        for (const i of range(rows.group.length)) {
          const g = rows.group[i]!;
          yield [
            rng.uuid(),
            users.id[groups.recipient[g]!]!,
            groups.type[g]!,
            users.id[rows.actor[i]!]!,
            groups.post[g]! >= 0 ? p.id[groups.post[g]!]! : null,
            groups.id[g]!,
            ts(rows.createdAt[i]!),
          ];
        }
      },
    },
    {
      label: 'posts',
      table: posts,
      columns: [
        posts.id,
        posts.authorId,
        posts.caption,
        posts.likeCount,
        posts.commentCount,
        posts.audience,
        posts.createdAt,
      ],
      *rows() {
        for (const i of range(p.id.length)) {
          yield [
            p.id[i]!,
            users.id[p.author[i]!]!,
            p.caption[i]!,
            p.likeCount[i]!,
            p.commentCount[i]!,
            isFollowersOnlyPost(i) ? 'followers' : 'public',
            ts(p.createdAt[i]!),
          ];
        }
      },
    },
    {
      label: 'post_images',
      table: postImagesTable,
      columns: [
        postImagesTable.postId,
        postImagesTable.position,
        postImagesTable.imageId,
        postImagesTable.altText,
      ],
      *rows() {
        for (const i of range(p.id.length)) {
          for (let k = 0; k < p.photoCount[i]!; k++) {
            yield [p.id[i]!, k, photoImageId(p.id[i]!, k), k === 0 ? '' : `Photo ${k + 1}`];
          }
        }
      },
    },
    {
      label: 'post_tags',
      table: postTags,
      columns: [postTags.postId, postTags.tag, postTags.postCreatedAt],
      *rows() {
        for (const i of range(p.id.length)) {
          for (const tag of p.tags[i]!) yield [p.id[i]!, tag, ts(p.createdAt[i]!)];
        }
      },
    },
    {
      label: 'post_likes',
      table: postLikes,
      columns: [postLikes.postId, postLikes.userId, postLikes.createdAt],
      rows: () => pairRows(data.likes, p.id, users.id),
    },
    {
      label: 'post_saves',
      table: postSaves,
      columns: [postSaves.postId, postSaves.userId, postSaves.createdAt],
      rows: () => pairRows(data.saves, p.id, users.id),
    },
    {
      label: 'comments',
      table: comments,
      columns: [comments.id, comments.postId, comments.authorId, comments.body, comments.createdAt],
      *rows() {
        for (const i of range(c.id.length)) {
          yield [c.id[i]!, p.id[c.post[i]!]!, users.id[c.author[i]!]!, c.body[i]!, ts(c.createdAt[i]!)];
        }
      },
    },
    {
      label: 'events',
      table: events,
      columns: [
        events.id,
        events.hostId,
        events.title,
        events.startsAt,
        events.website,
        events.description,
        events.imageId,
        events.interestedCount,
        events.createdAt,
        events.timeZone,
        events.recurrence,
        events.lastStartsAt,
        events.nextStartsAt,
        events.place,
        events.capacity,
      ],
      *rows() {
        for (const i of range(e.id.length)) {
          const image = e.image[i]!;
          const last = e.lastStartsAt[i]!;
          yield [
            e.id[i]!,
            users.id[e.host[i]!]!,
            e.title[i]!,
            ts(e.startsAt[i]!),
            e.website[i]!,
            e.description[i]!,
            image >= 0 ? e.id[i]! : null, // its own image row (above)
            e.interestedCount[i]!,
            ts(e.createdAt[i]!),
            e.timeZone[i]!,
            e.recurrence[i]!,
            Number.isNaN(last) ? null : ts(last),
            ts(e.nextStartsAt[i]!),
            e.place[i]!,
            e.capacity[i]! || null,
          ];
        }
      },
    },
    {
      label: 'event_interests',
      table: eventInterests,
      columns: [eventInterests.eventId, eventInterests.userId, eventInterests.createdAt],
      rows: () => pairRows(data.interests, e.id, users.id),
    },
    {
      // Every other Interested is also Going to the first date, past a capacity on the
      // waitlist, so the lists' Going counts and avatar stacks read real rows.
      label: 'event_attendees',
      table: eventAttendees,
      columns: [
        eventAttendees.eventId,
        eventAttendees.occurrence,
        eventAttendees.userId,
        eventAttendees.status,
        eventAttendees.createdAt,
      ],
      *rows() {
        const { interests } = data;
        const taken = new Int32Array(e.id.length);
        for (let i = 0; i < interests.left.length; i += 2) {
          const event = interests.left[i]!;
          const full = e.capacity[event]! > 0 && taken[event]! >= e.capacity[event]!;
          if (!full) taken[event]! += 1;
          yield [
            e.id[event]!,
            0,
            users.id[interests.right[i]!]!,
            full ? 'waitlisted' : 'going',
            ts(interests.createdAt[i]!),
          ];
        }
      },
    },
  ];
}
