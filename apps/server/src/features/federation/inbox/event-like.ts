/**
 * Like of a local event from a remote account = Interested (Mobilizon has no Interested of its
 * own; a Like of an Event is the nearest, and what other servers send for a star on an event).
 * Through the same service a member's tap uses (features/events/service.ts `setInterest`: the
 * event must be visible to the account, the count moves once). Undo(Like) takes it back.
 *
 * Joined with the Notes' Like handler (inbox/like.ts) by dispatching on the object: the Like
 * listener calls `onEventLike` first and stops when it answers true; the Undo listener calls
 * `onUndoEventLike` likewise.
 */
import type { InboxContext } from '@fedify/fedify';
import { isActor, Like, type Undo } from '@fedify/vocab';
import type { CoreDeps } from '../../../core/deps.ts';
import { AppError } from '../../../lib/errors.ts';
import { setInterest } from '../../events/service.ts';
import { upsertRemoteActor } from '../remote-actors.ts';
import { allowedSender } from './guard.ts';
import { asRemote, localEventId } from './join.ts';
import { newAccountAllowed } from './sender.ts';

async function interested(ctx: InboxContext<CoreDeps>, remoteId: string, eventId: string, on: boolean) {
  try {
    await setInterest({ ctx: asRemote(ctx, remoteId), input: { eventId, interested: on } });
  } catch (error) {
    // A block or a deleted event: as for a member, nothing changes.
    if (!(error instanceof AppError)) throw error;
  }
}

/** True when the Like is of a local event (handled here), false for anything else. */
export async function onEventLike(ctx: InboxContext<CoreDeps>, like: Like): Promise<boolean> {
  const eventId = await localEventId(ctx, like.objectId);
  if (!eventId) return false;
  if (!like.actorId) return true;
  let remoteId = await allowedSender(ctx.data.db, like.actorId);
  if (!remoteId) {
    const actor = await like.getActor();
    if (!actor || !isActor(actor) || actor.id?.href !== like.actorId.href) return true;
    if (!(await newAccountAllowed(ctx, like.actorId))) return true;
    remoteId = await upsertRemoteActor(ctx.data, actor);
    if (!(await allowedSender(ctx.data.db, like.actorId))) return true;
  }
  await interested(ctx, remoteId, eventId, true);
  return true;
}

/** True when the Undo is of a Like of a local event (handled here). */
export async function onUndoEventLike(ctx: InboxContext<CoreDeps>, undo: Undo): Promise<boolean> {
  const like = await undo.getObject();
  if (!(like instanceof Like)) return false;
  const eventId = await localEventId(ctx, like.objectId);
  if (!eventId) return false;
  const remoteId = await allowedSender(ctx.data.db, undo.actorId);
  if (remoteId && like.actorId?.href === undo.actorId?.href) await interested(ctx, remoteId, eventId, false);
  return true;
}
