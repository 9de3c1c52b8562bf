/**
 * Accept and Reject of a member's Follow by the remote account. Our Follow ids are
 * `<member's actor id>#follows/<uuid>`, so the Follow (embedded or by id) names the member; the
 * answer counts only when that member has a waiting request to this very sender: nobody can make a
 * member follow them by sending an Accept of their own making.
 */
import type { Context } from '@fedify/fedify';
import type { Accept, Reject } from '@fedify/vocab';
import { and, eq } from 'drizzle-orm';
import type { CoreDeps } from '../../../core/deps.ts';
import { applyFollow, isFollowing } from '../../../core/follows.ts';
import { withTransaction } from '../../../core/service.ts';
import { followRequests } from '../../../db/schema.ts';
import type { InboxHandler } from './receive.ts';

/** The member whose Follow an answer names (embedded or by id: its id is the member's actor id). */
function followerOf(ctx: Context<CoreDeps>, activity: Accept | Reject) {
  const follower = activity.objectId ? ctx.parseUri(activity.objectId) : null;
  return follower?.type === 'actor' ? { about: follower.identifier } : null;
}

const requestOf = (localId: string, remoteId: string) =>
  and(eq(followRequests.followerId, localId), eq(followRequests.followeeId, remoteId));

export const onFollowAccepted: InboxHandler<Accept, string, 'known'> = {
  sender: 'known',
  find: async (ctx, accept) => followerOf(ctx, accept),
  async handle(ctx, _accept, sender, localId) {
    const { db, live } = ctx.data;
    await withTransaction(db, async (tx) => {
      const [request] = await tx
        .delete(followRequests)
        .where(requestOf(localId, sender.id))
        .returning({ followerId: followRequests.followerId });
      if (!request) return;
      await applyFollow({ db: tx, live }, { followerId: localId, followeeId: sender.id, follow: true });
    });
  },
};

/** Reject: of a waiting request, it goes; of a follow accepted before (the account removed a follower), it ends. */
export const onFollowRejected: InboxHandler<Reject, string, 'known'> = {
  sender: 'known',
  find: async (ctx, reject) => followerOf(ctx, reject),
  async handle(ctx, _reject, sender, localId) {
    const { db, live } = ctx.data;
    await db.delete(followRequests).where(requestOf(localId, sender.id));
    if (await isFollowing(db, localId, sender.id)) {
      await applyFollow({ db, live }, { followerId: localId, followeeId: sender.id, follow: false });
    }
  },
};
