/**
 * Hashtag pages and the tag half of the top-bar search. A tag page lists the posts whose current
 * caption carries the tag (post_tags, kept by the posts service), newest first, keyset-paginated
 * on the (tag, post_created_at, post_id) index, with the count on the first page.
 */
import type { TagPageDto, TagSearchResultDto } from '@glimpse/shared';
import { limits } from '@glimpse/shared';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { ServiceArgs } from '../../core/service.ts';
import { visibleTo } from '../../core/visibility.ts';
import { posts, postTags } from '../../db/schema.ts';
import { type Cursor, keyset, toPage } from '../../lib/cursor.ts';
import { selectPostsForViewer, toPostDto } from './queries.ts';

const newestFirst = keyset(postTags.postCreatedAt, postTags.postId, 'newestFirst');
const searchLimit = 5;

/** `%`, `_` and `\` typed by a person are letters, not LIKE wildcards. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

export async function getTagPage({
  ctx: { db, storage, viewer },
  input: { tag, cursor },
}: ServiceArgs<'db' | 'storage' | 'viewer', { tag: string; cursor: Cursor | null }>): Promise<TagPageDto> {
  // Like Explore: nobody hidden from the viewer, nor muted by them, in the list or its count.
  const [rows, total] = await Promise.all([
    selectPostsForViewer(db, viewer.id, postTags.postCreatedAt, { muted: true })
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
          .where(and(eq(postTags.tag, tag), visibleTo(posts.authorId, viewer.id, { muted: true }))),
  ]);
  const page = toPage(
    rows,
    limits.pageSize,
    (row) => toPostDto(storage, row),
    (row) => ({ at: row.activityAt, id: row.post.id }),
  );
  return { tag, postCount: total ? (total[0]?.value ?? 0) : null, ...page };
}

/** Tags starting with `prefix` (normalised by the route), most used first. */
export async function searchTags({
  ctx: { db, viewer },
  input: { prefix },
}: ServiceArgs<'db' | 'viewer', { prefix: string }>): Promise<TagSearchResultDto[]> {
  if (!prefix) return [];
  const postCount = count();
  const rows = await db
    .select({ tag: postTags.tag, postCount })
    .from(postTags)
    .innerJoin(posts, eq(posts.id, postTags.postId))
    .where(
      and(
        sql`${postTags.tag} like ${`${escapeLike(prefix)}%`}`,
        visibleTo(posts.authorId, viewer.id, { muted: true }),
      ),
    )
    .groupBy(postTags.tag)
    .orderBy(desc(postCount), postTags.tag)
    .limit(searchLimit);
  return rows;
}
