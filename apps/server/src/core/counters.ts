/**
 * The counters kept on rows so that lists never count (posts.like_count, comment_count and
 * share_count, events.interested_count, profiles.follower_count, following_count and post_count
 * with last_post_at): the only place any of
 * them moves. Every move here follows rows that really changed (a join row inserted or deleted,
 * found with `returning`), inside the caller's transaction, so a repeated or concurrent action
 * never counts twice; the architecture test (floor-plan.test.ts) refuses a counter moved anywhere
 * else.
 *
 * Rows of a suspended account are left out of the counts while the suspension lasts
 * (`suspensionCounters`), so a move caused by such a row is skipped too.
 */
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  comments,
  eventInterests,
  events,
  follows,
  postLikes,
  postShares,
  posts,
  profiles,
  user,
} from '../db/schema.ts';
import { type Cte, cte } from './cte.ts';
import type { Step } from './toggle.ts';

/**
 * The like's counter as a step of the like's one statement (posts/queries.ts `likeStatement`,
 * core/cte.ts): moves `like_count` of the posts that `changedPostIds` selects, and returns it.
 */
export function likeCountStep(changedPostIds: SQL, liked: boolean): Cte {
  return cte(
    'like_counted',
    sql`update ${posts} set like_count = ${posts.likeCount} + ${liked ? sql`1` : sql`-1`}
      where ${posts.id} in (${changedPostIds})
      returning ${posts.likeCount}`,
  );
}

/** The share's counter as a step of the share's one statement (posts/queries.ts `shareStatement`). */
export function shareCountStep(changedPostIds: SQL, shared: boolean): Cte {
  return cte(
    'share_counted',
    sql`update ${posts} set share_count = ${posts.shareCount} + ${shared ? sql`1` : sql`-1`}
      where ${posts.id} in (${changedPostIds})
      returning ${posts.shareCount}`,
  );
}

/** The comment's counter as a step of the comment's one statement (posts/queries.ts). */
export function commentAddedStep(addedPostIds: SQL): Cte {
  return cte(
    'comment_counted',
    sql`update ${posts} set comment_count = ${posts.commentCount} + 1 where ${posts.id} in (${addedPostIds})`,
  );
}

/**
 * A comment removed (by its author, the post's author or a moderator): one less, unless its author
 * is suspended, whose comments are out of the count already.
 */
export async function commentRemoved(tx: Db, removed: { postId: string; authorId: string }): Promise<void> {
  await tx
    .update(posts)
    .set({ commentCount: sql`${posts.commentCount} - 1` })
    .where(
      and(
        eq(posts.id, removed.postId),
        sql`not exists (select 1 from ${user} where ${user.id} = ${removed.authorId} and ${user.banned})`,
      ),
    );
}

/** A post stored (made here, received from another server, imported): its author's count and newest. */
export async function postAdded(tx: Db, post: { authorId: string; createdAt: Date }): Promise<void> {
  await tx
    .update(profiles)
    .set({
      postCount: sql`${profiles.postCount} + 1`,
      lastPostAt: sql`greatest(${profiles.lastPostAt}, ${post.createdAt.toISOString()}::timestamptz)`,
    })
    .where(eq(profiles.userId, post.authorId));
}

/** A post deleted, after its row is gone: one less, and the newest is whichever remains. */
export async function postRemoved(tx: Db, authorId: string): Promise<void> {
  await tx
    .update(profiles)
    .set({
      postCount: sql`${profiles.postCount} - 1`,
      lastPostAt: sql`(select max(${posts.createdAt}) from ${posts} where ${posts.authorId} = ${authorId})`,
    })
    .where(eq(profiles.userId, authorId));
}

/** Interested added (1), removed (-1) or unchanged (0): the event's count and host, null for no event. */
export async function interestStep(
  tx: Db,
  eventId: string,
  step: Step,
): Promise<{ interestedCount: number; hostId: string } | null> {
  const [event] = await tx
    .update(events)
    .set({ interestedCount: sql`${events.interestedCount} + ${step}` })
    .where(eq(events.id, eventId))
    .returning({ interestedCount: events.interestedCount, hostId: events.hostId });
  return event ?? null;
}

/**
 * A follow added (1), removed (-1) or unchanged (0, which only reads): both counters in one
 * statement, so the two profiles' rows are locked in key order whoever follows whom. Answers the
 * followee's follower count.
 */
