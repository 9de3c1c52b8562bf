/**
 * Post rules: only a member with a profile posts, with their own upload; only the author deletes
 * (taking likes, saves, comments and the image files along); likes, saves and comments act only
 * as the caller. Toggles are idempotent: the join tables' primary keys decide, and the counters
 * move in the same transaction (the like: the same statement, `likeStatement`; the save:
 * core/toggle.ts) only when a row was really added or removed.
 */
import type {
  CommentDto,
  CommentInput,
  CreatePostInput,
  LikeStateDto,
  Page,
  PostDto,
  SaveStateDto,
} from '@glimpse/shared';
import { extractMentions, isSensitivePost, limits, messages } from '@glimpse/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { commentRemoved, postAdded, postRemoved } from '../../core/counters.ts';
import { commentDelivery, postDelivery } from '../../core/federation-jobs.ts';
import { deleteImages, requireOwnImages } from '../../core/images.ts';
import { findAuthors, requireProfile } from '../../core/profiles.ts';
import { type ServiceArgs, withTransaction } from '../../core/service.ts';
import { toggleWithCounter } from '../../core/toggle.ts';
import { defaultAudience, visibleTo } from '../../core/visibility.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { comments, postImages, postLikes, postSaves, posts, postTags } from '../../db/schema.ts';
import { type Cursor, keyset, toPage } from '../../lib/cursor.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { notifyMentions, syncPostTags } from './entities.ts';
import { placeColumns } from './places.ts';
import {
  addCommentIn,
  commentRowToDto,
  feedPage,
  type PostOrigin,
  type PostRow,
  postStatements,
  selectCommentForViewer,
  selectPinnedPosts,
  selectPostsForViewer,
  toCommentDto,
  toPostDto,
} from './queries.ts';
import { accountQuotePolicy, addQuote, requireQuotable } from './quotes.ts';

const pageSize = limits.pageSize;
const profileRequired = () => forbidden(messages.post.profileRequired);
const postNotFound = () => notFound(messages.post.notFound);

export async function getPost({
  ctx: { db, storage, actor },
  input: { postId },
}: ServiceArgs<'db' | 'storage' | 'actor', { postId: string }>): Promise<PostDto> {
  const [row] = await postStatements(db).post.execute({ viewerId: actor.id, postId });
  if (!row) throw postNotFound();
  return toPostDto(storage, row);
}

export async function createPost({
  ctx,
  input,
}: ServiceArgs<'db' | 'storage' | 'live' | 'actor', z.output<typeof CreatePostInput>>): Promise<PostDto> {
  const { db, actor } = ctx;
  await requireProfile(db, actor.id, profileRequired);
  await requireOwnImages(
    db,
    actor.id,
    input.photos.map((p) => p.imageId),
    'post',
  );
  let created: { postId: string; mentioned: string[] };
  try {
    created = await withTransaction(db, async (tx) => {
      const quotedAuthorId = input.quotedPostId
        ? await requireQuotable(tx, actor.id, input.quotedPostId)
        : null;
      const [post] = await tx
        .insert(posts)
        .values({
          authorId: actor.id,
          caption: input.caption,
          contentWarning: input.contentWarning,
          sensitive: isSensitivePost(input),
          audience: input.audience ?? (await defaultAudience(tx, actor.id)),
          quotePolicy: input.quotePolicy ?? (await accountQuotePolicy(tx, actor.id)),
          ...(await placeColumns(tx, input.location)),
        })
        // The author's followers on other servers get it: its delivery is queued with the row.
        .returning({ id: posts.id, createdAt: posts.createdAt, delivery: postDelivery('insert') });
      await postAdded(tx, { authorId: actor.id, createdAt: post!.createdAt });
      // Stored in the order sent: position is the photo's place in the carousel.
      await tx
        .insert(postImages)
        .values(input.photos.map((p, position) => ({ postId: post!.id, position, ...p })));
      await syncPostTags(tx, post!, input.caption);
      const mentioned = await notifyMentions(tx, {
        text: input.caption,
        actorId: actor.id,
        subject: { postId: post!.id },
      });
      if (input.quotedPostId && quotedAuthorId) {
        const told = await addQuote(tx, {
          postId: post!.id,
          quotedPostId: input.quotedPostId,
          quotedAuthorId,
          actorId: actor.id,
        });
        if (told) mentioned.push(quotedAuthorId);
      }
      return { postId: post!.id, mentioned };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'post_images_image_uq')) throw conflict(messages.post.imageTaken);
    throw error;
  }
  ctx.live.publish({ kind: 'post_created', authorId: actor.id, postId: created.postId });
  for (const recipientId of created.mentioned) ctx.live.publish({ kind: 'notification', recipientId });
  return getPost({ ctx, input: { postId: created.postId } });
}

