/**
 * Delete of a Note (as a Tombstone or by id): its post goes, with its photos, when it is the
 * sender's; of a reply, its comment goes. Delete of the sender's own actor (an account deleted
 * there, suspended here or not) removes the account with all it wrote (mirror/remote-actors.ts).
 * Delete of an event is inbox/event.ts's.
 */
import type { Delete } from '@fedify/vocab';
import { removeRemoteAccount } from '../mirror/remote-actors.ts';
import { deleteRemoteNote } from '../mirror/remote-posts.ts';
import { deleteReply } from './interactions.ts';
import type { InboxHandler } from './receive.ts';

export const onActorDelete: InboxHandler<Delete, null, 'leaving'> = {
  sender: 'leaving',
  handle: (ctx, _deletion, sender) => removeRemoteAccount(ctx.data, sender.id),
};

export const onNoteDelete: InboxHandler<Delete, null, 'known'> = {
  sender: 'known',
  async handle(ctx, deletion, sender) {
    const iri = deletion.objectId!.href;
    if (await deleteReply(ctx, sender.id, iri)) return;
    await deleteRemoteNote(ctx.data, sender.id, iri);
  },
};