export async function followStep(
  tx: Db,
  followerId: string,
  followeeId: string,
  step: Step,
): Promise<number> {
  const counts =
    step === 0
      ? await tx
          .select({ userId: profiles.userId, followerCount: profiles.followerCount })
          .from(profiles)
          .where(eq(profiles.userId, followeeId))
      : await tx
          .update(profiles)
          .set({
            followingCount: sql`${profiles.followingCount} + case when ${profiles.userId} = ${followerId} then ${step}::int else 0 end`,
            followerCount: sql`${profiles.followerCount} + case when ${profiles.userId} = ${followeeId} then ${step}::int else 0 end`,
          })
          .where(inArray(profiles.userId, [followerId, followeeId]))
          .returning({ userId: profiles.userId, followerCount: profiles.followerCount });
  return counts.find((row) => row.userId === followeeId)?.followerCount ?? 0;
}

/** Follows deleted by something else than an unfollow (a block): each one's two counters, one less. */
export async function followsRemoved(
  tx: Db,
  removed: readonly { followerId: string; followeeId: string }[],
): Promise<void> {
  for (const follow of removed) {
    await tx
      .update(profiles)
      .set({ followingCount: sql`${profiles.followingCount} - 1` })
      .where(eq(profiles.userId, follow.followerId));
    await tx
      .update(profiles)
      .set({ followerCount: sql`${profiles.followerCount} - 1` })
      .where(eq(profiles.userId, follow.followeeId));
  }
}

/**
 * A suspension (step -1) or its lift (1): everything the account added to other people's counts
 * leaves them or comes back, in the suspension's transaction.
 */
export async function suspensionCounters(tx: Db, userId: string, step: -1 | 1): Promise<void> {
  await tx
    .update(posts)
    .set({ likeCount: sql`${posts.likeCount} + ${step}` })
    .where(
      sql`${posts.id} in (select ${postLikes.postId} from ${postLikes} where ${postLikes.userId} = ${userId})`,
    );
  await tx
    .update(posts)
    .set({ shareCount: sql`${posts.shareCount} + ${step}` })
    .where(
      sql`${posts.id} in (select ${postShares.postId} from ${postShares} where ${postShares.userId} = ${userId})`,
    );
  await tx.execute(sql`
    update ${posts} set comment_count = ${posts.commentCount} + ${step} * mine.n
    from (select ${comments.postId} as post_id, count(*)::int as n from ${comments}
          where ${comments.authorId} = ${userId} group by ${comments.postId}) as mine
    where ${posts.id} = mine.post_id`);
  await tx
    .update(events)
    .set({ interestedCount: sql`${events.interestedCount} + ${step}` })
    .where(
      sql`${events.id} in (select ${eventInterests.eventId} from ${eventInterests} where ${eventInterests.userId} = ${userId})`,
    );
  await tx
    .update(profiles)
    .set({ followerCount: sql`${profiles.followerCount} + ${step}` })
    .where(
      sql`${profiles.userId} in (select ${follows.followeeId} from ${follows} where ${follows.followerId} = ${userId})`,
    );
  await tx
    .update(profiles)
    .set({ followingCount: sql`${profiles.followingCount} + ${step}` })
    .where(
      sql`${profiles.userId} in (select ${follows.followerId} from ${follows} where ${follows.followeeId} = ${userId})`,
    );
}

/**
 * A deleted account's follows, likes, shares, comments and interests go, and the counters on other
 * people's things with them (only rows really deleted move a counter: `returning`). Its own posts
 * and events go with the account, so their counters are not moved.
 */
export async function removeAccountContributions(tx: Db, me: string): Promise<void> {
  await tx.execute(sql`
    with gone as (delete from follows where follower_id = ${me} returning followee_id)
    update profiles p set follower_count = p.follower_count - 1 from gone where p.user_id = gone.followee_id`);
  await tx.execute(sql`
    with gone as (delete from follows where followee_id = ${me} returning follower_id)
    update profiles p set following_count = p.following_count - 1 from gone where p.user_id = gone.follower_id`);
  await tx.execute(sql`
    with gone as (delete from post_likes where user_id = ${me} returning post_id)
    update posts p set like_count = p.like_count - 1 from gone where p.id = gone.post_id and p.author_id <> ${me}`);
  await tx.execute(sql`
    with gone as (delete from post_shares where user_id = ${me} returning post_id)
    update posts p set share_count = p.share_count - 1 from gone where p.id = gone.post_id and p.author_id <> ${me}`);
  await tx.execute(sql`
    with gone as (delete from comments where author_id = ${me} returning post_id),
         per_post as (select post_id, count(*)::int as n from gone group by post_id)
    update posts p set comment_count = p.comment_count - per_post.n
    from per_post where p.id = per_post.post_id and p.author_id <> ${me}`);
  await tx.execute(sql`
    with gone as (delete from event_interests where user_id = ${me} returning event_id)
    update events e set interested_count = e.interested_count - 1 from gone where e.id = gone.event_id and e.host_id <> ${me}`);
}
