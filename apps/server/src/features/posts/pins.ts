/**
 * Pinned posts: an author pins up to `limits.pinnedPostsMax` of their own posts to the top of their
 * profile (Mastodon's featured posts). Only the author pins or unpins; a pin beyond the limit is
 * refused in words and changes nothing. The pin is `posts.pinned_at`, so deleting a post takes its
 * pin along, and the change reaches other servers as Add or Remove on the author's `featured`
 * collection, queued in the same statement (core/federation-jobs.ts).
 */
import type { PostDto } from '@glimpse/shared';
import { limits, messages } from '@glimpse/shared';
import { and, count, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { postDelivery } from '../../core/federation-jobs.ts';
import { type ServiceArgs, withTransaction } from '../../core/service.ts';
import { posts } from '../../db/schema.ts';
import { forbidden, invalid, notFound } from '../../lib/errors.ts';
import { postVisibleTo, selectPinnedPosts, toPostDto } from './queries.ts';
import { getPost } from './service.ts';

export async function setPin({
  ctx,
  input: { postId, pinned },
}: ServiceArgs<'db' | 'storage' | 'live' | 'actor', { postId: string; pinned: boolean }>): Promise<PostDto> {
  const { db, actor } = ctx;
  const changed = await withTransaction(db, async (tx) => {
    // One author's pins at a time: two pins at once cannot both pass the count.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`pins:${actor.id}`}, 0))`);
    const [post] = await tx
      .select({ authorId: posts.authorId, pinnedAt: posts.pinnedAt })
      .from(posts)
      .where(and(eq(posts.id, postId), postVisibleTo(actor.id)))
      .for('no key update');
    if (!post) throw notFound(messages.post.notFound);
    if (post.authorId !== actor.id) throw forbidden(messages.pins.onlyAuthorPins);
    if ((post.pinnedAt !== null) === pinned) return false;
    if (pinned) {
      const [held] = await tx
        .select({ n: count() })
        .from(posts)
        .where(and(eq(posts.authorId, actor.id), isNotNull(posts.pinnedAt), ne(posts.id, postId)));
      if ((held?.n ?? 0) >= limits.pinnedPostsMax)
        throw invalid(messages.pins.tooMany(limits.pinnedPostsMax));
    }
    await tx
      .update(posts)
      .set({ pinnedAt: pinned ? new Date() : null })
      .where(eq(posts.id, postId))
      .returning({ delivery: postDelivery(pinned ? 'pin' : 'unpin') });
    return true;
  });
  if (changed) ctx.live.publish({ kind: 'post_changed', postId });
  return getPost({ ctx, input: { postId } });
}

/**
 * An author's pinned posts as the viewer may see them, the latest pin first: what their profile
 * shows above the rest, and what an app asks with `pinned=true`.
 */
export async function listPinnedPosts({
  ctx: { db, storage, actor },
  input: { authorId },
}: ServiceArgs<'db' | 'storage' | 'actor', { authorId: string }>): Promise<PostDto[]> {
  const rows = await selectPinnedPosts(db, actor.id, authorId);
  return rows.map((row) => toPostDto(storage, row));
}
