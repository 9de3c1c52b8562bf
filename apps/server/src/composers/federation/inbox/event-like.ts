/**
 * Like of a local event from a remote account = Interested (Mobilizon has no Interested of its
 * own; a Like of an Event is the nearest, and what other servers send for a star on an event).
 * Through the same service a member's tap uses (features/events/service.ts `setInterest`: the
 * event must be visible to the account, the count moves once). Undo(Like) takes it back. The
 * table (federation.ts) sends a Like here when its object is one of our events' URLs, and a Like
 * of a post to inbox/interactions.ts.
 */
import type { InboxContext } from '@fedify/fedify';
import { Like, type Undo } from '@fedify/vocab';
import type { CoreDeps } from '../../../core/deps.ts';
import { setInterest } from '../../../features/events/service.ts';
import { AppError } from '../../../lib/errors.ts';
import { asRemote, localEventId } from './join.ts';
import type { InboxHandler } from './receive.ts';

async function interested(ctx: InboxContext<CoreDeps>, remoteId: string, eventId: string, on: boolean) {
  try {
    await setInterest({ ctx: asRemote(ctx, remoteId), input: { eventId, interested: on } });
  } catch (error) {
    // A block or a deleted event: as for a member, nothing changes.
    if (!(error instanceof AppError)) throw error;
  }
}

export const onEventLike: InboxHandler<Like, string, 'anyone'> = {
  sender: 'anyone',
  async find(ctx, like) {
    const eventId = await localEventId(ctx, like.objectId);
    return eventId ? { about: eventId } : null;
  },
  handle: (ctx, _like, sender, eventId) => interested(ctx, sender.id, eventId, true),
};

/** Undo of the sender's own Like of a local event. */
export const onUndoEventLike: InboxHandler<Undo, string, 'known'> = {
  sender: 'known',
  async find(ctx, undo) {
    const like = await undo.getObject();
    if (!(like instanceof Like) || like.actorId?.href !== undo.actorId?.href) return null;
    const eventId = await localEventId(ctx, like.objectId);
    return eventId ? { about: eventId } : null;
  },
  handle: (ctx, _undo, sender, eventId) => interested(ctx, sender.id, eventId, false),
};
