/**
 * The follow graph and account reports. A follow is one row (idempotent by its primary key, lib/toggle.ts);
 * the two counters move in the same transaction, so counts stay exact under concurrent taps. A new
 * follow notifies the followed person once (no second unread notice from the same follower).
 */
import type { FollowStateDto, PublicProfileDto } from '@glimpse/shared';
import { messages } from '@glimpse/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { follows, notificationGroups, profiles } from '../../db/schema.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import type { ServiceArgs } from '../../lib/service.ts';
import { type Step, toggleWithCounter } from '../../lib/toggle.ts';
import { notify } from '../notifications/notify.ts';
import { findProfile, requireProfile } from '../profile/queries.ts';
import { blockedBetween, lockPair, relationTo } from '../safety/blocks.ts';
import { fileReport } from '../safety/reports.ts';
import { requireVisible } from '../safety/visibility.ts';

const profileNotFound = () => notFound(messages.profile.notFound);

export async function isFollowing(db: Db, followerId: string, followeeId: string) {
  const [row] = await db
    .select({ followerId: follows.followerId })
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)))
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
    blockedByMe: Boolean(relation.blockedByMe),
    mutedByMe: Boolean(relation.mutedByMe),
  };
}

/** One `new_follower` notice per follower while it is unread; true when one was created now. */
async function notifyNewFollower(tx: Db, recipientId: string, actorId: string): Promise<boolean> {
  // New followers group by the follower (notify.ts), so this is their own unread group.
  const [unread] = await tx
    .select({ id: notificationGroups.id })
    .from(notificationGroups)
    .where(
      and(
        eq(notificationGroups.recipientId, recipientId),
        eq(notificationGroups.targetKey, actorId),
        eq(notificationGroups.type, 'new_follower'),
        eq(notificationGroups.read, false),
      ),
    )
    .limit(1);
  if (unread) return false;
  return notify(tx, { type: 'new_follower', recipientId, actorId });
}

export async function setFollow({
  ctx: { db, live, viewer },
  input: { targetId, follow },
}: ServiceArgs<'db' | 'live' | 'viewer', { targetId: string; follow: boolean }>): Promise<FollowStateDto> {
  if (targetId === viewer.id) throw invalid(messages.social.cannotFollowSelf);
  await requireProfile(db, targetId, profileNotFound);
  await requireVisible(db, viewer.id, targetId, profileNotFound);
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
      if (step !== 0) {
        await tx
          .update(profiles)
          .set({ followingCount: sql`${profiles.followingCount} + ${step}` })
          .where(eq(profiles.userId, viewer.id));
      }
      const [target] = await tx
        .update(profiles)
        .set({ followerCount: sql`${profiles.followerCount} + ${step}` })
        .where(eq(profiles.userId, targetId))
        .returning({ followerCount: profiles.followerCount });
      const notified = step === 1 && (await notifyNewFollower(tx, targetId, viewer.id));
      return { followerCount: target?.followerCount ?? 0, notified };
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
