/**
 * Create(Note) from a remote account that somebody here follows becomes a post in their feeds.
 * The Note must be the sender's own (`attributedTo` is the actor, on the actor's server); a Note
 * from an account nobody here follows is not stored (we are no relay), and its mentions are told
 * once it is. A public reply to a post we have, from anyone, becomes a comment (inbox/interactions.ts);
 * a Note addressed to a few people only (a direct message) is not stored (audience.ts).
 */
import type { InboxContext } from '@fedify/fedify';
import { type Create, Note } from '@fedify/vocab';
import { eq } from 'drizzle-orm';
import type { CoreDeps } from '../../../core/deps.ts';
import { follows } from '../../../db/schema.ts';
import { storeRemoteNote } from '../remote-posts.ts';
import { onCreateEvent } from './event.ts';
import { allowedSender } from './guard.ts';
import { notifyPostMentions, storeReply } from './interactions.ts';

export async function onCreate(ctx: InboxContext<CoreDeps>, create: Create): Promise<void> {
  if (await onCreateEvent(ctx, create)) return;
  const { db } = ctx.data;
  const note = await create.getObject();
  if (!(note instanceof Note) || !note.id || !create.actorId) return;
  if (note.attributionId?.href !== create.actorId.href || note.id.origin !== create.actorId.origin) return;
  if (note.replyTargetId) return storeReply(ctx, create, note);
  const authorId = await allowedSender(db, create.actorId);
  if (!authorId) return;
  const [followed] = await db
    .select({ id: follows.followerId })
    .from(follows)
    .where(eq(follows.followeeId, authorId))
    .limit(1);
  if (!followed) return;
  const postId = await storeRemoteNote(ctx.data, authorId, note, { activity: create });
  if (postId) await notifyPostMentions(ctx, note, authorId, postId);
}
