/**
 * The sender of an activity that anyone on the network may send (a Like, an Announce, a reply):
 * unlike a Create from a followed account, it may come from an account we have never seen, so it
 * is fetched (Fedify has checked that it owns the signing key) and written as a remote account,
 * then held to the same rule as a known one (guard.ts: not suspended here). A server that has
 * brought too many new accounts this hour (server-limits.ts) gets none written: its activity drops.
 */
import type { InboxContext } from '@fedify/fedify';
import { type Activity, isActor } from '@fedify/vocab';
import type { CoreDeps } from '../../../core/deps.ts';
import { knownActorId, upsertRemoteActor } from '../remote-actors.ts';
import { allowedSender, type SenderStanding, senderStanding } from './guard.ts';
import { withinServerLimit } from './server-limits.ts';

/** `known`: the sender's standing when the caller has read it already (guard.ts `senderStandingWithPost`). */
export async function senderOf(
  ctx: InboxContext<CoreDeps>,
  activity: Activity,
  known?: SenderStanding,
): Promise<string | null> {
  if (!activity.actorId) return null;
  const { userId, suspended, domainBlocked } = known ?? (await senderStanding(ctx.data.db, activity.actorId));
  if (domainBlocked) return null;
  if (userId) return suspended ? null : userId;
  const actor = await activity.getActor();
  if (!actor || !isActor(actor) || actor.id?.href !== activity.actorId.href) return null;
  if (!(await withinServerLimit(ctx.data, 'remoteAccountsPerServer', activity.actorId.host))) return null;
  await upsertRemoteActor(ctx.data, actor);
  return allowedSender(ctx.data.db, activity.actorId);
}

/**
 * Whether the actor `actorIri` may be written here: known already, or its server still within its
 * hourly count of new accounts. For the handlers that write the actors they hear from themselves
 * (a Follow, a Join, a Like of an event).
 */
export async function newAccountAllowed(ctx: InboxContext<CoreDeps>, actorIri: URL): Promise<boolean> {
  if (await knownActorId(ctx.data.db, actorIri.href)) return true;
  return withinServerLimit(ctx.data, 'remoteAccountsPerServer', actorIri.host);
}
