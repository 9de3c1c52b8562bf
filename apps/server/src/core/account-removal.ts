/**
 * An account's rows removed, in the caller's transaction: the counters it moved on other people's
 * things moved back first (counters.ts), its posts (before the user row: their photos name image
 * rows the user row's cascade removes), then the user row, whose foreign keys cascade to the rest.
 * Answers the image files to delete after the commit and the posts that went. Used for a member
 * deleting their account (composers/account) and for a remote account deleted on its server
 * (composers/federation, Delete of the actor). Nothing here queues a delivery: a member's farewell
 * (Delete of the actor, federation/farewell.ts) tells every server that knows them, and a remote
 * account's rows are news to nobody.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { images, posts, user } from '../db/schema.ts';
import { removeAccountContributions } from './counters.ts';
import { storedKeysOf } from './images.ts';

export async function removeAccountRows(
  tx: Db,
  userId: string,
): Promise<{ imageKeys: string[]; posts: { id: string; createdAt: Date }[] }> {
  await removeAccountContributions(tx, userId);
  const ownPosts = await tx
    .select({ id: posts.id, createdAt: posts.createdAt })
    .from(posts)
    .where(eq(posts.authorId, userId));
  const ownImages = await tx
    .select({
      keys: images.keys,
      originalKey: images.originalKey,
      avifKeys: images.avifKeys,
      jpegKey: images.jpegKey,
    })
    .from(images)
    .where(eq(images.ownerId, userId));
  await tx.delete(posts).where(eq(posts.authorId, userId));
  await tx.delete(user).where(eq(user.id, userId));
  // Copies of one photo name the same files (images/service.ts): each key once.
  return { imageKeys: [...new Set(ownImages.flatMap(storedKeysOf))], posts: ownPosts };
}
