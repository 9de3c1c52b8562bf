/**
 * Where activities for remote accounts go: a `Recipient` per actor row (its inbox and shared
 * inbox), and the remote followers of a member, each server's shared inbox once (Fedify merges
 * recipients that share one when `preferSharedInbox` is set).
 */
import type { Recipient } from '@fedify/vocab';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { federationActors, follows } from '../../../db/schema.ts';

export function recipientOf(actor: { iri: string; inbox: string; sharedInbox: string | null }): Recipient {
  return {
    id: new URL(actor.iri),
    inboxId: new URL(actor.inbox),
    endpoints: actor.sharedInbox ? { sharedInbox: new URL(actor.sharedInbox) } : null,
  };
}

export async function remoteFollowersOf(db: Db, userId: string): Promise<Recipient[]> {
  const rows = await db
    .select({
      iri: federationActors.iri,
      inbox: federationActors.inbox,
      sharedInbox: federationActors.sharedInbox,
    })
    .from(follows)
    .innerJoin(federationActors, eq(federationActors.userId, follows.followerId))
    .where(eq(follows.followeeId, userId));
  return rows.map(recipientOf);
}