export async function deletePost({
  ctx,
  input: { postId },
}: ServiceArgs<'db' | 'storage' | 'live' | 'actor', { postId: string }>): Promise<void> {
  const deleted = await withTransaction(ctx.db, async (tx) => {
    const [post] = await tx
      .select({ authorId: posts.authorId, createdAt: posts.createdAt })
      .from(posts)
      .where(eq(posts.id, postId))
      .for('update');
    if (!post) throw postNotFound();
    if (post.authorId !== ctx.actor.id) throw forbidden(messages.post.onlyAuthorDeletes);
    // Photos, likes, saves, comments, tags and versions go with the post (ON DELETE CASCADE).
    const photos = await tx
      .delete(postImages)
      .where(eq(postImages.postId, postId))
      .returning({ imageId: postImages.imageId });
    await tx
      .delete(posts)
      .where(eq(posts.id, postId))
      .returning({ delivery: postDelivery('delete') });
    await postRemoved(tx, post.authorId);
    return { imageIds: photos.map((p) => p.imageId), createdAt: post.createdAt };
  });
  ctx.live.publish({
    kind: 'post_deleted',
    authorId: ctx.actor.id,
    postId,
    createdAt: deleted.createdAt.toISOString(),
  });
  await deleteImages(ctx, deleted.imageIds);
}

/** A 404 unless the post exists and its author is visible to the viewer (core/visibility.ts): a hidden post is as missing as a deleted one. */
export async function requireVisiblePost(db: Db, viewerId: string, postId: string) {
  const [post] = await postStatements(db).visiblePost.execute({ viewerId, postId });
  if (!post) throw postNotFound();
}

export async function setLike({
  ctx: { db, live, actor },
  input: { postId, liked },
}: ServiceArgs<'db' | 'live' | 'actor', { postId: string; liked: boolean }>): Promise<LikeStateDto> {
  const statement = liked ? postStatements(db).like : postStatements(db).unlike;
  const [outcome] = (await statement.execute({ viewerId: actor.id, postId })).rows;
  if (!outcome) throw postNotFound();
  if (outcome.changed) live.publish({ kind: 'post_changed', postId });
  if (outcome.notified) live.publish({ kind: 'notification', recipientId: outcome.authorId });
  return { liked, likeCount: outcome.likeCount };
}

/** A save has no counter and nobody else sees it: the toggle alone. */
export async function setSave({
  ctx: { db, actor },
  input: { postId, saved },
}: ServiceArgs<'db' | 'actor', { postId: string; saved: boolean }>): Promise<SaveStateDto> {
  await requireVisiblePost(db, actor.id, postId);
  await toggleWithCounter(db, {
    table: postSaves,
    row: { postId, userId: actor.id },
    on: saved,
    moveCounters: async () => ({}),
  });
  return { saved };
}

export type PostList = { kind: 'author'; authorId: string } | { kind: 'saved' } | { kind: 'liked' };

const exploreOf = (db: Db, origin: PostOrigin) => {
  const statements = postStatements(db);
  return { any: statements.explore, local: statements.exploreLocal, remote: statements.exploreRemote }[
    origin
  ];
};

/** Explore: everyone's public posts, newest first; `origin` keeps this server's members' or other servers' only. */
export async function listExplore({
  ctx,
  input: { cursor, origin = 'any' },
}: ServiceArgs<'db' | 'storage' | 'actor', { cursor: Cursor | null; origin?: PostOrigin }>): Promise<
  Page<PostDto>
> {
  const [first, next] = exploreOf(ctx.db, origin);
  return feedPage(ctx.storage, await (cursor ? next : first).execute({ viewerId: ctx.actor.id, ...cursor }));
}

/**
 * Explore as a signed-out reader sees it (the client API without a token): the same statements
 * with no viewer, for whom no block, mute, follow or like matches, so the audience rule leaves
 * public posts of public accounts that are not suspended, as `contentVisibleTo(…, null)` does.
 */
export async function listExploreSignedOut({
  ctx,
  input: { cursor, origin = 'any' },
}: ServiceArgs<'db' | 'storage', { cursor: Cursor | null; origin?: PostOrigin }>): Promise<Page<PostDto>> {
  const [first, next] = exploreOf(ctx.db, origin);
  return feedPage(ctx.storage, await (cursor ? next : first).execute({ viewerId: null, ...cursor }));
}

