/**
 * Hashtag pages (the tag search is composers/search's). A tag page lists the posts whose current
 * caption carries the tag (post_tags, kept by the posts service), newest first, keyset-paginated
 * on the (tag, post_created_at, post_id) index, with the count on the first page and whether the
 * viewer follows the tag (followed-tags.ts).
 */
import type { TagPageDto } from '@glimpse/shared';
import { limits } from '@glimpse/shared';
import { and, count, eq } from 'drizzle-orm';
import type { ServiceArgs } from '../../core/service.ts';
import { posts, postTags } from '../../db/schema.ts';
import { type Cursor, keyset, toPage } from '../../lib/cursor.ts';
import { isFollowingTag } from './followed-tags.ts';
import { postVisibleTo, selectPostsForViewer, toPostDto } from './queries.ts';

const newestFirst = keyset(postTags.postCreatedAt, postTags.postId, 'newestFirst');

export async function getTagPage({
  ctx: { db, storage, actor },
  input: { tag, cursor },
}: ServiceArgs<'db' | 'storage' | 'actor', { tag: string; cursor: Cursor | null }>): Promise<TagPageDto> {
  // Like Explore: nobody hidden from the viewer, nor muted by them, nor a followers-only post, in
  // the list or its count.
  const [rows, total, following] = await Promise.all([
    selectPostsForViewer(db, actor.id, postTags.postCreatedAt, { muted: true, publicOnly: true })
      .innerJoin(postTags, and(eq(postTags.postId, posts.id), eq(postTags.tag, tag)))
      .where(newestFirst.after(cursor))
      .orderBy(...newestFirst.orderBy)
      .limit(limits.pageSize + 1),
    cursor
      ? null
      : db
          .select({ value: count() })
          .from(postTags)
          .innerJoin(posts, eq(posts.id, postTags.postId))
          .where(and(eq(postTags.tag, tag), postVisibleTo(actor.id, { muted: true, publicOnly: true }))),
    isFollowingTag(db, actor.id, tag),
  ]);
  const page = toPage(
    rows,
    limits.pageSize,
    (row) => toPostDto(storage, row),
    (row) => ({ at: row.activityAt, id: row.post.id }),
  );
  return { tag, following, postCount: total ? (total[0]?.value ?? 0) : null, ...page };
}
