/**
 * The home feed: posts by the accounts I follow, newest first, keyset-paginated. The followed set
 * is a subquery, not a list of ids sent along, so following any number of accounts works (the
 * original's "in" query capped it).
 *
 * Shape, measured on the reference data (docs/performance.md): an inner query picks the page's
 * ids (scanning posts_created_idx backwards, a semi-join on the follows primary key), and only
 * those 21 rows are joined to images, authors and the viewer's like/save flags. Joined in one
 * level, the planner expected thousands of rows and hashed every like of the viewer for the
 * flags. The two statements (first page, later page) are prepared once per connection: planning
 * them cost more than running them.
 */
import type { Page, PostDto } from '@glimpse/shared';
import { limits } from '@glimpse/shared';
import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { follows, posts } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import { type Cursor, toPage } from '../../lib/cursor.ts';
import type { Viewer } from '../../lib/http.ts';
import { selectPostsForViewer, toPostDto } from '../posts/queries.ts';

function prepareFeedPage(db: Db, afterCursor: boolean) {
  const viewerId = sql.placeholder('viewerId');
  const followed = db
    .select({ id: follows.followeeId })
    .from(follows)
    .where(eq(follows.followerId, viewerId));
  const at = sql.placeholder('at');
  const id = sql.placeholder('id');
  const page = db
    .select({ id: posts.id })
    .from(posts)
    .where(
      and(
        inArray(posts.authorId, followed),
        afterCursor ? or(lt(posts.createdAt, at), and(eq(posts.createdAt, at), lt(posts.id, id))) : undefined,
      ),
    )
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(limits.pageSize + 1)
    .as('page');
  return selectPostsForViewer(db, viewerId)
    .innerJoin(page, eq(page.id, posts.id))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .prepare(afterCursor ? 'feed_page_after' : 'feed_page_first');
}

type FeedStatements = {
  first: ReturnType<typeof prepareFeedPage>;
  after: ReturnType<typeof prepareFeedPage>;
};
const statements = new WeakMap<Db, FeedStatements>();

function feedStatements(db: Db): FeedStatements {
  let prepared = statements.get(db);
  if (!prepared) {
    prepared = { first: prepareFeedPage(db, false), after: prepareFeedPage(db, true) };
    statements.set(db, prepared);
  }
  return prepared;
}

export async function getFeed(
  { db, storage }: Pick<AppDeps, 'db' | 'storage'>,
  viewer: Viewer,
  cursor: Cursor | null,
): Promise<Page<PostDto>> {
  const { first, after } = feedStatements(db);
  const rows = cursor
    ? await after.execute({ viewerId: viewer.id, at: cursor.at.toISOString(), id: cursor.id })
    : await first.execute({ viewerId: viewer.id });
  return toPage(
    rows,
    limits.pageSize,
    (row) => toPostDto(storage, row),
    (row) => ({ at: row.post.createdAt, id: row.post.id }),
  );
}
