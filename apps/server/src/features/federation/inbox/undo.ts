/**
 * Undo(Follow): the remote account stops following a member. The Follow must be the sender's own
 * (its actor is the Undo's actor), so nobody undoes somebody else's follow. Undo of a Like or an
 * Announce goes to inbox/interactions.ts, of a Block to inbox/block.ts.
 */
import type { InboxContext } from '@fedify/fedify';
import { Announce, Block, Follow, Like, type Undo } from '@fedify/vocab';
import { and, eq } from 'drizzle-orm';
import type { CoreDeps } from '../../../core/deps.ts';
import { applyFollow, isFollowing } from '../../../core/follows.ts';
import { followRequests } from '../../../db/schema.ts';
import { undoBlock } from './block.ts';
import { onUndoEventLike } from './event-like.ts';
import { allowedSender } from './guard.ts';
import { onUndoInteraction } from './interactions.ts';
import { onUndoJoin } from './join.ts';

export async function onUndo(ctx: InboxContext<CoreDeps>, undo: Undo): Promise<void> {
  if ((await onUndoJoin(ctx, undo)) || (await onUndoEventLike(ctx, undo))) return;
  const { db, live } = ctx.data;
  const remoteId = await allowedSender(db, undo.actorId);
  if (!remoteId) return;
  const object = await undo.getObject();
  if (object instanceof Like) return onUndoInteraction(ctx, undo, object, 'like');
  if (object instanceof Announce) return onUndoInteraction(ctx, undo, object, 'announce');
  if (object instanceof Block) {
    if (object.actorId?.href === undo.actorId?.href) await undoBlock(ctx, object);
    return;
  }
  if (!(object instanceof Follow) || object.actorId?.href !== undo.actorId?.href || !object.objectId) return;
  const target = ctx.parseUri(object.objectId);
  if (target?.type !== 'actor') return;
  await db
    .delete(followRequests)
    .where(and(eq(followRequests.followerId, remoteId), eq(followRequests.followeeId, target.identifier)));
  if (await isFollowing(db, remoteId, target.identifier)) {
    await applyFollow({ db, live }, { followerId: remoteId, followeeId: target.identifier, follow: false });
  }
}
