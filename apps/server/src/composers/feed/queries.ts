/**
 * The home feed: posts by the accounts I follow and my own, those they and I shared, and public posts
 * of the hashtags I follow, newest first, keyset-paginated (as on Mastodon and Instagram, what I
 * post shows in my feed). The followed set is read in the statement,
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
import { and, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { firstRows, preparedFor } from '../../core/prepared.ts';
import { contentVisibleTo, visibleTo } from '../../core/visibility.ts';
import type { Db } from '../../db/client.ts';
import { followedTags, follows, postShares, posts, postTags, profiles } from '../../db/schema.ts';
import { newestPostIds, selectPostsForViewer } from '../../features/posts/queries.ts';
import { keyset } from '../../lib/cursor.ts';

const viewerId = sql.placeholder('viewerId');
const cursor = { at: sql.placeholder('at'), id: sql.placeholder('id') };
const sharesNewestFirst = keyset(postShares.createdAt, postShares.postId, 'newestFirst');
const taggedNewestFirst = keyset(postTags.postCreatedAt, postTags.postId, 'newestFirst');

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

const otherShare = alias(postShares, 'other_share');

/**
 * The viewer, or someone they follow and may see (not blocked either way, not muted, not
 * suspended), shared post `postId` (after `after`, when given). A share by a hidden account brings
 * nothing, and hides nothing either. `offset 0` keeps it a probe of the post's shares (their primary key) per
 * candidate post: pulled up into an anti-join, PostgreSQL hashed every share of every followed
 * account first (72 ms at the reference data set with 100,000 shares).
 */
function sharedByFollowed(postId: SQLWrapper, after?: SQLWrapper): SQL {
  return sql`exists (select 1 from ${postShares} as ${sql.identifier('other_share')}
    where ${otherShare.postId} = ${postId} ${after ? sql`and ${otherShare.createdAt} > ${after}` : sql``}
      and (${otherShare.userId} = ${viewerId}
        or exists (select 1 from ${follows} where ${follows.followerId} = ${viewerId} and ${follows.followeeId} = ${otherShare.userId}))
      and ${visibleTo(otherShare.userId, viewerId, { muted: true })} offset 0)`;
}

/**
 * Followed accounts' shares and the viewer's own (as on Mastodon, what I share shows in my feed),
 * each post once: only its latest share by one of them, placed at that share's time. The two ways
 * are the posts' two, for the same reason: following many, walk every share newest first
 * (post_shares_created_idx) and keep those of followed accounts; following few, each followed
 * account's newest shares (post_shares_user_created_idx). The viewer's own come from their own
 * range of that index either way, as their own posts do. The shared post passes the audience rule
 * as any post of the feed does, and its author's blocks and mutes hold.
 */
function sharesOfFollowed(db: Db, afterCursor: boolean) {
  const columns = {
    id: sql`${postShares.postId}`.as('id'),
    createdAt: sql`${postShares.createdAt}`.as('created_at'),
    sharerId: sql`${postShares.userId}`.as('sharer_id'),
  };
  const latestOfPost = sql`not ${sharedByFollowed(postShares.postId, postShares.createdAt)}`;
  const postShown = contentVisibleTo(posts.authorId, posts.audience, viewerId, { muted: true });
  const after = afterCursor ? sharesNewestFirst.after(cursor) : undefined;
  const walk = db
    .select(columns)
    .from(postShares)
    .innerJoin(posts, eq(posts.id, postShares.postId))
    .where(
      and(
        sql`${followingCount} > ${walkAllPostsAbove}`,
        sql`exists (select 1 from ${follows} where ${follows.followerId} = ${viewerId} and ${follows.followeeId} = ${postShares.userId} offset 0)`,
        visibleTo(postShares.userId, viewerId, { muted: true }),
        latestOfPost,
        postShown,
        after,
      ),
    )
    .orderBy(...sharesNewestFirst.orderBy);
  const ofOneQuery = db
    .select(columns)
    .from(postShares)
    .innerJoin(posts, eq(posts.id, postShares.postId))
    .where(and(eq(postShares.userId, follows.followeeId), latestOfPost, postShown, after))
    .orderBy(...sharesNewestFirst.orderBy);
  const ofOne = sql`(${firstRows(ofOneQuery, limits.pageSize + 1)}) as of_one`;
  const eachFollowed = db
    .select({ id: sql`of_one.id`, createdAt: sql`of_one.created_at`, sharerId: sql`of_one.sharer_id` })
    .from(follows)
    .crossJoinLateral(ofOne)
    .where(
      and(
        sql`${followingCount} <= ${walkAllPostsAbove}`,
        eq(follows.followerId, viewerId),
        visibleTo(follows.followeeId, viewerId, { muted: true }),
      ),
    );
  const ownQuery = db
    .select(columns)
    .from(postShares)
    .innerJoin(posts, eq(posts.id, postShares.postId))
    .where(and(eq(postShares.userId, viewerId), latestOfPost, postShown, after))
    .orderBy(...sharesNewestFirst.orderBy);
  return sql`(${firstRows(walk, limits.pageSize + 1)}) union all (${eachFollowed})
    union all (${firstRows(ownQuery, limits.pageSize + 1)})`;
}

