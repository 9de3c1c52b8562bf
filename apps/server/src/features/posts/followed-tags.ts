/**
 * Followed hashtags: a member follows a tag, and public posts carrying it join their home feed
 * (composers/feed/queries.ts reads `followed_tags`), marked with the tag. Only the member's own
 * list is ever read or written; a tag is any word a caption's `#word` makes one (TagParam), whether
 * or not a post carries it yet, as on Mastodon.
 */
import type { FollowedTagDto, TagFollowStateDto } from '@glimpse/shared';
import { limits, messages } from '@glimpse/shared';
import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { ServiceArgs } from '../../core/service.ts';
import type { Db } from '../../db/client.ts';
import { followedTags } from '../../db/schema.ts';
import { invalid } from '../../lib/errors.ts';

export async function isFollowingTag(db: Db, userId: string, tag: string): Promise<boolean> {
  const [row] = await db
    .select({ tag: followedTags.tag })
    .from(followedTags)
    .where(and(eq(followedTags.userId, userId), eq(followedTags.tag, tag)));
  return Boolean(row);
}

/**
 * Follow hashtag / Unfollow hashtag, idempotent both ways. Following one more than
 * `limits.followedTagsMax` is refused (400) and stores nothing; the count and the insert are one
 * statement, so a burst of follows cannot slip past it one at a time.
 */
export async function setTagFollow({
  ctx: { db, actor },
  input: { tag, following },
}: ServiceArgs<'db' | 'actor', { tag: string; following: boolean }>): Promise<TagFollowStateDto> {
  if (!following) {
    await db.delete(followedTags).where(and(eq(followedTags.userId, actor.id), eq(followedTags.tag, tag)));
    return { tag, following: false };
  }
  const added = (await db.execute(
    sql`insert into ${followedTags} (user_id, tag)
      select ${actor.id}, ${tag}
      where (select count(*) from ${followedTags} where ${followedTags.userId} = ${actor.id}) < ${limits.followedTagsMax}
      on conflict do nothing returning tag`,
  )) as unknown as { rows: { tag: string }[] };
  if (added.rows.length === 0 && !(await isFollowingTag(db, actor.id, tag)))
    throw invalid(messages.tags.followedFull(limits.followedTagsMax));
  return { tag, following: true };
}

/** Where a page of followed tags ends: the last one's follow time and tag (the list's order). */
export interface FollowedTagCursor {
  at: Date;
  tag: string;
}

/**
 * The member's followed tags, the latest followed first, `limit` of them after `after` (the client
 * API pages them; the settings list reads them all, at most `limits.followedTagsMax`).
 */
export async function listFollowedTags(
  db: Db,
  userId: string,
  { after = null, limit = limits.followedTagsMax }: { after?: FollowedTagCursor | null; limit?: number } = {},
): Promise<FollowedTagDto[]> {
  const rows = await db
    .select({ tag: followedTags.tag, createdAt: followedTags.createdAt })
    .from(followedTags)
    .where(
      and(
        eq(followedTags.userId, userId),
        after
          ? or(
              lt(followedTags.createdAt, after.at),
              and(eq(followedTags.createdAt, after.at), lt(followedTags.tag, after.tag)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(followedTags.createdAt), desc(followedTags.tag))
    .limit(limit);
  return rows.map((row) => ({ tag: row.tag, followedAt: row.createdAt.toISOString() }));
}
