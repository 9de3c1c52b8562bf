/**
 * Block of a member by a remote account: written as a block by that account (features/safety's
 * write, the same as a member's: follows both ways end, each is hidden from the other), so the
 * member no longer sees it and it gets nothing of the member's here. Undo(Block), the Block
 * embedded and the sender's own, lifts it.
 */
import type { InboxContext } from '@fedify/fedify';
import type { Block } from '@fedify/vocab';
import type { CoreDeps } from '../../../core/deps.ts';
import { withTransaction } from '../../../core/service.ts';
import { deleteBlock, writeBlock } from '../../safety/blocks.ts';
import { isPublishedLocal } from '../accounts.ts';
import { senderOf } from './sender.ts';

async function blockPair(ctx: InboxContext<CoreDeps>, block: Block) {
  if (!block.objectId) return null;
  const target = ctx.parseUri(block.objectId);
  if (target?.type !== 'actor' || !(await isPublishedLocal(ctx.data.db, target.identifier))) return null;
  const blockerId = await senderOf(ctx, block);
  return blockerId ? { blockerId, blockedId: target.identifier } : null;
}

export async function onBlock(ctx: InboxContext<CoreDeps>, block: Block): Promise<void> {
  const pair = await blockPair(ctx, block);
  if (!pair) return;
  const changed = await withTransaction(ctx.data.db, (tx) => writeBlock(tx, pair.blockerId, pair.blockedId));
  if (changed) ctx.data.live.publish({ kind: 'notification', recipientId: pair.blockedId });
}

export async function undoBlock(ctx: InboxContext<CoreDeps>, block: Block): Promise<void> {
  const pair = await blockPair(ctx, block);
  if (!pair) return;
  await withTransaction(ctx.data.db, (tx) => deleteBlock(tx, pair.blockerId, pair.blockedId));
}
