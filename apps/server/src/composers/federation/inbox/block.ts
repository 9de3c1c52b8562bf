/**
 * Block of a member by a remote account: written as a block by that account (features/safety's
 * write, the same as a member's: follows both ways end, each is hidden from the other), so the
 * member no longer sees it and it gets nothing of the member's here. Undo(Block), the Block
 * embedded and the sender's own, lifts it.
 */
import type { InboxContext } from '@fedify/fedify';
import { Block, type Undo } from '@fedify/vocab';
import type { CoreDeps } from '../../../core/deps.ts';
import { withTransaction } from '../../../core/service.ts';
import { deleteBlock, writeBlock } from '../../../features/safety/blocks.ts';
import { isPublishedLocal } from '../accounts.ts';
import type { Found, InboxHandler } from './receive.ts';

/** The member a Block names: one of ours, published. */
async function blockedMember(ctx: InboxContext<CoreDeps>, block: Block): Promise<Found<string> | null> {
  if (!block.objectId) return null;
  const target = ctx.parseUri(block.objectId);
  if (target?.type !== 'actor' || !(await isPublishedLocal(ctx.data.db, target.identifier))) return null;
  return { about: target.identifier };
}

export const onBlock: InboxHandler<Block, string, 'anyone'> = {
  sender: 'anyone',
  find: blockedMember,
  async handle(ctx, _block, sender, blockedId) {
    const changed = await withTransaction(ctx.data.db, (tx) => writeBlock(tx, sender.id, blockedId));
    if (changed) ctx.data.live.publish({ kind: 'notification', recipientId: blockedId });
  },
};

export const onUndoBlock: InboxHandler<Undo, string, 'known'> = {
  sender: 'known',
  async find(ctx, undo) {
    const block = await undo.getObject();
    if (!(block instanceof Block) || block.actorId?.href !== undo.actorId?.href) return null;
    return blockedMember(ctx, block);
  },
  async handle(ctx, _undo, sender, blockedId) {
    await withTransaction(ctx.data.db, (tx) => deleteBlock(tx, sender.id, blockedId));
  },
};
