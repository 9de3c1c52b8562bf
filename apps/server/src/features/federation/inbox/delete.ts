/**
 * Delete of a Note (as a Tombstone or by id): its post goes, with its photos, when it is the
 * sender's; of a reply, its comment goes. Delete of the sender's own actor (an account deleted
 * there, suspended here or not) removes the account with all it wrote (remote-actors.ts).
 */
import type { InboxContext } from '@fedify/fedify';
import type { Delete } from '@fedify/vocab';
import type { CoreDeps } from '../../../core/deps.ts';
import { knownActorId, removeRemoteAccount } from '../remote-actors.ts';
import { deleteRemoteNote } from '../remote-posts.ts';
import { onDeleteEvent } from './event.ts';
import { allowedSender } from './guard.ts';
import { deleteReply } from './interactions.ts';

export async function onDelete(ctx: InboxContext<CoreDeps>, activity: Delete): Promise<void> {
  if (await onDeleteEvent(ctx, activity)) return;
  if (activity.actorId && activity.objectId?.href === activity.actorId.href) {
    const gone = await knownActorId(ctx.data.db, activity.actorId.href);
    if (gone) await removeRemoteAccount(ctx.data, gone);
    return;
  }
  const authorId = await allowedSender(ctx.data.db, activity.actorId);
  if (!authorId || !activity.objectId) return;
  if (await deleteReply(ctx, authorId, activity.objectId.href)) return;
  await deleteRemoteNote(ctx.data, authorId, activity.objectId.href);
}
