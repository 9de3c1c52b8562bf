/**
 * What every inbox handler checks about the sender before touching data: Fedify has verified the
 * signature and that the activity's actor owns the signing key; here, that the actor is an
 * account we may hear from (not suspended here: a suspended remote account is as silent as a
 * suspended member), on a domain that is not blocked (domain-blocks.ts).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { user } from '../../../db/schema.ts';
import { isDomainBlocked } from '../domain-blocks.ts';
import { knownActorId } from '../remote-actors.ts';

/** The local id of a known remote actor we may hear from, or null. */
export async function allowedSender(db: Db, actorIri: URL | null): Promise<string | null> {
  if (!actorIri) return null;
  const userId = await knownActorId(db, actorIri.href);
  if (!userId) return null;
  const [row] = await db.select({ banned: user.banned }).from(user).where(eq(user.id, userId));
  if (!row || row.banned || (await isDomainBlocked(db, actorIri.host))) return null;
  return userId;
}
