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
import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { follows, posts } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import { type Cursor, encodeCursor } from '../../lib/cursor.ts';
import type { Viewer } from '../../lib/http.ts';
import { selectPostsForViewer, toPostDto } from '../posts/queries.ts';

function preparePageIds(db: Db, afterCursor: boolean) {
  const viewerId = sql.placeholder('viewerId');
  const at = sql.placeholder('at');
  const id = sql.placeholder('id');
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
        afterCursor ? or(lt(posts.createdAt, at), and(eq(posts.createdAt, at), lt(posts.id, id))) : undefined,
      ),
    )
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(limits.pageSize + 1)
    .prepare(afterCursor ? 'feed_page_ids_after' : 'feed_page_ids');
}

function preparePosts(db: Db) {
  return selectPostsForViewer(db, sql.placeholder('viewerId'))
    .where(sql`${posts.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .prepare('feed_posts');
}

type FeedStatements = {
  firstIds: ReturnType<typeof preparePageIds>;
  nextIds: ReturnType<typeof preparePageIds>;
  posts: ReturnType<typeof preparePosts>;
};
const statements = new WeakMap<Db, FeedStatements>();

function feedStatements(db: Db): FeedStatements {
  let prepared = statements.get(db);
  if (!prepared) {
    prepared = {
      firstIds: preparePageIds(db, false),
      nextIds: preparePageIds(db, true),
      posts: preparePosts(db),
    };
    statements.set(db, prepared);
  }
  return prepared;
}

export async function getFeed(
  { db, storage }: Pick<AppDeps, 'db' | 'storage'>,
  viewer: Viewer,
  cursor: Cursor | null,
): Promise<Page<PostDto>> {
  const statement = feedStatements(db);
  const page = cursor
    ? await statement.nextIds.execute({ viewerId: viewer.id, at: cursor.at.toISOString(), id: cursor.id })
    : await statement.firstIds.execute({ viewerId: viewer.id });
  // One id more than a page says whether another page exists; the cursor comes from the ids, so
  // a post deleted between the two statements shortens this page but never ends the feed.
  const shown = page.slice(0, limits.pageSize);
  const rows =
    shown.length === 0
      ? []
      : await statement.posts.execute({ viewerId: viewer.id, ids: shown.map((p) => p.id) });
  const last = shown[shown.length - 1];
  return {
    items: rows.map((row) => toPostDto(storage, row)),
    nextCursor:
      page.length > limits.pageSize && last ? encodeCursor({ at: last.createdAt, id: last.id }) : null,
  };
}