/** One comment, if the viewer may see it and its post: a hidden comment is as missing as a deleted one. */
export async function getComment({
  ctx: { db, storage, actor },
  input: { commentId },
}: ServiceArgs<'db' | 'storage' | 'actor', { commentId: string }>): Promise<CommentDto> {
  const [row] = await selectCommentForViewer(db, actor.id, commentId);
  if (!row) throw notFound(messages.comments.notFound);
  return commentRowToDto(storage, row);
}

/**
 * Who liked a post the viewer may see, the latest like first, leaving out the accounts hidden from
 * the viewer; a page of their ids (the caller shows them as it shows accounts).
 */
export async function listLikers({
  ctx: { db, actor },
  input: { postId, cursor, limit = pageSize },
}: ServiceArgs<'db' | 'actor', { postId: string; cursor: Cursor | null; limit?: number }>): Promise<
  Page<{ userId: string; likedAt: string }>
> {
  await requireVisiblePost(db, actor.id, postId);
  const order = keyset(postLikes.createdAt, postLikes.userId, 'newestFirst');
  const rows = await db
    .select({ userId: postLikes.userId, createdAt: postLikes.createdAt })
    .from(postLikes)
    .where(and(eq(postLikes.postId, postId), visibleTo(postLikes.userId, actor.id), order.after(cursor)))
    .orderBy(...order.orderBy)
    .limit(limit + 1);
  return toPage(
    rows,
    limit,
    (row) => ({ userId: row.userId, likedAt: row.createdAt.toISOString() }),
    (row) => ({ at: row.createdAt, id: row.userId }),
  );
}

export async function listPosts({
  ctx: { db, storage, actor },
  input: { list, cursor },
}: ServiceArgs<'db' | 'storage' | 'actor', { list: PostList; cursor: Cursor | null }>): Promise<
  Page<PostDto>
> {
  let rows: Awaited<ReturnType<ReturnType<typeof selectPostsForViewer>['execute']>>;
  if (list.kind === 'saved' || list.kind === 'liked') {
    // Ordered by when the viewer saved or liked, served by the (user_id, created_at) index.
    const marks = list.kind === 'saved' ? postSaves : postLikes;
    const order = keyset(marks.createdAt, marks.postId, 'newestFirst');
    rows = await selectPostsForViewer(db, actor.id, marks.createdAt)
      .innerJoin(marks, and(eq(marks.postId, posts.id), eq(marks.userId, actor.id)))
      .where(order.after(cursor))
      .orderBy(...order.orderBy)
      .limit(pageSize + 1);
  } else {
    const [first, next] = postStatements(db).author;
    rows = await (cursor ? next : first).execute({ viewerId: actor.id, authorId: list.authorId, ...cursor });
    // A profile opens on its pinned posts, latest pin first, then the others newest first.
    if (!cursor) {
      const pinned = await selectPinnedPosts(db, actor.id, list.authorId);
      const page = toPage(rows, pageSize, (row) => toPostDto(storage, row), cursorOf);
      return { ...page, items: [...pinned.map((row) => toPostDto(storage, row)), ...page.items] };
    }
  }
  return toPage(rows, pageSize, (row) => toPostDto(storage, row), cursorOf);
}

const cursorOf = (row: PostRow) => ({ at: row.activityAt, id: row.post.id });

export async function listComments({
  ctx: { db, storage, actor },
  input: { postId, cursor },
}: ServiceArgs<'db' | 'storage' | 'actor', { postId: string; cursor: Cursor | null }>): Promise<
  Page<CommentDto>
> {
  const [first, next] = postStatements(db).comments;
  const rows = await (cursor ? next : first).execute({
    viewerId: actor.id,
    postId,
    ...cursor,
  });
  // No comments: a post without any, or one that is missing or hidden (a 404 either way).
  if (rows.length === 0) await requireVisiblePost(db, actor.id, postId);
  return toPage(
    rows,
    pageSize,
    (row) => commentRowToDto(storage, row),
    (row) => ({ at: row.comment.createdAt, id: row.comment.id }),
  );
}

