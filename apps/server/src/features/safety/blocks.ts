/**
 * Blocks and mutes between two accounts. A block removes the follows both ways (counts corrected
 * in the same transaction) and the notices between the two; from then on visibility.ts hides each
 * from the other. A mute only takes the muted account out of the muter's feeds; nobody is told.
 *
 * A block and a follow between the same two people take the same transaction-scoped advisory lock
 * (`lockPair`, core/relations.ts), and a follow re-checks for a block under it, so no follow survives a concurrent
 * block and every counter stays exact.
 *
 * As Mastodon removes a blocked account's boosts of the blocker's statuses, a block takes the
 * blocked account's shares of the blocker's posts away (count, feeds, and an Undo(Announce) from a
 * member who shared); the blocker's shares of the other's posts are the blocker's own to keep.
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { followsRemoved } from '../../core/counters.ts';
import { blockDelivery, shareDelivery } from '../../core/federation-jobs.ts';
import { lockPair } from '../../core/relations.ts';
import type { Db } from '../../db/client.ts';
import { blocks, follows, mutes, notifications, postShares, posts } from '../../db/schema.ts';

/** Inserts the block (idempotent); on a new one removes follows both ways and the notices between them. */
export async function writeBlock(tx: Db, blockerId: string, blockedId: string): Promise<boolean> {
  await lockPair(tx, blockerId, blockedId);
  // A remote account blocked by a member is told so (Block), queued with the row.
  const added = await tx
    .insert(blocks)
    .values({ blockerId, blockedId })
    .onConflictDoNothing()
    .returning({ delivery: blockDelivery(true) });
  if (added.length === 0) return false;
  const removed = await tx
    .delete(follows)
    .where(
      or(
        and(eq(follows.followerId, blockerId), eq(follows.followeeId, blockedId)),
        and(eq(follows.followerId, blockedId), eq(follows.followeeId, blockerId)),
      ),
    )
    .returning();
  await followsRemoved(tx, removed);
  const unshared = await tx
    .delete(postShares)
    .where(
      and(
        eq(postShares.userId, blockedId),
        inArray(
          postShares.postId,
          tx.select({ id: posts.id }).from(posts).where(eq(posts.authorId, blockerId)),
        ),
      ),
    )
    .returning({ postId: postShares.postId, delivery: shareDelivery(false) });
  if (unshared.length > 0)
    await tx
      .update(posts)
      .set({ shareCount: sql`${posts.shareCount} - 1` })
      .where(
        inArray(
          posts.id,
          unshared.map((share) => share.postId),
        ),
      );
  await tx
    .delete(notifications)
    .where(
      or(
        and(eq(notifications.recipientId, blockerId), eq(notifications.actorId, blockedId)),
        and(eq(notifications.recipientId, blockedId), eq(notifications.actorId, blockerId)),
      ),
    );
  return true;
}

export async function deleteBlock(tx: Db, blockerId: string, blockedId: string): Promise<boolean> {
  await lockPair(tx, blockerId, blockedId);
  const removed = await tx
    .delete(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
    .returning({ delivery: blockDelivery(false) });
  return removed.length > 0;
}

export async function writeMute(db: Db, muterId: string, mutedId: string, muted: boolean): Promise<void> {
  if (muted) await db.insert(mutes).values({ muterId, mutedId }).onConflictDoNothing();
  else await db.delete(mutes).where(and(eq(mutes.muterId, muterId), eq(mutes.mutedId, mutedId)));
}
