/**
 * The home feed: posts by the accounts I follow, newest first, keyset-paginated. The followed set
 * is a subquery, not a list of ids sent along, so following any number of accounts works (the
 * original's "in" query capped it).
 */
import type { Page, PostDto } from '@glimpse/shared';
import { limits } from '@glimpse/shared';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { follows, posts } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import { type Cursor, olderThan, toPage } from '../../lib/cursor.ts';
import type { Viewer } from '../../lib/http.ts';
import { selectPostsForViewer, toPostDto } from '../posts/queries.ts';

export async function getFeed(
  { db, storage }: Pick<AppDeps, 'db' | 'storage'>,
  viewer: Viewer,
  cursor: Cursor | null,
): Promise<Page<PostDto>> {
  const followed = db
    .select({ id: follows.followeeId })
    .from(follows)
    .where(eq(follows.followerId, viewer.id));
  const rows = await selectPostsForViewer(db, viewer.id)
    .where(and(inArray(posts.authorId, followed), olderThan(posts.createdAt, posts.id, cursor)))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(limits.pageSize + 1);
  return toPage(
    rows,
    limits.pageSize,
    (row) => toPostDto(storage, row),
    (row) => ({ at: row.post.createdAt, id: row.post.id }),
  );
}
