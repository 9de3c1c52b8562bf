/**
 * A follow between two accounts, local or remote: one row (idempotent by its primary key,
 * core/toggle.ts), the two counters moved in the same transaction (core/counters.ts), so counts
 * stay exact under concurrent taps, and one notice to the followed person (no second unread notice
 * from the same follower). The social feature calls it for a member here, federation for an
 * account elsewhere; a request still waiting (follow_requests) is not a follow.
 */
import type { FollowStateDto } from '@glimpse/shared';
import { messages } from '@glimpse/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { followRequests, follows } from '../db/schema.ts';
import { notFound } from '../lib/errors.ts';
import { followStep } from './counters.ts';
import { notify } from './notify.ts';
import { blockedBetween, lockPair } from './relations.ts';
import { type ServiceContext, withTransaction } from './service.ts';
import { type Step, toggleWithCounter } from './toggle.ts';

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

/**
 * The follow row and both counters, a block re-checked under the pair's lock, the notice: after the
 * caller has checked who may follow whom. Federation (composers/federation) calls it for a remote
 * account's Follow of a member and for a member's follow that the remote server accepted.
 */
export async function applyFollow(
  { db, live }: Pick<ServiceContext, 'db' | 'live'>,
  { followerId, followeeId: targetId, follow }: { followerId: string; followeeId: string; follow: boolean },
): Promise<FollowStateDto> {
  const { followerCount, notified } = await toggleWithCounter(db, {
    table: follows,
    row: { followerId, followeeId: targetId },
    on: follow,
    moveCounters: async (tx, step: Step) => {
      // A block committed since the check above wins: no follow survives it (safety/blocks.ts).
      if (step === 1) {
        await lockPair(tx, followerId, targetId);
        if (await blockedBetween(tx, followerId, targetId)) throw profileNotFound();
      }
      const followerCount = await followStep(tx, followerId, targetId, step);
      // One notice per follower while it is unread: following again after an unfollow adds none.
      const notified =
        step === 1 &&
        (await notify(
          tx,
          { type: 'new_follower', recipientId: targetId, actorId: followerId },
          { onceWhileUnread: true },
        ));
      return { followerCount, notified };
    },
  });
  if (notified) live.publish({ kind: 'notification', recipientId: targetId });
  return { following: follow, followerCount };
}

/**
 * A follow that waits for a private member's approval (issue 26): one `follow_requests` row (a
 * second request while one waits changes nothing) and one `follow_request` notice to the member.
 * `activityIri` is the remote Follow's id when the request came from another server, so the
 * answer (Accept or Reject) can name it. A block between the two refuses it as a missing profile.
 */
export async function requestFollow(
  { db, live }: Pick<ServiceContext, 'db' | 'live'>,
  {
    followerId,
    followeeId,
    activityIri = null,
  }: { followerId: string; followeeId: string; activityIri?: string | null },
): Promise<void> {
  const notified = await withTransaction(db, async (tx) => {
    await lockPair(tx, followerId, followeeId);
    if (await blockedBetween(tx, followerId, followeeId)) throw profileNotFound();
    const [created] = await tx
      .insert(followRequests)
      .values({ followerId, followeeId, activityIri })
      .onConflictDoNothing()
      .returning({ followerId: followRequests.followerId });
    return (
      Boolean(created) &&
      (await notify(
        tx,
        { type: 'follow_request', recipientId: followeeId, actorId: followerId },
        { onceWhileUnread: true },
      ))
    );
  });
  if (notified) live.publish({ kind: 'notification', recipientId: followeeId });
}

/** Removes a waiting request (withdrawn, approved or declined); its remote Follow's id when it had one. */
export async function takeFollowRequest(
  db: Db,
  { followerId, followeeId }: { followerId: string; followeeId: string },
): Promise<{ activityIri: string | null } | null> {
  const [request] = await db
    .delete(followRequests)
    .where(and(eq(followRequests.followerId, followerId), eq(followRequests.followeeId, followeeId)))
    .returning({ activityIri: followRequests.activityIri });
  return request ?? null;
}

/** The requests waiting for the member's approval, oldest first. */
export async function waitingRequests(db: Db, followeeId: string) {
  return db
    .select({ followerId: followRequests.followerId, createdAt: followRequests.createdAt })
    .from(followRequests)
    .where(eq(followRequests.followeeId, followeeId))
    .orderBy(asc(followRequests.createdAt));
}
