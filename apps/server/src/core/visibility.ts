/**
 * Who can see whose things: the one place every read asks (trust and safety, issue 13).
 *
 * An account is hidden from a viewer when it is suspended (`user.banned`), or when either of the
 * two has blocked the other. Feeds (home feed, explore, the upcoming-events panel) also hide the
 * accounts the viewer muted. A list applies the rule by filtering its author column with
 * `visibleTo`; a read of one thing asks `isVisibleTo` and answers its ordinary 404 when not, so a
 * blocked person can never tell a block from a missing page.
 *
 * Exported API (keep it this small):
 * - `visibleTo(column, viewerId, { muted? })`: an SQL condition, true when the account in `column`
 *   may be shown to the viewer. Put it in the join or where of every select that shows people or
 *   their content (posts/queries.ts, events/queries.ts do it in their shared selects).
 * - `isVisibleTo(db, viewerId, userId)`: the same rule for one account, for point reads and writes
 *   (a like, a follow, a comment on something hidden is a 404).
 * - `requireVisible(db, viewerId, userId, error)`: throws `error()` unless visible.
 *
 * - `contentVisibleTo(author, audience, viewerId, options)`: the audience rule (issue 26) on top of
 *   `visibleTo`, for every select that shows a post or an event (its words, photos, comments, likes).
 * - `mayFollowContentOf(db, viewerId, authorId)`: whether the viewer is let into a private account's
 *   lists (posts grid, events, follow lists): the owner or an approved follower.
 *
 * The audience rule: a post or event is shown when its author is visible (above) and it is public
 * on an account that is not private, or the viewer is its author, or the viewer follows the author
 * (an approved follow: a waiting request is not one). Signed-out readers (ActivityPub fetches,
 * calendar files) pass `null` and see public things of public accounts only. Moderators get no
 * exception here; a reported post reaches them through the moderation queue alone.
 *
 * The hidden set is a small subquery (suspended accounts from a partial index, the viewer's blocks
 * both ways, optionally mutes); `column NOT IN (…)` lets PostgreSQL hash it once per query rather
 * than probe it per row. Suspension hides content but keeps it: lifting it brings everything back.
 */
import type { Audience } from '@glimpse/shared';
import { and, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { blocks, follows, mutes, profiles, user } from '../db/schema.ts';
import type { AppError } from '../lib/errors.ts';

export type ViewerId = string | Placeholder | SQL | AnyPgColumn;

export interface VisibilityOptions {
  /** Also hide the accounts the viewer muted: the feed, explore and upcoming events only. */
  muted?: boolean;
  /** The column may be null (a notice nobody caused): null counts as visible. */
  nullable?: boolean;
}

export interface AudienceOptions extends Pick<VisibilityOptions, 'muted'> {
  /**
   * Public things of public accounts only, even to followers: Explore, tag pages and search, which
   * show strangers' things, never show followers-only ones (issue 26).
   */
  publicOnly?: boolean;
}

/**
 * The ids of every account hidden from the viewer, as a subquery: for a statement that starts from
 * the few hidden accounts (search counting a tag's listed posts minus theirs, where
 * `post_tags.listed` already holds the audience part) rather than filtering every row. Its row
 * estimate is the handful it really is.
 */
export function hiddenAccounts(viewerId: ViewerId, muted: boolean): SQL {
  const suspended = sql`select ${user.id} from ${user} where ${user.banned}`;
  const blocked = sql`select ${blocks.blockedId} from ${blocks} where ${blocks.blockerId} = ${viewerId}`;
  const blockedBy = sql`select ${blocks.blockerId} from ${blocks} where ${blocks.blockedId} = ${viewerId}`;
  const mutedIds = sql`select ${mutes.mutedId} from ${mutes} where ${mutes.muterId} = ${viewerId}`;
  return muted
    ? sql`${suspended} union all ${blocked} union all ${blockedBy} union all ${mutedIds}`
    : sql`${suspended} union all ${blocked} union all ${blockedBy}`;
}

/** True when the account in `column` may be shown to the viewer (see the module comment). */
export function visibleTo(
  column: AnyPgColumn | SQL,
  viewerId: ViewerId,
  options: VisibilityOptions = {},
): SQL {
  const condition = sql`${column} not in (${hiddenAccounts(viewerId, options.muted ?? false)})`;
  return options.nullable ? sql`(${column} is null or ${condition})` : condition;
}

/** Whether `userId` is an account visible to the viewer: not suspended, no block either way. */
export async function isVisibleTo(db: Db, viewerId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.id, userId), visibleTo(user.id, viewerId)))
    .limit(1);
  return Boolean(row);
}

/** Throws `error()` (the caller's ordinary not-found) unless `userId` is visible to the viewer. */
export async function requireVisible(
  db: Db,
  viewerId: string,
  userId: string,
  error: () => AppError,
): Promise<void> {
  if (!(await isVisibleTo(db, viewerId, userId))) throw error();
}

/** The accounts whose things only their approved followers see (a partial index keeps it small). */
const privateAccounts = sql`select ${profiles.userId} from ${profiles} where ${profiles.isPrivate}`;

/** Public, on an account that is not private: what anyone may see. */
export function openToAnyone(author: AnyPgColumn | SQL, audience: AnyPgColumn | SQL): SQL {
  return sql`(${audience} = 'public' and ${author} not in (${privateAccounts}))`;
}

/** The viewer is the author or follows them (an approved follow). */
function ownerOrFollower(author: AnyPgColumn | SQL, viewerId: ViewerId): SQL {
  return sql`(${author} = ${viewerId} or exists (select 1 from ${follows} where ${follows.followerId} = ${viewerId} and ${follows.followeeId} = ${author}))`;
}

/**
 * The audience rule (see the module comment) for the post or event whose author is `author` and
 * whose audience is `audience`; `viewerId` null is a signed-out reader.
 */
export function contentVisibleTo(
  author: AnyPgColumn | SQL,
  audience: AnyPgColumn | SQL,
  viewerId: ViewerId | null,
  options: AudienceOptions = {},
): SQL {
  if (viewerId === null)
    return sql`(${openToAnyone(author, audience)} and ${author} not in (select ${user.id} from ${user} where ${user.banned}))`;
  const audienceAllows = options.publicOnly
    ? openToAnyone(author, audience)
    : sql`(${openToAnyone(author, audience)} or ${ownerOrFollower(author, viewerId)})`;
  return sql`(${visibleTo(author, viewerId, { muted: options.muted })} and ${audienceAllows})`;
}

/**
 * Whether the viewer may see a private account's lists (its grid, events, followers, following):
 * always for a public account, else only its owner and approved followers. The header (name,
 * avatar, bio, counts) stays visible to anyone `isVisibleTo` lets in.
 */
export async function mayFollowContentOf(db: Db, viewerId: string, authorId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: profiles.userId })
    .from(profiles)
    .where(
      and(
        eq(profiles.userId, authorId),
        sql`(not ${profiles.isPrivate} or ${ownerOrFollower(profiles.userId, viewerId)})`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** A new post's or event's audience when the author chose none: followers only on a private account. */
export async function defaultAudience(db: Db, authorId: string): Promise<Audience> {
  const [row] = await db
    .select({ isPrivate: profiles.isPrivate })
    .from(profiles)
    .where(eq(profiles.userId, authorId))
    .limit(1);
  return row?.isPrivate ? 'followers' : 'public';
}
