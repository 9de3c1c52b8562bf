/**
 * Moving an account between servers (issue 30), as Mastodon does it.
 *
 * Out: the member first lists the old account as an alias on the new one (`account_aliases`,
 * published as `alsoKnownAs`), then presses Move on the old one. The old server re-fetches the new
 * actor (never trusting what it held) and moves only when its `alsoKnownAs` names the old actor;
 * it then marks the old profile moved (`profiles.moved_to_id`, published as `movedTo`) and a job
 * sends `Move {actor: old, object: old, target: new}` to every remote follower's server and moves
 * the local followers itself.
 *
 * In: a Move whose object is its own sender (inbox/move.ts), from an account we know, whose target
 * lists it in `alsoKnownAs` (re-fetched, or our own aliases when the target is a member here):
 * the same job moves our members who followed it.
 *
 * Moving a follower: follow the new account as that follower would (a private member's approval
 * and a remote server's Accept respected; a block between them skips it), leave the old one, and a
 * notice `account_moved` with the new account as its actor. Each step is idempotent, so a retried
 * job redoes nothing twice.
 */
import type { Context } from '@fedify/fedify';
import { isActor, lookupObject, Move } from '@fedify/vocab';
import type { AccountMovesDto } from '@glimpse/shared';
import { limits, messages } from '@glimpse/shared';
import { and, asc, count, eq, notExists, sql } from 'drizzle-orm';
import type { CoreDeps } from '../../core/deps.ts';
import { applyFollow, isFollowing, requestFollow, takeFollowRequest } from '../../core/follows.ts';
import { notify } from '../../core/notify.ts';
import { movedToFor, movedToOf } from '../../core/profiles.ts';
import { withTransaction } from '../../core/service.ts';
import { visibleTo } from '../../core/visibility.ts';
import type { Db } from '../../db/client.ts';
import { accountAliases, federationActors, follows, profiles } from '../../db/schema.ts';
import { addJob, defineTask } from '../../jobs/task.ts';
import { AppError, conflict, invalid, notFound } from '../../lib/errors.ts';
import { isPublishedLocal, remoteActorOf } from './accounts.ts';
import { isDomainBlocked } from './domain-blocks.ts';
import { federationContext } from './federation.ts';
import { setRemoteFollow } from './follows.ts';
import { lookUpAccount } from './lookup.ts';
import { handleOf } from './objects/person.ts';
import { recipientOf } from './recipients.ts';
import { upsertRemoteActor } from './remote-actors.ts';

type Viewer = { id: string };

const cooldownMs = limits.moveCooldownDays * 24 * 60 * 60 * 1000;

/** The actor id of `userId`: ours from the Context, a remote one from its row. */
async function actorIriOf(ctx: Context<CoreDeps>, userId: string): Promise<string | null> {
  const remote = await remoteActorOf(ctx.data.db, userId);
  if (remote) return remote.iri;
  return (await isPublishedLocal(ctx.data.db, userId)) ? ctx.getActorUri(userId).href : null;
}

/**
 * Whether the account `targetId` names `oldIri` in its `alsoKnownAs`. A member here: our alias
 * rows. Elsewhere: its actor fetched now through the gate (Mastodon re-fetches too: a payload or a
 * cached copy could be stale or forged), its rows refreshed on the way.
 */
async function listsAlias(deps: CoreDeps, targetId: string, oldIri: string): Promise<boolean> {
  const remote = await remoteActorOf(deps.db, targetId);
  if (!remote) {
    const [row] = await deps.db
      .select({ iri: accountAliases.iri })
      .from(accountAliases)
      .where(and(eq(accountAliases.userId, targetId), eq(accountAliases.iri, oldIri)));
    return Boolean(row);
  }
  if (await isDomainBlocked(deps.db, remote.domain)) return false;
  const ctx = federationContext(deps);
  const actor = await lookupObject(remote.iri, {
    documentLoader: ctx.documentLoader,
    contextLoader: ctx.contextLoader,
  }).catch(() => null);
  if (!actor || !isActor(actor) || actor.id?.href !== remote.iri) return false;
  await upsertRemoteActor(deps, actor);
  return actor.aliasIds.some((id) => id.href === oldIri);
}

export async function accountMoves(deps: CoreDeps, viewer: Viewer): Promise<AccountMovesDto> {
  const ctx = federationContext(deps);
  const [profile] = await deps.db
    .select({ username: profiles.username })
    .from(profiles)
    .where(eq(profiles.userId, viewer.id));
  if (!profile) throw notFound(messages.profile.notFound);
  const aliases = await deps.db
    .select({ iri: accountAliases.iri, handle: accountAliases.handle })
    .from(accountAliases)
    .where(eq(accountAliases.userId, viewer.id))
    .orderBy(asc(accountAliases.createdAt));
  const moved = await movedToOf(deps.db, viewer.id);
  return {
    handle: handleOf(ctx, profile.username),
    aliases,
    movedTo: moved?.userId && moved.username ? { userId: moved.userId, username: moved.username } : null,
    movedAt: moved?.movedAt?.toISOString() ?? null,
  };
}

/** The account a handle names, as a user id here (a remote one gets its rows); 404 when none answers. */
async function accountNamed(deps: CoreDeps, viewer: Viewer, handle: string): Promise<string> {
  if (!(await isPublishedLocal(deps.db, viewer.id))) throw notFound(messages.profile.notFound);
  const userId = await lookUpAccount(deps, handle).catch(() => null);
  if (!userId) throw notFound(messages.moves.accountNotFound);
  if (userId === viewer.id) throw invalid(messages.moves.ownAccount);
  return userId;
}

