/**
 * How two accounts stand with each other, read by every feature that acts between two people
 * (follow, block, a public profile's buttons). Blocks and mutes are written by the safety feature
 * (features/safety/blocks.ts); what they hide is core/visibility.ts.
 */
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { blocks, followRequests, follows, mutes, user } from '../db/schema.ts';

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

/** How the viewer stands with one account, as an app's Relationship shows it. */
export interface Standing {
  userId: string;
  following: boolean;
  followedBy: boolean;
  /** The viewer's follow waits for the other's approval (or their server's Accept). */
  requested: boolean;
  /** The other's follow waits for the viewer's approval. */
  requestedBy: boolean;
  blocking: boolean;
  muting: boolean;
}

/**
 * How the viewer stands with each of `otherIds`, in one query: the accounts that exist, are not
 * suspended and have not blocked the viewer (a blocked person never learns of the block, so an
 * account that blocked them is as absent as a missing one); an account the viewer blocked is kept,
 * with `blocking`, as its profile still opens for Unblock.
 */
export async function standingsWith(
  db: Db,
  viewerId: string,
  otherIds: readonly string[],
): Promise<Standing[]> {
  const ids = [...new Set(otherIds)];
  if (ids.length === 0) return [];
  const exists = (table: SQL) => sql<boolean>`exists (${table})`;
  const rows = await db
    .select({
      userId: user.id,
      following: exists(
        sql`select 1 from ${follows} where ${follows.followerId} = ${viewerId} and ${follows.followeeId} = ${user.id}`,
      ),
      followedBy: exists(
        sql`select 1 from ${follows} where ${follows.followerId} = ${user.id} and ${follows.followeeId} = ${viewerId}`,
      ),
      requested: exists(
        sql`select 1 from ${followRequests} where ${followRequests.followerId} = ${viewerId} and ${followRequests.followeeId} = ${user.id}`,
      ),
      requestedBy: exists(
        sql`select 1 from ${followRequests} where ${followRequests.followerId} = ${user.id} and ${followRequests.followeeId} = ${viewerId}`,
      ),
      blocking: exists(
        sql`select 1 from ${blocks} where ${blocks.blockerId} = ${viewerId} and ${blocks.blockedId} = ${user.id}`,
      ),
      muting: exists(
        sql`select 1 from ${mutes} where ${mutes.muterId} = ${viewerId} and ${mutes.mutedId} = ${user.id}`,
      ),
    })
    .from(user)
    .where(
      and(
        inArray(user.id, ids),
        eq(user.banned, false),
        sql`not exists (select 1 from ${blocks} where ${blocks.blockerId} = ${user.id} and ${blocks.blockedId} = ${viewerId})`,
      ),
    );
  return rows.map((row) => ({
    userId: row.userId,
    following: Boolean(row.following),
    followedBy: Boolean(row.followedBy),
    requested: Boolean(row.requested),
    requestedBy: Boolean(row.requestedBy),
    blocking: Boolean(row.blocking),
    muting: Boolean(row.muting),
  }));
}
