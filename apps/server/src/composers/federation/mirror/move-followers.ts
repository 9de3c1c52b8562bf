/**
 * The part of moving an account (outbox/moves.ts has the rest) that both directions share and
 * that the inbox runs: whether the new account lists the old one in `alsoKnownAs` (re-fetched,
 * never trusted from a payload or a stored copy), an inbound Move taken, and our members who
 * followed the old account moved to the new one. It works on a Fedify Context it is given, so the
 * inbox handler can call it without a cycle through context.ts.
 *
 * Moving a follower: follow the new account as that follower would (a private member's approval
 * and a remote server's Accept respected; a block or a suspension between them skips it), leave
 * the old one, and a notice `account_moved` with the new account as its actor. Each step is
 * idempotent, so a retried job does nothing twice.
 */
import type { Context } from '@fedify/fedify';
import { isActor, lookupObject } from '@fedify/vocab';
import { and, eq, notExists, sql } from 'drizzle-orm';
import type { CoreDeps } from '../../../core/deps.ts';
import { applyFollow, isFollowing, requestFollow, takeFollowRequest } from '../../../core/follows.ts';
import { notify } from '../../../core/notify.ts';
import { movedToFor } from '../../../core/profiles.ts';
import { visibleTo } from '../../../core/visibility.ts';
import type { Db } from '../../../db/client.ts';
import { accountAliases, federationActors, follows, profiles } from '../../../db/schema.ts';
import { AppError } from '../../../lib/errors.ts';
import { isPublishedLocal, remoteActorOf } from '../accounts.ts';
import { isDomainBlocked } from '../admin/domain-blocks.ts';
import { setRemoteFollow } from '../outbox/follows.ts';
import { upsertRemoteActor } from './remote-actors.ts';

/**
 * Whether the account `targetId` names `oldIri` in its `alsoKnownAs`. A member here: our alias
 * rows. Elsewhere: its actor fetched now through the gate (Mastodon re-fetches too: a payload or a
 * cached copy could be stale or forged), its rows refreshed on the way.
 */
export async function listsAlias(ctx: Context<CoreDeps>, targetId: string, oldIri: string): Promise<boolean> {
  const deps = ctx.data;
  const remote = await remoteActorOf(deps.db, targetId);
  if (!remote) {
    const [row] = await deps.db
      .select({ iri: accountAliases.iri })
      .from(accountAliases)
      .where(and(eq(accountAliases.userId, targetId), eq(accountAliases.iri, oldIri)));
    return Boolean(row);
  }
  if (await isDomainBlocked(deps.db, remote.domain)) return false;
  const actor = await lookupObject(remote.iri, {
    documentLoader: ctx.documentLoader,
    contextLoader: ctx.contextLoader,
  }).catch(() => null);
  if (!actor || !isActor(actor) || actor.id?.href !== remote.iri) return false;
  await upsertRemoteActor(deps, actor);
  return actor.aliasIds.some((id) => id.href === oldIri);
}

/**
 * An inbound Move (inbox/move.ts), run in the inbox's job: `oldId` is the known remote sender,
 * `targetIri` the new actor. Taken only when the target lists the old account (re-fetched); then
 * the old profile is marked moved and our members who followed it move. False when ignored.
 */
export async function acceptRemoteMove(
  ctx: Context<CoreDeps>,
  { oldId, oldIri, targetIri }: { oldId: string; oldIri: string; targetIri: URL },
): Promise<boolean> {
  const deps = ctx.data;
  const ours = ctx.parseUri(targetIri);
  let newId: string | null = null;
  if (ours?.type === 'actor') {
    if (await isPublishedLocal(deps.db, ours.identifier)) newId = ours.identifier;
  } else if (targetIri.origin !== new URL(ctx.canonicalOrigin).origin) {
    newId = await remoteAccountAt(ctx, targetIri);
  }
  if (!newId || newId === oldId || !(await listsAlias(ctx, newId, oldIri))) return false;
  if ((await movedToFor(deps.db, oldId))?.userId !== newId) {
    await deps.db
      .update(profiles)
      .set({ movedToId: newId, movedAt: new Date() })
      .where(eq(profiles.userId, oldId));
  }
  await moveFollowers(ctx, oldId, newId);
  return true;
}

/** The remote actor at `iri`, fetched through the gate and written as local rows; null if none. */
async function remoteAccountAt(ctx: Context<CoreDeps>, iri: URL): Promise<string | null> {
  if (await isDomainBlocked(ctx.data.db, iri.host)) return null;
  const actor = await lookupObject(iri, {
    documentLoader: ctx.documentLoader,
    contextLoader: ctx.contextLoader,
  }).catch(() => null);
  if (!actor || !isActor(actor) || actor.id?.href !== iri.href) return null;
  return upsertRemoteActor(ctx.data, actor);
}

/** Follows `newId` as `followerId` would; false when a block, a suspension or a refusal stops it. */
async function followNew(ctx: Context<CoreDeps>, followerId: string, newId: string): Promise<boolean> {
  const { db, live } = ctx.data;
  try {
    if (await remoteActorOf(db, newId)) {
      await setRemoteFollow(ctx, { followerId, targetId: newId, follow: true });
      return true;
    }
    const [target] = await db
      .select({ isPrivate: profiles.isPrivate })
      .from(profiles)
      .where(and(eq(profiles.userId, newId), visibleTo(profiles.userId, followerId)));
    if (!target) return false;
    if (await isFollowing(db, followerId, newId)) return true;
    if (target.isPrivate) await requestFollow({ db, live }, { followerId, followeeId: newId });
    else await applyFollow({ db, live }, { followerId, followeeId: newId, follow: true });
    return true;
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
}

async function leaveOld(ctx: Context<CoreDeps>, followerId: string, oldId: string): Promise<void> {
  const { db, live } = ctx.data;
  try {
    if (await remoteActorOf(db, oldId)) {
      await setRemoteFollow(ctx, { followerId, targetId: oldId, follow: false });
      return;
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
  }
  await takeFollowRequest(db, { followerId, followeeId: oldId });
  if (await isFollowing(db, followerId, oldId))
    await applyFollow({ db, live }, { followerId, followeeId: oldId, follow: false });
}

/** The members here who follow `userId` (not remote accounts: their own servers move them). */
function localFollowersOf(db: Db, userId: string) {
  return db
    .select({ followerId: follows.followerId })
    .from(follows)
    .where(
      and(
        eq(follows.followeeId, userId),
        notExists(
          db
            .select({ one: sql`1` })
            .from(federationActors)
            .where(eq(federationActors.userId, follows.followerId)),
        ),
      ),
    );
}

/**
 * Our members who followed `oldId` follow `newId` instead (each told by a notice when the follow
 * was made or asked for); remote followers are their own servers' to move.
 */
export async function moveFollowers(ctx: Context<CoreDeps>, oldId: string, newId: string): Promise<void> {
  const deps = ctx.data;
  const followers = await localFollowersOf(deps.db, oldId);
  for (const { followerId } of followers) {
    if (followerId === newId) {
      await leaveOld(ctx, followerId, oldId);
      continue;
    }
    const followed = await followNew(ctx, followerId, newId);
    await leaveOld(ctx, followerId, oldId);
    if (!followed) continue;
    const notified = await notify(deps.db, {
      type: 'account_moved',
      recipientId: followerId,
      actorId: newId,
    });
    if (notified) deps.live.publish({ kind: 'notification', recipientId: followerId });
  }
}
