/**
 * Move from another server (Mastodon's MoveSerializer: `{actor: old, object: old, target: new}`):
 * only an account moving itself (object = sender) that we know and may hear from; the target
 * must list it in `alsoKnownAs`, which moves.ts checks against a fresh copy of the target, never
 * the payload. Anything else is ignored, as Mastodon ignores it.
 */
import type { InboxContext } from '@fedify/fedify';
import type { Move } from '@fedify/vocab';
import type { CoreDeps } from '../../../core/deps.ts';
import { acceptRemoteMove } from '../move-followers.ts';
import { allowedSender } from './guard.ts';

export async function onMove(ctx: InboxContext<CoreDeps>, move: Move): Promise<void> {
  const { actorId, objectId, targetId } = move;
  if (!actorId || !targetId || objectId?.href !== actorId.href) return;
  const oldId = await allowedSender(ctx.data.db, actorId);
  if (!oldId) return;
  const taken = await acceptRemoteMove(ctx, { oldId, oldIri: actorId.href, targetIri: targetId });
  if (!taken) ctx.data.logger.info({ actor: actorId.href, target: targetId.href }, 'Move ignored');
}
