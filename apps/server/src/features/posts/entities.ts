/**
 * What a caption or comment's hashtags and mentions do on the server, inside the write's own
 * transaction: a caption's tags are listed in `post_tags` (the tag pages), and each person newly
 * mentioned gets one `mention` notice. The parsing is the shared package's (text-entities.ts), the
 * same that makes the links on screen.
 */
import { extractHashtags, extractMentions } from '@glimpse/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { notify } from '../../core/notify.ts';
import { contentVisibleTo, visibleTo } from '../../core/visibility.ts';
import type { Db } from '../../db/client.ts';
import { posts, postTags, profiles } from '../../db/schema.ts';

/** Replaces the post's listed tags with those of `caption`. */
export async function syncPostTags(tx: Db, post: { id: string; createdAt: Date }, caption: string) {
  await tx.delete(postTags).where(eq(postTags.postId, post.id));
  const tags = extractHashtags(caption);
  if (tags.length === 0) return;
  await tx
    .insert(postTags)
    .values(tags.map((tag) => ({ postId: post.id, tag, postCreatedAt: post.createdAt })))
    .onConflictDoNothing();
}

/**
 * Notifies the people `text` mentions that `previousText` did not (an edit tells only the newly
 * mentioned, and a save that adds nobody tells nobody). Returns who was notified, for the caller
 * to publish after its commit.
 */
export async function notifyMentions(
  tx: Db,
  {
    text,
    previousText = '',
    actorId,
    subject,
  }: {
    text: string;
    previousText?: string;
    actorId: string;
    subject: { postId: string } | { commentId: string; postId: string };
  },
): Promise<string[]> {
  const before = new Set(extractMentions(previousText));
  const names = extractMentions(text).filter((name) => !before.has(name));
  if (names.length === 0) return [];
  // Nobody hidden from the author (a block either way, a suspension) is told, nor anyone the post's
  // audience leaves out: a mention never widens a followers-only post.
  const mayRead = sql`exists (select 1 from ${posts} where ${posts.id} = ${subject.postId} and ${contentVisibleTo(posts.authorId, posts.audience, profiles.userId)})`;
  const people = await tx
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(
      and(inArray(sql`lower(${profiles.username})`, names), visibleTo(profiles.userId, actorId), mayRead),
    );
  const notified: string[] = [];
  for (const { userId } of people) {
    if (await notify(tx, { type: 'mention', recipientId: userId, actorId, ...subject }))
      notified.push(userId);
  }
  return notified;
}
