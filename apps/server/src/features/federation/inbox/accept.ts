/**
 * Accept and Reject of a member's Follow by the remote account. Our Follow ids are
 * `<member's actor id>#follows/<uuid>`, so the Follow (embedded or by id) names the member; the
 * answer counts only when that member has a waiting request to this very sender: nobody can make a
 * member follow them by sending an Accept of their own making.
 */
import type { InboxContext } from '@fedify/fedify';
import type { Accept, Reject } from '@fedify/vocab';
import { and, eq } from 'drizzle-orm';
import type { CoreDeps } from '../../../core/deps.ts';
import { applyFollow, isFollowing } from '../../../core/follows.ts';
import { withTransaction } from '../../../core/service.ts';
import { followRequests } from '../../../db/schema.ts';
import { allowedSender } from './guard.ts';
import { onJoinAnswer } from './join-answer.ts';

async function answeredFollow(ctx: InboxContext<CoreDeps>, activity: Accept | Reject) {
  const remoteId = await allowedSender(ctx.data.db, activity.actorId);
  if (!remoteId || !activity.objectId) return null;
  const follower = ctx.parseUri(activity.objectId);
  if (follower?.type !== 'actor') return null;
  return { remoteId, localId: follower.identifier };
}

const requestOf = (localId: string, remoteId: string) =>
  and(eq(followRequests.followerId, localId), eq(followRequests.followeeId, remoteId));

export async function onAccept(ctx: InboxContext<CoreDeps>, accept: Accept): Promise<void> {
  if (await onJoinAnswer(ctx, accept, 'going')) return;
  const pair = await answeredFollow(ctx, accept);
  if (!pair) return;
  const { db, live } = ctx.data;
  await withTransaction(db, async (tx) => {
    const [request] = await tx
      .delete(followRequests)
      .where(requestOf(pair.localId, pair.remoteId))
      .returning({ followerId: followRequests.followerId });
    if (!request) return;
    await applyFollow(
      { db: tx, live },
      { followerId: pair.localId, followeeId: pair.remoteId, follow: true },
    );
  });
}

/** Reject: of a waiting request, it goes; of a follow accepted before (the account removed a follower), it ends. */
export async function onReject(ctx: InboxContext<CoreDeps>, reject: Reject): Promise<void> {
  if (await onJoinAnswer(ctx, reject, 'rejected')) return;
  const pair = await answeredFollow(ctx, reject);
  if (!pair) return;
  const { db, live } = ctx.data;
  await db.delete(followRequests).where(requestOf(pair.localId, pair.remoteId));
  if (await isFollowing(db, pair.localId, pair.remoteId)) {
    await applyFollow({ db, live }, { followerId: pair.localId, followeeId: pair.remoteId, follow: false });
  }
}
