/**
 * The follow graph and account reports. A follow is one row (idempotent by its primary key, core/toggle.ts);
 * the two counters move in the same transaction, so counts stay exact under concurrent taps. A new
 * follow notifies the followed person once (no second unread notice from the same follower).
 */
import type { FollowStateDto, PublicProfileDto } from '@glimpse/shared';
import { messages } from '@glimpse/shared';
import { and, eq } from 'drizzle-orm';
import { followStep } from '../../core/counters.ts';
import { notify } from '../../core/notify.ts';
import { findProfile } from '../../core/profiles.ts';
import { blockedBetween, lockPair, relationTo } from '../../core/relations.ts';
import type { ServiceArgs } from '../../core/service.ts';
import { type Step, toggleWithCounter } from '../../core/toggle.ts';
import { visibleTo } from '../../core/visibility.ts';
import type { Db } from '../../db/client.ts';
import { follows, profiles } from '../../db/schema.ts';
import { invalid, notFound } from '../../lib/errors.ts';

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

export async function setFollow({
  ctx: { db, live, viewer },
  input: { targetId, follow },
}: ServiceArgs<'db' | 'live' | 'viewer', { targetId: string; follow: boolean }>): Promise<FollowStateDto> {
  if (targetId === viewer.id) throw invalid(messages.social.cannotFollowSelf);
  // Only someone with a profile, visible to the viewer (core/visibility.ts), is followed.
  const [target] = await db
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(and(eq(profiles.userId, targetId), visibleTo(profiles.userId, viewer.id)))
    .limit(1);
  if (!target) throw profileNotFound();
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
      const followerCount = await followStep(tx, viewer.id, targetId, step);
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
