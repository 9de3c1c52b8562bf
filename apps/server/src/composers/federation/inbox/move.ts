/**
 * Move from another server (Mastodon's MoveSerializer: `{actor: old, object: old, target: new}`):
 * only an account moving itself (object = sender) that we know and may hear from; the target
 * must list it in `alsoKnownAs`, which mirror/move-followers.ts checks against a fresh copy of the
 * target, never the payload. Anything else is ignored, as Mastodon ignores it.
 */
import type { Move } from '@fedify/vocab';
import { acceptRemoteMove } from '../mirror/move-followers.ts';
import type { InboxHandler } from './receive.ts';

export const onMove: InboxHandler<Move, null, 'known'> = {
  sender: 'known',
  async handle(ctx, move, sender) {
    const { objectId, targetId } = move;
    if (!targetId || objectId?.href !== sender.iri.href) return;
    const taken = await acceptRemoteMove(ctx, {
      oldId: sender.id,
      oldIri: sender.iri.href,
      targetIri: targetId,
    });
    if (!taken) ctx.data.logger.info({ actor: sender.iri.href, target: targetId.href }, 'Move ignored');
  },
};
