/**
 * Update of a Note (an edit: caption, sensitive flag and audience) or of the sender's own actor (name, bio,
 * picture). Only the author's own objects change: the Note's post must be the sender's, the actor
 * must be the sender. Update(Event) is inbox/event.ts's.
 */
import { isActor, Note, type Update } from '@fedify/vocab';
import { upsertRemoteActor } from '../mirror/remote-actors.ts';
import { postIdOfNote, updateRemoteNote } from '../mirror/remote-posts.ts';
import { syncRemoteQuote } from '../mirror/remote-quotes.ts';
import type { InboxHandler } from './receive.ts';

export const onNoteUpdate: InboxHandler<Update, null, 'known'> = {
  sender: 'known',
  async handle(ctx, update, sender) {
    const note = await update.getObject();
    if (!(note instanceof Note) || note.attributionId?.href !== sender.iri.href) return;
    await updateRemoteNote(ctx.data, sender.id, note);
    // Mastodon sends the Note again once its quote is authorized, now with `quoteAuthorization`.
    const postId = note.id ? await postIdOfNote(ctx.data, note.id.href, sender.id) : null;
    if (postId) await syncRemoteQuote(ctx, postId, sender.id, note);
  },
};

export const onActorUpdate: InboxHandler<Update, null, 'known'> = {
  sender: 'known',
  async handle(ctx, update, sender) {
    const actor = await update.getObject();
    if (actor && isActor(actor) && actor.id?.href === sender.iri.href)
      await upsertRemoteActor(ctx.data, actor);
  },
};
