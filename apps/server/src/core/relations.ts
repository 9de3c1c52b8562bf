/**
 * How two accounts stand with each other, read by every feature that acts between two people
 * (follow, block, a public profile's buttons). Blocks and mutes are written by the safety feature
 * (features/safety/blocks.ts); what they hide is core/visibility.ts.
 */
import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { blocks, mutes, user } from '../db/schema.ts';

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
