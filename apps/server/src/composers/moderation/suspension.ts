/**
 * Suspending an account and lifting it, as one transaction each. A suspended account cannot sign
 * in (better-auth's admin plugin refuses it, auth.ts), its sessions and app tokens end at once on
 * every instance (rows deleted here; `account_status` tells every instance's session and token
 * checks, suspended.ts and oauth/tokens.ts), and its
 * posts, comments, events, likes and follows are hidden everywhere (visibility.ts) but kept. The
 * counters other people see (likes, comments, Interested, followers, following) leave out its marks
 * while it is suspended and get them back when the suspension is lifted.
 */

import { and, eq } from 'drizzle-orm';
import { suspensionCounters } from '../../core/counters.ts';
import type { Db } from '../../db/client.ts';
import { session, user } from '../../db/schema.ts';
import { deleteMemberTokens } from '../../oauth/revocation.ts';

/**
 * Sets `user.banned` and moves the counters by the account's marks, only when the flag really
 * changed (so a repeated action moves nothing). Runs in the caller's transaction; true when changed.
 */
export async function writeSuspension(
  tx: Db,
  userId: string,
  suspended: boolean,
  reason: string | null,
): Promise<boolean> {
  const changed = await tx
    .update(user)
    .set({ banned: suspended, banReason: suspended ? reason : null, banExpires: null })
    .where(and(eq(user.id, userId), eq(user.banned, !suspended)))
    .returning({ id: user.id });
  if (changed.length === 0) return false;
  const step = suspended ? -1 : 1;
  if (suspended) {
    await tx.delete(session).where(eq(session.userId, userId));
    // Apps signed in as the account end too, and stay ended when the suspension is lifted.
    await deleteMemberTokens(tx, userId);
  }
  await suspensionCounters(tx, userId, step);
  return true;
}
