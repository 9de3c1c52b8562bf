/**
 * Moving an account between servers, as Mastodon does it.
 *
 * Out: the member first lists the old account as an alias on the new one (`account_aliases`,
 * published as `alsoKnownAs`), then presses Move on the old one. The old server re-fetches the new
 * actor (never trusting what it held) and moves only when its `alsoKnownAs` names the old actor;
 * it then marks the old profile moved (`profiles.moved_to_id`, published as `movedTo`) and a job
 * sends `Move {actor: old, object: old, target: new}` to every remote follower's server and moves
 * the local followers itself (move-task.ts, mirror/move-followers.ts).
 *
 * In: inbox/move.ts and mirror/move-followers.ts `acceptRemoteMove`.
 */
import type { AccountMovesDto } from '@glimpse/shared';
import { limits, messages } from '@glimpse/shared';
import { and, asc, count, eq } from 'drizzle-orm';
import type { CoreDeps } from '../../../core/deps.ts';
import { movedToFor, movedToOf } from '../../../core/profiles.ts';
import { withTransaction } from '../../../core/service.ts';
import { accountAliases, profiles } from '../../../db/schema.ts';
import { addJob } from '../../../jobs/task.ts';
import { AppError, conflict, invalid, notFound } from '../../../lib/errors.ts';
import { isPublishedLocal } from '../accounts.ts';
import { federationContext } from '../context.ts';
import { lookUpAccount } from '../mirror/lookup.ts';
import { listsAlias } from '../mirror/move-followers.ts';
import { handleOf } from '../objects/person.ts';
import { accountMoveTask, actorIriOf } from './move-task.ts';

type Viewer = { id: string };

const cooldownMs = limits.moveCooldownDays * 24 * 60 * 60 * 1000;

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
  if (!(await listsAlias(ctx, targetId, ctx.getActorUri(viewer.id).href)))
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
