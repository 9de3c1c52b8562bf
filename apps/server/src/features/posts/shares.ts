/**
 * Sharing (boosting): a member shares a public post with their followers, whose home feeds then
 * show it once as "Shared by <name>" (composers/feed/queries.ts). Only posts anyone may see can be
 * shared: a followers-only post, or any post of a private account, is refused with 403 to whoever
 * may see it and 404 to the rest. The share, its count, the author's notice and its Announce are
 * one statement (queries.ts `shareStatement`); a remote account's Announce takes the same way.
 */
import type { AuthorDto, ShareStateDto } from '@glimpse/shared';
import { limits, messages } from '@glimpse/shared';
import { and, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { imageDtoColumns } from '../../core/images.ts';
import { authorColumns, toAuthorDto } from '../../core/profiles.ts';
import type { ServiceArgs } from '../../core/service.ts';
import { visibleTo } from '../../core/visibility.ts';
import type { Db } from '../../db/client.ts';
import { images, postShares, profiles } from '../../db/schema.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { postStatements } from './queries.ts';

export async function setShare({
  ctx: { db, live, actor },
  input: { postId, shared },
}: ServiceArgs<'db' | 'live' | 'actor', { postId: string; shared: boolean }>): Promise<ShareStateDto> {
  const statements = postStatements(db);
  const [outcome] = (
    await (shared ? statements.share : statements.unshare).execute({ viewerId: actor.id, postId })
  ).rows;
  if (!outcome) {
    const [visible] = await statements.visiblePost.execute({ viewerId: actor.id, postId });
    throw visible ? forbidden(messages.shares.onlyPublic) : notFound(messages.post.notFound);
  }
  if (outcome.changed) live.publish({ kind: 'post_changed', postId });
  if (outcome.changed && shared && outcome.sharedAt) {
    const sharedAt = new Date(outcome.sharedAt).toISOString();
    live.publish({ kind: 'post_shared', sharerId: actor.id, postId, sharedAt });
  }
  if (outcome.notified) live.publish({ kind: 'notification', recipientId: outcome.authorId });
  return { shared, shareCount: outcome.shareCount };
}

/** When the member shared the post, or null when they have not. */
export async function sharedAtBy(db: Db, postId: string, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: postShares.createdAt })
    .from(postShares)
    .where(and(eq(postShares.postId, postId), eq(postShares.userId, userId)));
  return row?.createdAt ?? null;
}

const sharerImage = alias(images, 'sharer_image');

/**
 * Who shared a post the viewer may see, latest first (the client API's `reblogged_by`), without the
 * accounts hidden from the viewer; 404 for a post they may not see.
 */
export async function listSharers({
  ctx: { db, storage, actor },
  input: { postId },
}: ServiceArgs<'db' | 'storage' | 'actor', { postId: string }>): Promise<AuthorDto[]> {
  const [visible] = await postStatements(db).visiblePost.execute({ viewerId: actor.id, postId });
  if (!visible) throw notFound(messages.post.notFound);
  const rows = await db
    .select({ profile: authorColumns(profiles), profileImage: imageDtoColumns(sharerImage) })
    .from(postShares)
    .innerJoin(profiles, eq(profiles.userId, postShares.userId))
    .leftJoin(sharerImage, eq(sharerImage.id, profiles.profileImageId))
    .where(and(eq(postShares.postId, postId), visibleTo(postShares.userId, actor.id)))
    .orderBy(desc(postShares.createdAt))
    .limit(limits.pageSize * 4);
  return rows.map((row) => toAuthorDto(storage, row));
}
