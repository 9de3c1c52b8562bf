/**
 * Create(Note) from a remote account that somebody here follows becomes a post in their feeds.
 * The Note must be the sender's own (`attributedTo` is the actor, on the actor's server); a Note
 * from an account nobody here follows is not stored (we are no relay), and its mentions are told
 * once it is. A public reply to a post we have, from anyone, becomes a comment (inbox/interactions.ts);
 * a Note addressed to a few people only (a direct message) is not stored (objects/audience.ts).
 * Create(Event) is inbox/event.ts's.
 */
import { type Create, Note } from '@fedify/vocab';
import { eq } from 'drizzle-orm';
import { follows } from '../../../db/schema.ts';
import { storeRemoteNote } from '../mirror/remote-posts.ts';
import { syncRemoteQuote } from '../mirror/remote-quotes.ts';
import { audienceOfNote } from '../objects/audience.ts';
import { notifyPostMentions, postIdOf, storeReply } from './interactions.ts';
import type { Found, InboxHandler } from './receive.ts';

/** The Note a Create brings when it is its sender's own: attributed to it, on its server. */
async function ownNote(create: Create): Promise<Found<Note> | null> {
  const note = await create.getObject();
  if (!(note instanceof Note) || !note.id || !create.actorId) return null;
  if (note.attributionId?.href !== create.actorId.href || note.id.origin !== create.actorId.origin)
    return null;
  return { about: note };
}

export const onNote: InboxHandler<Create, Note, 'known'> = {
  sender: 'known',
  find: async (_ctx, create) => ownNote(create),
  async handle(ctx, create, sender, note) {
    const { db } = ctx.data;
    const [followed] = await db
      .select({ id: follows.followerId })
      .from(follows)
      .where(eq(follows.followeeId, sender.id))
      .limit(1);
    if (!followed) return;
    const postId = await storeRemoteNote(ctx.data, sender.id, note, { activity: create });
    if (!postId) return;
    await syncRemoteQuote(ctx, postId, sender.id, note);
    await notifyPostMentions(ctx, note, sender.id, postId);
  },
};

/**
 * A reply Note to a post we have, from anyone (its author written here if new): a comment. A
 * comment is shown to everyone who sees the post, so only a reply anyone may read becomes one: a
 * direct or followers-only reply (Mastodon shows it to the people it names, or to its author's
 * followers) is not stored.
 */
export const onReply: InboxHandler<Create, { note: Note; postId: string }, 'anyone'> = {
  sender: 'anyone',
  async find(ctx, create) {
    const own = await ownNote(create);
    const note = own?.about;
    if (!note || audienceOfNote(note, null, create) !== 'public') return null;
    const postId = await postIdOf(ctx, note.replyTargetId);
    return postId ? { about: { note, postId } } : null;
  },
  handle: (ctx, _create, sender, { note, postId }) => storeReply(ctx, note, postId, sender.id),
};