/**
 * Posts of the hashtags the viewer follows that nothing else brings: for each followed tag, its
 * newest listed posts (public, on an account that is not private: `post_tags.listed`, the same
 * `post_tags_listed_created_idx` range a tag page reads), a page and one more each, then each
 * post once with the first of its followed tags. Only posts of accounts the viewer does not
 * follow and may see (no block either way, not muted, not suspended, which covers blocked
 * domains) come this way: a followed author's posts come as theirs, the viewer's own as their own,
 * and a followers-only post or a private account's never, since no such post is listed. The
 * page's read (`selectPostsForViewer`) applies the audience rule to every row all the same.
 * None older than `notBefore`, a time the caller knows no older post can make the page.
 */
function postsOfFollowedTags(db: Db, afterCursor: boolean, notBefore: SQL): SQL {
  const ofTag = db
    .select({
      id: sql`${postTags.postId}`.as('id'),
      createdAt: sql`${postTags.postCreatedAt}`.as('created_at'),
    })
    .from(postTags)
    .innerJoin(posts, eq(posts.id, postTags.postId))
    .where(
      and(
        sql`${postTags.tag} = ${followedTags.tag}`,
        sql`${postTags.listed}`,
        sql`${posts.authorId} <> ${viewerId}`,
        sql`not exists (select 1 from ${follows} where ${follows.followerId} = ${viewerId} and ${follows.followeeId} = ${posts.authorId})`,
        visibleTo(posts.authorId, viewerId, { muted: true }),
        afterCursor ? taggedNewestFirst.after(cursor) : undefined,
        sql`${postTags.postCreatedAt} >= ${notBefore}`,
      ),
    )
    .orderBy(...taggedNewestFirst.orderBy);
  const ofOne = sql`(${firstRows(ofTag, limits.pageSize + 1)}) as of_tag`;
  const eachTag = db
    .select({
      id: sql`of_tag.id`.as('id'),
      createdAt: sql`of_tag.created_at`.as('created_at'),
      tag: followedTags.tag,
    })
    .from(followedTags)
    .crossJoinLateral(ofOne)
    .where(eq(followedTags.userId, viewerId));
  return sql`select distinct on (id) id, created_at, tag from (${eachTag}) as by_tag order by id, tag`;
}

/**
 * The ways' ids together, newest first: the page and one more of them, each with its time in the
 * feed and, for a share, who shared it. A post a followed account shared comes once, at its latest
 * such share, and not again at its own time (a share is always later than the post).
 */
function pageIds(db: Db, afterCursor: boolean): SQL {
  // The followed tags' candidates (up to a page and one more per tag, none older than `notBefore`)
  // newest first, then the share probe on each until a page is found: probing them all first cost ~0.04 ms each.
  // `offset 0` keeps the probe above the sort, where the limit stops it.
  const taggedNotShared = (ids: SQL) =>
    firstRows(
      sql`select id, created_at, null::text as sharer_id, tag as followed_tag
        from (select id, created_at, tag from (${ids}) as by_post order by created_at desc, id desc offset 0) as tag_time
        where not ${sharedByFollowed(sql`tag_time.id`)}`,
      limits.pageSize + 1,
    );
  const notShared = (ids: SQL) =>
    sql`select id, created_at, null::text as sharer_id, null::text as followed_tag from (${ids}) as own_time
      where not ${sharedByFollowed(sql`own_time.id`)}`;
  const others = sql`${notShared(
    sql`(${walkAllPosts(db, afterCursor)})
      union all ${newestOfEachFollowed(db, afterCursor)}
      union all (${ownNewest(db, afterCursor)})`,
  )}
    union all select id, created_at, sharer_id, null::text as followed_tag from (${sharesOfFollowed(db, afterCursor)}) as shared`;
  // The other ways' last place on the page (the page and one more): a followed tag's post older than
  // it cannot make the page, so each tag's walk stops there, mostly after a row or two, instead of
  // reading a page of every followed tag (~1,000 rows with 50 tags, most of the feed's time).
  const lastPlace = sql`coalesce((select created_at from others order by created_at desc offset ${sql.raw(String(limits.pageSize))} limit 1), '-infinity')`;
  const together = sql`with others as materialized (${others})
    select id, created_at, sharer_id, followed_tag from others
    union all (${taggedNotShared(postsOfFollowedTags(db, afterCursor, lastPlace))})
    order by created_at desc, id desc`;
  return firstRows(together, limits.pageSize + 1);
}

/**
 * The page's posts for the viewer, in the page's order (`selectPostsForViewer`, shared with Explore
 * and the profile). Its ids and times come joined, not as an `array(…)` as Explore's do, since a
 * shared post's place is its share's time, not its own.
 */
function preparePage(db: Db, afterCursor: boolean) {
  const page = sql`(${pageIds(db, afterCursor)}) as page`;
  return selectPostsForViewer(
    db,
    viewerId,
    sql`page.created_at`,
    { muted: true },
    sql`page.sharer_id`,
    sql`page.followed_tag`,
  )
    .innerJoin(page, sql`page.id = ${posts.id}`)
    .orderBy(sql`page.created_at desc`, sql`${posts.id} desc`)
    .prepare(afterCursor ? 'feed_page_after' : 'feed_page');
}

export const feedStatements = preparedFor((db) => ({
  first: preparePage(db, false),
  next: preparePage(db, true),
}));
