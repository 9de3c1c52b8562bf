/**
 * The follow graph and account reports. A follow is one row (idempotent by its primary key, lib/toggle.ts);
 * the two counters move in the same transaction, so counts stay exact under concurrent taps. A new
 * follow notifies the followed person once (no second unread notice from the same follower).
 */
import type { FollowStateDto, PublicProfileDto } from '@glimpse/shared';
import { messages } from '@glimpse/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { followRequests, follows, profiles } from '../../db/schema.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import type { ServiceArgs, ServiceContext } from '../../lib/service.ts';
import { type Step, toggleWithCounter } from '../../lib/toggle.ts';
import { notify } from '../notifications/notify.ts';
import { findProfile } from '../profile/queries.ts';
import { blockedBetween, lockPair, relationTo } from '../safety/blocks.ts';
import { fileReport } from '../safety/reports.ts';
import { visibleTo } from '../safety/visibility.ts';

const profileNotFound = () => notFound(messages.profile.notFound);

export async function isFollowing(db: Db, followerId: string, followeeId: string) {
  const [row] = await db
    .select({ followerId: follows.followerId })
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)))
    .limit(1);
  return Boolean(row);
}

/** A follow that waits for the other side (a remote server's Accept; later a private member's approval). */
export async function hasFollowRequest(db: Db, followerId: string, followeeId: string) {
  const [row] = await db
    .select({ followerId: followRequests.followerId })
    .from(followRequests)
    .where(and(eq(followRequests.followerId, followerId), eq(followRequests.followeeId, followeeId)))
    .limit(1);
  return Boolean(row);
}

export async function getPublicProfile({
  ctx: { db, storage, viewer },
  input: { userId },
}: ServiceArgs<'db' | 'storage' | 'viewer', { userId: string }>): Promise<PublicProfileDto> {
  // The blocker still opens the profile (to unblock); the blocked person gets a plain 404.
  const relation = await relationTo(db, viewer.id, userId);
  if (!relation || relation.suspended || relation.blocksMe) throw profileNotFound();
  const profile = await findProfile(db, storage, userId);
  if (!profile) throw profileNotFound();
  return {
    ...profile,
    followedByMe: await isFollowing(db, viewer.id, userId),
    followRequested: await hasFollowRequest(db, viewer.id, userId),
    blockedByMe: Boolean(relation.blockedByMe),
    mutedByMe: Boolean(relation.mutedByMe),
  };
}

export async function setFollow({
  ctx: { db, live, viewer },
  input: { targetId, follow },
}: ServiceArgs<'db' | 'live' | 'viewer', { targetId: string; follow: boolean }>): Promise<FollowStateDto> {
  if (targetId === viewer.id) throw invalid(messages.social.cannotFollowSelf);
  // Only someone with a profile, visible to the viewer (features/safety/visibility.ts), is followed.
  const [target] = await db
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(and(eq(profiles.userId, targetId), visibleTo(profiles.userId, viewer.id)))
    .limit(1);
  if (!target) throw profileNotFound();
  return applyFollow({ db, live }, { followerId: viewer.id, followeeId: targetId, follow });
}

/**
 * The follow row and both counters, a block re-checked under the pair's lock, the notice: after the
 * caller has checked who may follow whom. Federation (features/federation) calls it for a remote
 * account's Follow of a member and for a member's follow that the remote server accepted.
 */
export async function applyFollow(
  { db, live }: Pick<ServiceContext, 'db' | 'live'>,
  { followerId, followeeId: targetId, follow }: { followerId: string; followeeId: string; follow: boolean },
): Promise<FollowStateDto> {
  const viewer = { id: followerId };
  const { followerCount, notified } = await toggleWithCounter(db, {
    table: follows,
    row: { followerId: viewer.id, followeeId: targetId },
    on: follow,
    moveCounters: async (tx, step: Step) => {
      // A block committed since the check above wins: no follow survives it (safety/blocks.ts).
      if (step === 1) {
        await lockPair(tx, viewer.id, targetId);
        if (await blockedBetween(tx, viewer.id, targetId)) throw profileNotFound();
      }
      // Both counters in one statement (rows locked in key order, whoever follows whom).
      const counts =
        step === 0
          ? await tx
              .select({ userId: profiles.userId, followerCount: profiles.followerCount })
              .from(profiles)
              .where(eq(profiles.userId, targetId))
          : await tx
              .update(profiles)
              .set({
                followingCount: sql`${profiles.followingCount} + case when ${profiles.userId} = ${viewer.id} then ${step}::int else 0 end`,
                followerCount: sql`${profiles.followerCount} + case when ${profiles.userId} = ${targetId} then ${step}::int else 0 end`,
              })
              .where(inArray(profiles.userId, [viewer.id, targetId]))
              .returning({ userId: profiles.userId, followerCount: profiles.followerCount });
      const followerCount = counts.find((row) => row.userId === targetId)?.followerCount ?? 0;
      // One notice per follower while it is unread: following again after an unfollow adds none.
      const notified =
        step === 1 &&
        (await notify(
          tx,
          { type: 'new_follower', recipientId: targetId, actorId: viewer.id },
          { onceWhileUnread: true },
        ));
      return { followerCount, notified };
    },
  });
  if (notified) live.publish({ kind: 'notification', recipientId: targetId });
  return { following: follow, followerCount };
}

/** Reporting an account is one case of reporting anything (features/safety/reports.ts). */
export async function reportAccount({
  ctx,
  input: { reportedUserId, reason },
}: ServiceArgs<'db' | 'storage' | 'live' | 'viewer', { reportedUserId: string; reason: string }>): Promise<{
  id: string;
  createdAt: string;
}> {
  return fileReport({ ctx, input: { targetType: 'account', targetId: reportedUserId, reason } });
}
