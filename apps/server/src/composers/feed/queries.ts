/**
 * The home feed: posts by the accounts I follow and my own, newest first, keyset-paginated (as on
 * Mastodon and Instagram, what I post shows in my feed). The followed set is read in the statement,
 * not sent along as ids, so following any number of accounts works.
 *
 * One prepared statement (two: the first page and those after a cursor), with one plan whatever
 * the viewer (docs/performance.md), in two steps:
 * 1. the page's ids, found one of two ways, chosen inside the statement by how many accounts the
 *    viewer follows, because the cheap way differs by orders of magnitude:
 *    - following many, their posts are dense among everyone's newest: walk all posts newest first
 *      and keep those whose author is followed (a probe of the follows key per post);
 *    - following few, that walk could cross most of the table (84 ms for someone following 4):
 *      take each followed account's newest posts from its own index, then the newest of those.
 *    PostgreSQL's own per-call choice cost 0.7 ms of planning on every call and still picked the
 *    walk for the few. Each branch is written so only its intended plan is possible, the branch
 *    not taken is skipped by a one-time filter, and so the generic plan is kept.
 *    Either way the viewer's own newest posts join from their author index (one more short scan of
 *    at most a page), kept out of the two branches so that neither plan changes.
 * 2. those posts for the viewer (`preparePostsPage` in posts/queries.ts, shared with Explore). The
 *    ids reach it as an `array(…)` run once before it: joined to the ids instead, planning alone
 *    (~0.9 ms) cost more than running it, and the planner, expecting thousands of rows, hashed
 *    every like of the viewer to compute 21 flags.
 */
import { limits } from '@glimpse/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { firstRows, preparedFor } from '../../core/prepared.ts';
import { contentVisibleTo, visibleTo } from '../../core/visibility.ts';
import type { Db } from '../../db/client.ts';
import { follows, posts, profiles } from '../../db/schema.ts';
import { newestPostIds, preparePostsPage } from '../../features/posts/queries.ts';

const viewerId = sql.placeholder('viewerId');

/**
 * Above this many followed accounts the feed walks all posts newest first. Where the two ways cost
 * the same depends on how many accounts post (about 70 at 1,000 members, 230 at 10,000); between
 * those, either costs a few milliseconds at most.
 */
const walkAllPostsAbove = 100;

const followingCount = sql`(select ${profiles.followingCount} from ${profiles} where ${profiles.userId} = ${viewerId})`;

/**
 * Following many: every post newest first, kept when its author is followed. `offset 0` keeps the
 * `exists` a probe per post; without it PostgreSQL may turn it into a join from follows.
 */
function walkAllPosts(db: Db, afterCursor: boolean) {
  const authorFollowed = sql`exists (select 1 from ${follows} where ${follows.followerId} = ${viewerId} and ${follows.followeeId} = ${posts.authorId} offset 0)`;
  return newestPostIds(
    db,
    and(
      sql`${followingCount} > ${walkAllPostsAbove}`,
      authorFollowed,
      contentVisibleTo(posts.authorId, posts.audience, viewerId, { muted: true }),
    ),
    afterCursor,
  );
}

/** Following few: each followed account's newest posts (a lateral index scan each). */
function newestOfEachFollowed(db: Db, afterCursor: boolean) {
  const ofOne = sql`(${newestPostIds(db, eq(posts.authorId, follows.followeeId), afterCursor)}) as of_one`;
  return db
    .select({ id: sql`of_one.id`, createdAt: sql`of_one.created_at` })
    .from(follows)
    .crossJoinLateral(ofOne)
    .where(
      and(
        sql`${followingCount} <= ${walkAllPostsAbove}`,
        eq(follows.followerId, viewerId),
        visibleTo(follows.followeeId, viewerId, { muted: true }),
      ),
    );
}

/** The viewer's own newest posts, from the author index; one never follows oneself, so none comes twice. */
function ownNewest(db: Db, afterCursor: boolean) {
  return newestPostIds(db, eq(posts.authorId, viewerId), afterCursor);
}

/** The three ways' ids together, newest first: the page and one more of them. */
function pageIds(db: Db, afterCursor: boolean): SQL {
  const together = sql`(${walkAllPosts(db, afterCursor)})
    union all ${newestOfEachFollowed(db, afterCursor)}
    union all (${ownNewest(db, afterCursor)})
    order by created_at desc, id desc`;
  return firstRows(together, limits.pageSize + 1);
}

function preparePage(db: Db, afterCursor: boolean) {
  return preparePostsPage(db, pageIds(db, afterCursor), afterCursor ? 'feed_page_after' : 'feed_page');
}

export const feedStatements = preparedFor((db) => ({
  first: preparePage(db, false),
  next: preparePage(db, true),
}));
