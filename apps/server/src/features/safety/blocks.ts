/**
 * Blocks and mutes between two accounts. A block removes the follows both ways (counts corrected
 * in the same transaction) and the notices between the two; from then on visibility.ts hides each
 * from the other. A mute only takes the muted account out of the muter's feeds; nobody is told.
 *
 * A block and a follow between the same two people take the same transaction-scoped advisory lock
 * (`lockPair`), and a follow re-checks for a block under it, so no follow survives a concurrent
 * block and every counter stays exact.
 */
import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { blocks, follows, mutes, notifications, profiles, user } from '../../db/schema.ts';

/** Serialises block, unblock and follow between two accounts (either order) until the transaction ends. */
export async function lockPair(tx: Db, a: string, b: string): Promise<void> {
  const [first, second] = a < b ? [a, b] : [b, a];
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`block:${first}:${second}`}, 0))`);
}

/** Whether either of the two has blocked the other. */
export async function blockedBetween(db: Db, a: string, b: string): Promise<boolean> {
  const [row] = await db
    .select({ blockerId: blocks.blockerId })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)),
        and(eq(blocks.blockerId, b), eq(blocks.blockedId, a)),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Inserts the block (idempotent); on a new one removes follows both ways and the notices between them. */
export async function writeBlock(tx: Db, blockerId: string, blockedId: string): Promise<boolean> {
  await lockPair(tx, blockerId, blockedId);
  const added = await tx.insert(blocks).values({ blockerId, blockedId }).onConflictDoNothing().returning();
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
  for (const follow of removed) {
    await tx
      .update(profiles)
      .set({ followingCount: sql`${profiles.followingCount} - 1` })
      .where(eq(profiles.userId, follow.followerId));
    await tx
      .update(profiles)
      .set({ followerCount: sql`${profiles.followerCount} - 1` })
      .where(eq(profiles.userId, follow.followeeId));
  }
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
    .returning();
  return removed.length > 0;
}

export async function writeMute(db: Db, muterId: string, mutedId: string, muted: boolean): Promise<void> {
  if (muted) await db.insert(mutes).values({ muterId, mutedId }).onConflictDoNothing();
  else await db.delete(mutes).where(and(eq(mutes.muterId, muterId), eq(mutes.mutedId, mutedId)));
}

/** How the viewer stands with another account, for the public profile's buttons (null: no account). */
export async function relationTo(db: Db, viewerId: string, otherId: string) {
  const [row] = await db
    .select({
      suspended: user.banned,
      blockedByMe: sql<boolean>`exists (select 1 from ${blocks} where ${blocks.blockerId} = ${viewerId} and ${blocks.blockedId} = ${otherId})`,
      blocksMe: sql<boolean>`exists (select 1 from ${blocks} where ${blocks.blockerId} = ${otherId} and ${blocks.blockedId} = ${viewerId})`,
      mutedByMe: sql<boolean>`exists (select 1 from ${mutes} where ${mutes.muterId} = ${viewerId} and ${mutes.mutedId} = ${otherId})`,
    })
    .from(user)
    .where(eq(user.id, otherId))
    .limit(1);
  return row ?? null;
}