export async function addComment({
  ctx: { db, storage, live, actor },
  input: { postId, body },
}: ServiceArgs<
  'db' | 'storage' | 'live' | 'actor',
  { postId: string } & z.output<typeof CommentInput>
>): Promise<CommentDto> {
  // The author as the answer shows them: read once here, the profile check and the DTO's author.
  const author = (await findAuthors(db, storage, [actor.id])).get(actor.id);
  if (!author) throw profileRequired();
  const input = { viewerId: actor.id, postId, body };
  const mentionsSomeone = extractMentions(body).length > 0;
  // The mentions' notices commit with the comment: then the two share a transaction.
  const { row, mentioned } = mentionsSomeone
    ? await withTransaction(db, async (tx) => {
        const row = await addCommentIn(tx, input);
        if (!row) throw postNotFound();
        const subject = { postId, commentId: row.id };
        return { row, mentioned: await notifyMentions(tx, { text: body, actorId: actor.id, subject }) };
      })
    : { row: (await postStatements(db).comment.execute(input)).rows[0], mentioned: [] };
  if (!row) throw postNotFound();
  const comment = { ...row, createdAt: new Date(row.createdAt) };
  live.publish({ kind: 'post_changed', postId });
  const told = new Set([...mentioned, ...(row.notified ? [row.postAuthorId] : [])]);
  for (const recipientId of told) live.publish({ kind: 'notification', recipientId });
  return toCommentDto(comment, author);
}

/**
 * The comment's author, or the author of the post it is on, deletes it; the post's count moves
 * only when this call really removed the row, so two deletes at once count once.
 */
export async function deleteComment({
  ctx: { db, live, actor },
  input: { commentId },
}: ServiceArgs<'db' | 'live' | 'actor', { commentId: string }>): Promise<void> {
  const postId = await withTransaction(db, async (tx) => {
    const [found] = await tx
      .select({ postId: comments.postId, authorId: comments.authorId, postAuthorId: posts.authorId })
      .from(comments)
      .innerJoin(posts, eq(posts.id, comments.postId))
      .where(eq(comments.id, commentId));
    if (!found) throw notFound(messages.comments.notFound);
    if (actor.id !== found.authorId && actor.id !== found.postAuthorId) {
      throw forbidden(messages.comments.notAllowed);
    }
    const removed = await tx
      .delete(comments)
      .where(eq(comments.id, commentId))
      .returning({ id: comments.id, delivery: commentDelivery('delete') });
    if (removed.length === 0) throw notFound(messages.comments.notFound);
    await commentRemoved(tx, { postId: found.postId, authorId: found.authorId });
    return found.postId;
  });
  live.publish({ kind: 'post_changed', postId });
}

/**
 * A window of one of the lists of `listPosts`, as the client API pages them: the posts between
 * `before` and `after` (either may be open), the `limit` nearest the newest end or, `fromOldest`
 * (Mastodon's `min_id`: the page immediately newer than `after`), the oldest end; newest first either
 * way. A profile's list may keep only the posts carrying `tag`. Each post comes with its place in
 * the list (`at`: its time, or when the viewer saved or liked it). The same select, and so the
 * same visibility rule, as `listPosts`.
 */
export async function listPostsWindow({
  ctx: { db, storage, actor },
  input: { list, before = null, after = null, fromOldest = false, limit, tag = null },
}: ServiceArgs<
  'db' | 'storage' | 'actor',
  {
    list: PostList;
    before?: Cursor | null;
    after?: Cursor | null;
    fromOldest?: boolean;
    limit: number;
    tag?: string | null;
  }
>): Promise<{ post: PostDto; at: Date }[]> {
  const direction = fromOldest ? 'oldestFirst' : 'newestFirst';
  const bounds = (at: AnyPgColumn, id: AnyPgColumn) =>
    and(keyset(at, id, 'newestFirst').after(before), keyset(at, id, 'oldestFirst').after(after));
  let rows: Awaited<ReturnType<ReturnType<typeof selectPostsForViewer>['execute']>>;
  if (list.kind === 'saved' || list.kind === 'liked') {
    const marks = list.kind === 'saved' ? postSaves : postLikes;
    rows = await selectPostsForViewer(db, actor.id, marks.createdAt)
      .innerJoin(marks, and(eq(marks.postId, posts.id), eq(marks.userId, actor.id)))
      .where(bounds(marks.createdAt, marks.postId))
      .orderBy(...keyset(marks.createdAt, marks.postId, direction).orderBy)
      .limit(limit);
  } else {
    const tagged = tag
      ? sql`exists (select 1 from ${postTags} where ${postTags.postId} = ${posts.id} and ${postTags.tag} = ${tag})`
      : undefined;
    rows = await selectPostsForViewer(db, actor.id)
      .where(and(eq(posts.authorId, list.authorId), bounds(posts.createdAt, posts.id), tagged))
      .orderBy(...keyset(posts.createdAt, posts.id, direction).orderBy)
      .limit(limit);
  }
  const window = rows.map((row) => ({ post: toPostDto(storage, row), at: row.activityAt }));
  return fromOldest ? window.reverse() : window;
}
