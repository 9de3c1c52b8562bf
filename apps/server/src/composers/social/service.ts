/**
 * The follow graph as members use it: a public profile with how the viewer stands, and following
 * or unfollowing someone here. The follow itself (row, counters, notice) is core/follows.ts, shared
 * with federation, which follows and unfollows accounts on other servers.
 */
import type { FollowStateDto, PublicProfileDto } from '@glimpse/shared';
import { messages } from '@glimpse/shared';
import { and, count, desc, eq, max, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { applyFollow, hasFollowRequest, isFollowing } from '../../core/follows.ts';
import { findProfile, movedToFor, requireProfile } from '../../core/profiles.ts';
import { relationTo } from '../../core/relations.ts';
import type { ServiceArgs } from '../../core/service.ts';
import { mayFollowContentOf, visibleTo } from '../../core/visibility.ts';
import { followRequests, follows, profiles } from '../../db/schema.ts';
import { type Cursor, keyset } from '../../lib/cursor.ts';
import { invalid, notFound } from '../../lib/errors.ts';

const profileNotFound = () => notFound(messages.profile.notFound);

export async function getPublicProfile({
  ctx: { db, storage, actor },
  input: { userId },
}: ServiceArgs<'db' | 'storage' | 'actor', { userId: string }>): Promise<PublicProfileDto> {
  // The blocker still opens the profile (to unblock); the blocked person gets a plain 404.
  const relation = await relationTo(db, actor.id, userId);
  if (!relation || relation.suspended || relation.blocksMe) throw profileNotFound();
  const profile = await findProfile(db, storage, userId);
  if (!profile) throw profileNotFound();
  return {
    ...profile,
    followedByMe: await isFollowing(db, actor.id, userId),
    followRequested: await hasFollowRequest(db, actor.id, userId),
    contentVisible: await mayFollowContentOf(db, actor.id, userId),
    blockedByMe: Boolean(relation.blockedByMe),
    mutedByMe: Boolean(relation.mutedByMe),
    movedTo: await movedToFor(db, userId),
  };
}

export async function setFollow({
  ctx: { db, live, actor },
  input: { targetId, follow },
}: ServiceArgs<'db' | 'live' | 'actor', { targetId: string; follow: boolean }>): Promise<FollowStateDto> {
  if (targetId === actor.id) throw invalid(messages.social.cannotFollowSelf);
  // Only someone with a profile, visible to the viewer (core/visibility.ts), is followed.
  const [target] = await db
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(and(eq(profiles.userId, targetId), visibleTo(profiles.userId, actor.id)))
    .limit(1);
  if (!target) throw profileNotFound();
  return applyFollow({ db, live }, { followerId: actor.id, followeeId: targetId, follow });
}

/** Whose list: the people who follow the account, or those it follows. */
export type FollowListSide = 'followers' | 'following';

/**
 * A member's followers or following, newest follow first, `limit` at a time after `cursor` (the
 * follow's time and the other account's id). The account must be one the viewer may open (as its
 * profile); a private account's lists are for its owner and approved followers only
 * (core/visibility.ts `mayFollowContentOf`), anyone else gets an empty list, as its profile shows
 * counts only. People hidden from the viewer are left out, as on every list.
 */
export async function listFollows({
  ctx: { db, actor },
  input: { userId, side, cursor, limit },
}: ServiceArgs<
  'db' | 'actor',
  { userId: string; side: FollowListSide; cursor: Cursor | null; limit: number }
>): Promise<{ userIds: string[]; next: Cursor | null }> {
  const relation = await relationTo(db, actor.id, userId);
  if (!relation || relation.suspended || relation.blocksMe) throw profileNotFound();
  await requireProfile(db, userId, profileNotFound);
  if (!(await mayFollowContentOf(db, actor.id, userId))) return { userIds: [], next: null };
  const other = side === 'followers' ? follows.followerId : follows.followeeId;
  const owner = side === 'followers' ? follows.followeeId : follows.followerId;
  const order = keyset(follows.createdAt, other, 'newestFirst');
  const rows = await db
    .select({ otherId: other, at: follows.createdAt })
    .from(follows)
    .innerJoin(profiles, eq(profiles.userId, other))
    .where(and(eq(owner, userId), visibleTo(other, actor.id), order.after(cursor)))
    .orderBy(...order.orderBy)
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    userIds: page.map((row) => row.otherId),
    next: rows.length > limit && last ? { at: last.at, id: last.otherId } : null,
  };
}

/**
 * Accounts to follow: those followed by the accounts the viewer follows, most shared first (then
 * the most recently followed), leaving out the viewer, those already followed or asked, and anyone
 * hidden from the viewer or muted (a suggestion is a feed of people).
 */
export async function suggestAccounts({
  ctx: { db, actor },
  input: { limit },
}: ServiceArgs<'db' | 'actor', { limit: number }>): Promise<string[]> {
  const mine = alias(follows, 'my_follows');
  const theirs = alias(follows, 'their_follows');
  const rows = await db
    .select({ userId: theirs.followeeId, shared: count() })
    .from(mine)
    .innerJoin(theirs, eq(theirs.followerId, mine.followeeId))
    .innerJoin(profiles, eq(profiles.userId, theirs.followeeId))
    .where(
      and(
        eq(mine.followerId, actor.id),
        ne(theirs.followeeId, actor.id),
        sql`not exists (select 1 from ${follows} where ${follows.followerId} = ${actor.id} and ${follows.followeeId} = ${theirs.followeeId})`,
        sql`not exists (select 1 from ${followRequests} where ${followRequests.followerId} = ${actor.id} and ${followRequests.followeeId} = ${theirs.followeeId})`,
        visibleTo(theirs.followeeId, actor.id, { muted: true }),
      ),
    )
    .groupBy(theirs.followeeId)
    .orderBy(desc(count()), desc(max(theirs.createdAt)), theirs.followeeId)
    .limit(limit);
  return rows.map((row) => row.userId);
}

/**
 * The accounts the viewer follows that follow `userId` too ("followed by people you know"), most
 * recent first; none for an account hidden from the viewer, and none hidden from the viewer.
 */
export async function familiarFollowers({
  ctx: { db, actor },
  input: { userId, limit },
}: ServiceArgs<'db' | 'actor', { userId: string; limit: number }>): Promise<string[]> {
  const mine = alias(follows, 'my_follows');
  const rows = await db
    .select({ userId: follows.followerId })
    .from(follows)
    .innerJoin(mine, and(eq(mine.followerId, actor.id), eq(mine.followeeId, follows.followerId)))
    .where(
      and(
        eq(follows.followeeId, userId),
        visibleTo(follows.followeeId, actor.id),
        visibleTo(follows.followerId, actor.id),
      ),
    )
    .orderBy(desc(follows.createdAt))
    .limit(limit);
  return rows.map((row) => row.userId);
}
