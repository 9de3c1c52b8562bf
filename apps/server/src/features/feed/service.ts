/**
 * The home feed: posts by the accounts I follow, newest first, keyset-paginated. The followed set
 * is a subquery, not a list of ids sent along, so following any number of accounts works (the
 * original's "in" query capped it).
 *
 * Two prepared statements, measured on the reference data (docs/performance.md):
 * 1. the page's ids: posts scanned newest first with a semi-join on the follows primary key (or,
 *    for someone who follows few, per-followee index scans: PostgreSQL picks per viewer, which is
 *    why this one is planned for each call);
 * 2. those 21 posts with image, author and the viewer's like/save flags. Its plan does not depend
 *    on the values, so PostgreSQL keeps a generic plan after a few calls and skips planning.
 * Joined in one statement, planning alone (~0.9 ms) cost more than running it, and the planner,
 * expecting thousands of rows, hashed every like of the viewer to compute 21 flags.
 */
import type { Page, PostDto } from '@glimpse/shared';
import { limits } from '@glimpse/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { follows, posts } from '../../db/schema.ts';
import { type Cursor, keyset, slicePage } from '../../lib/cursor.ts';
import { preparedFor } from '../../lib/prepared.ts';
import type { ServiceArgs } from '../../lib/service.ts';
import { selectPostsForViewer, toPostDto } from '../posts/queries.ts';
import { visibleTo } from '../safety/visibility.ts';

const newestFirst = keyset(posts.createdAt, posts.id, 'newestFirst');

function preparePageIds(db: Db, afterCursor: boolean) {
  const viewerId = sql.placeholder('viewerId');
  const followed = db
    .select({ id: follows.followeeId })
    .from(follows)
    .where(eq(follows.followerId, viewerId));
  return db
    .select({ id: posts.id, createdAt: posts.createdAt })
    .from(posts)
    .where(
      and(
        inArray(posts.authorId, followed),
        visibleTo(posts.authorId, viewerId, { muted: true }),
        afterCursor ? newestFirst.after({ at: sql.placeholder('at'), id: sql.placeholder('id') }) : undefined,
      ),
    )
    .orderBy(...newestFirst.orderBy)
    .limit(limits.pageSize + 1)
    .prepare(afterCursor ? 'feed_page_ids_after' : 'feed_page_ids');
}

function preparePosts(db: Db) {
  return selectPostsForViewer(db, sql.placeholder('viewerId'), posts.createdAt, { muted: true })
    .where(sql`${posts.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .orderBy(...newestFirst.orderBy)
    .prepare('feed_posts');
}

const feedStatements = preparedFor((db) => ({
  firstIds: preparePageIds(db, false),
  nextIds: preparePageIds(db, true),
  posts: preparePosts(db),
}));

export async function getFeed({
  ctx: { db, storage, viewer },
  input: { cursor },
}: ServiceArgs<'db' | 'storage' | 'viewer', { cursor: Cursor | null }>): Promise<Page<PostDto>> {
  const statement = feedStatements(db);
  const ids = cursor
    ? await statement.nextIds.execute({ viewerId: viewer.id, at: cursor.at.toISOString(), id: cursor.id })
    : await statement.firstIds.execute({ viewerId: viewer.id });
  // The cursor comes from the ids, so a post deleted between the two statements shortens this
  // page but never ends the feed.
  const page = slicePage(ids, limits.pageSize, (row) => ({ at: row.createdAt, id: row.id }));
  const rows =
    page.rows.length === 0
      ? []
      : await statement.posts.execute({ viewerId: viewer.id, ids: page.rows.map((p) => p.id) });
  return { items: rows.map((row) => toPostDto(storage, row)), nextCursor: page.nextCursor };
}
