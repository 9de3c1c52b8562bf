/**
 * Create(Note) from a remote account that somebody here follows becomes a post in their feeds.
 * The Note must be the sender's own (`attributedTo` is the actor, on the actor's server); a Note
 * from an account nobody here follows is not stored (we are no relay). Replies and other object
 * types come with comments (later work).
 */
import type { InboxContext } from '@fedify/fedify';
import { type Create, Note } from '@fedify/vocab';
import { eq } from 'drizzle-orm';
import type { CoreDeps } from '../../../core/deps.ts';
import { follows } from '../../../db/schema.ts';
import { storeRemoteNote } from '../remote-posts.ts';
import { onCreateEvent } from './event.ts';
import { allowedSender } from './guard.ts';

export async function onCreate(ctx: InboxContext<CoreDeps>, create: Create): Promise<void> {
  if (await onCreateEvent(ctx, create)) return;
  const { db } = ctx.data;
  const authorId = await allowedSender(db, create.actorId);
  if (!authorId || !create.actorId) return;
  const [followed] = await db
    .select({ id: follows.followerId })
    .from(follows)
    .where(eq(follows.followeeId, authorId))
    .limit(1);
  if (!followed) return;
  const note = await create.getObject();
  if (!(note instanceof Note) || !note.id) return;
  if (note.attributionId?.href !== create.actorId.href || note.id.origin !== create.actorId.origin) return;
  if (note.replyTargetId) return;
  await storeRemoteNote(ctx.data, authorId, note);
}