/** Lists a former account as an alias of the viewer's (published as `alsoKnownAs`). */
export async function addAlias(deps: CoreDeps, viewer: Viewer, handle: string): Promise<AccountMovesDto> {
  const aliasId = await accountNamed(deps, viewer, handle);
  const iri = await actorIriOf(federationContext(deps), aliasId);
  if (!iri) throw notFound(messages.moves.accountNotFound);
  await withTransaction(deps.db, async (tx) => {
    const [listed] = await tx
      .select({ n: count() })
      .from(accountAliases)
      .where(eq(accountAliases.userId, viewer.id));
    if ((listed?.n ?? 0) >= limits.aliasesMax) throw invalid(messages.moves.tooManyAliases);
    await tx
      .insert(accountAliases)
      .values({ userId: viewer.id, iri, handle: handle.trim() })
      .onConflictDoNothing();
  });
  return accountMoves(deps, viewer);
}

export async function removeAlias(deps: CoreDeps, viewer: Viewer, iri: string): Promise<AccountMovesDto> {
  const removed = await deps.db
    .delete(accountAliases)
    .where(and(eq(accountAliases.userId, viewer.id), eq(accountAliases.iri, iri)))
    .returning({ iri: accountAliases.iri });
  if (removed.length === 0) throw notFound(messages.moves.aliasNotFound);
  return accountMoves(deps, viewer);
}

/**
 * Moves the viewer's account to the one `handle` names: refused while a move is less than 30 days
 * old (Mastodon's cool-down), when the target moved itself, and (422-like Invalid) unless the
 * target lists this account in its `alsoKnownAs`.
 */
export async function moveAccount(deps: CoreDeps, viewer: Viewer, handle: string): Promise<AccountMovesDto> {
  const before = await movedToOf(deps.db, viewer.id);
  if (before?.movedAt && Date.now() - before.movedAt.getTime() < cooldownMs)
    throw conflict(messages.moves.alreadyMoved);
  const targetId = await accountNamed(deps, viewer, handle);
  const ctx = federationContext(deps);
  if (await movedToFor(deps.db, targetId)) throw invalid(messages.moves.targetMoved);
  if (!(await listsAlias(deps, targetId, ctx.getActorUri(viewer.id).href)))
    throw new AppError('Invalid', messages.moves.notAliased, { handle: messages.moves.notAliased });
  await withTransaction(deps.db, async (tx) => {
    await tx
      .update(profiles)
      .set({ movedToId: targetId, movedAt: new Date() })
      .where(eq(profiles.userId, viewer.id));
    await addJob(tx, accountMoveTask, { oldId: viewer.id, newId: targetId });
  });
  return accountMoves(deps, viewer);
}

/**
 * An inbound Move (inbox/move.ts): `oldId` is the known remote sender, `targetIri` the new actor.
 * True when the move was taken (the target lists the old account), false when ignored.
 */
export async function acceptRemoteMove(
  deps: CoreDeps,
  { oldId, oldIri, targetIri }: { oldId: string; oldIri: string; targetIri: URL },
): Promise<boolean> {
  const ctx = federationContext(deps);
  const ours = ctx.parseUri(targetIri);
  let newId: string | null;
  if (ours?.type === 'actor') {
    newId = (await isPublishedLocal(deps.db, ours.identifier)) ? ours.identifier : null;
  } else {
    if (targetIri.origin === new URL(ctx.canonicalOrigin).origin) return false;
    newId = await lookUpAccount(deps, targetIri.href).catch(() => null);
  }
  if (!newId || newId === oldId || !(await listsAlias(deps, newId, oldIri))) return false;
  const already = await movedToFor(deps.db, oldId);
  if (already?.userId === newId) return true;
  await withTransaction(deps.db, async (tx) => {
    await tx
      .update(profiles)
      .set({ movedToId: newId, movedAt: new Date() })
      .where(eq(profiles.userId, oldId));
    await addJob(tx, accountMoveTask, { oldId, newId });
  });
  return true;
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

export const accountMoveTask = defineTask<{ oldId: string; newId: string }, CoreDeps>({
  name: 'federation_account_move',
  async run({ oldId, newId }, deps) {
    const ctx = federationContext(deps);
    const oldIsLocal = !(await remoteActorOf(deps.db, oldId));
    if (oldIsLocal && deps.env.FEDERATION === 'on') {
      const newIri = await actorIriOf(ctx, newId);
      const remoteFollowers = await deps.db
        .select({
          iri: federationActors.iri,
          inbox: federationActors.inbox,
          sharedInbox: federationActors.sharedInbox,
        })
        .from(follows)
        .innerJoin(federationActors, eq(federationActors.userId, follows.followerId))
        .where(eq(follows.followeeId, oldId));
      if (newIri && remoteFollowers.length > 0) {
        const me = ctx.getActorUri(oldId);
        const move = new Move({
          id: new URL(`#moves/${crypto.randomUUID()}`, me),
          actor: me,
          object: me,
          target: new URL(newIri),
        });
        await ctx.sendActivity({ identifier: oldId }, remoteFollowers.map(recipientOf), move, {
          preferSharedInbox: true,
        });
      }
    }
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
  },
});
