/**
 * The `federation_account_move` job that moves.ts `moveAccount` queues: `Move {actor: old, object:
 * old, target: new}` to every remote follower's server, then the local followers moved here
 * (mirror/move-followers.ts). Its own module, apart from the rest of moves.ts, so that a job-running
 * process knows the task without loading Fedify, which loads with the first move (~25 MB,
 * docs/performance.md, "Memory").
 */
import type { Context } from '@fedify/fedify';
import type { CoreDeps } from '../../../core/deps.ts';
import { defineTask } from '../../../jobs/task.ts';
import { isPublishedLocal, remoteActorOf } from '../accounts.ts';
import { remoteFollowersOf } from './recipients.ts';

/** The actor id of `userId`: ours from the Context, a remote one from its row. */
export async function actorIriOf(ctx: Context<CoreDeps>, userId: string): Promise<string | null> {
  const remote = await remoteActorOf(ctx.data.db, userId);
  if (remote) return remote.iri;
  return (await isPublishedLocal(ctx.data.db, userId)) ? ctx.getActorUri(userId).href : null;
}

export const accountMoveTask = defineTask<{ oldId: string; newId: string }, CoreDeps>({
  name: 'federation_account_move',
  async run({ oldId, newId }, deps) {
    const [{ Move }, { federationContext }, { moveFollowers }] = await Promise.all([
      import('@fedify/vocab'),
      import('../context.ts'),
      import('../mirror/move-followers.ts'),
    ]);
    const ctx = federationContext(deps);
    const oldIsLocal = !(await remoteActorOf(deps.db, oldId));
    if (oldIsLocal && deps.env.FEDERATION === 'on') {
      const newIri = await actorIriOf(ctx, newId);
      const remoteFollowers = await remoteFollowersOf(deps.db, oldId);
      if (newIri && remoteFollowers.length > 0) {
        const me = ctx.getActorUri(oldId);
        const move = new Move({
          id: new URL(`#moves/${crypto.randomUUID()}`, me),
          actor: me,
          object: me,
          target: new URL(newIri),
        });
        await ctx.sendActivity({ identifier: oldId }, remoteFollowers, move, {
          preferSharedInbox: true,
        });
      }
    }
    await moveFollowers(ctx, oldId, newId);
  },
});
