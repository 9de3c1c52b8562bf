/**
 * Update of a Note (an edit: caption, sensitive flag and audience) or of the sender's own actor (name, bio,
 * picture). Only the author's own objects change: the Note's post must be the sender's, the actor
 * must be the sender.
 */
import type { InboxContext } from '@fedify/fedify';
import { isActor, Note, type Update } from '@fedify/vocab';
import type { CoreDeps } from '../../../core/deps.ts';
import { upsertRemoteActor } from '../remote-actors.ts';
import { updateRemoteNote } from '../remote-posts.ts';
import { onUpdateEvent } from './event.ts';
import { allowedSender } from './guard.ts';

export async function onUpdate(ctx: InboxContext<CoreDeps>, update: Update): Promise<void> {
  if (await onUpdateEvent(ctx, update)) return;
  const authorId = await allowedSender(ctx.data.db, update.actorId);
  if (!authorId || !update.actorId) return;
  const object = await update.getObject();
  if (object instanceof Note) {
    if (object.attributionId?.href !== update.actorId.href) return;
    await updateRemoteNote(ctx.data, authorId, object);
  } else if (object && isActor(object) && object.id?.href === update.actorId.href) {
    await upsertRemoteActor(ctx.data, object);
  }
}
