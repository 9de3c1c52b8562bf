/**
 * Delete of a Note (as a Tombstone or by id): its post goes, with its photos, when it is the
 * sender's; of a reply, its comment goes. Delete of the sender's own actor (an account deleted
 * there) comes later.
 */
import type { InboxContext } from '@fedify/fedify';
import type { Delete } from '@fedify/vocab';
import type { CoreDeps } from '../../../core/deps.ts';
import { deleteRemoteNote } from '../remote-posts.ts';
import { allowedSender } from './guard.ts';
import { deleteReply } from './interactions.ts';

export async function onDelete(ctx: InboxContext<CoreDeps>, activity: Delete): Promise<void> {
  const authorId = await allowedSender(ctx.data.db, activity.actorId);
  if (!authorId || !activity.objectId) return;
  if (await deleteReply(ctx, authorId, activity.objectId.href)) return;
  await deleteRemoteNote(ctx.data, authorId, activity.objectId.href);
}
