/**
 * Post rules: only a member with a profile posts, with their own upload; only the author deletes
 * (taking likes, saves, comments and the image files along); likes, saves and comments act only
 * as the caller. Toggles are idempotent: the join tables' primary keys decide, and the counters
 * move in the same transaction only when a row was really added or removed.
 */
import type { CommentDto, CommentInput, LikeStateDto, Page, PostDto, SaveStateDto } from '@glimpse/shared';
import { limits, messages } from '@glimpse/shared';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { comments, images, postLikes, postSaves, posts, profiles } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import { type Cursor, newerThan, olderThan, toPage } from '../../lib/cursor.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/http.ts';
import { deleteImages, requireOwnImage } from '../images/service.ts';
import { toAuthorDto } from '../profile/queries.ts';
import { selectPostsForViewer, toPostDto } from './queries.ts';

type Deps = Pick<AppDeps, 'db' | 'storage' | 'live'>;
const pageSize = limits.pageSize;

/** Ids come from URLs: anything that is not a uuid cannot be a post. */
export function parsePostId(value: string): string {
  const parsed = z.uuid().safeParse(value);
  if (!parsed.success) throw notFound(messages.post.notFound);
  return parsed.data;
}

export async function getPost({ db, storage }: Deps, viewer: Viewer, postId: string): Promise<PostDto> {
  const [row] = await selectPostsForViewer(db, viewer.id).where(eq(posts.id, postId)).limit(1);
  if (!row) throw notFound(messages.post.notFound);
  return toPostDto(storage, row);
}

export async function createPost(
  deps: Deps,
  { viewer, input }: { viewer: Viewer; input: { imageId: string; caption: string; altText: string } },
): Promise<PostDto> {
  const { db } = deps;
  const profile = await db.query.profiles.findFirst({
    where: eq(profiles.userId, viewer.id),
    columns: { userId: true },
  });
  if (!profile) throw forbidden(messages.post.profileRequired);
  await requireOwnImage(db, viewer.id, input.imageId, 'post');
  let postId: string;
  try {
    const [row] = await db
      .insert(posts)
      .values({ authorId: viewer.id, imageId: input.imageId, caption: input.caption, altText: input.altText })
      .returning({ id: posts.id });
    postId = row!.id;
  } catch (error) {
    if (isUniqueViolation(error, 'posts_image_uq'))
      throw conflict('This image already belongs to another post.');
    throw error;
  }
  deps.live.publish({ kind: 'post_created', authorId: viewer.id, postId });
  return getPost(deps, viewer, postId);
}

export async function deletePost(deps: Deps, { viewer, postId }: { viewer: Viewer; postId: string }) {
  const imageId = await deps.db.transaction(async (tx) => {
    const [post] = await tx
      .select({ authorId: posts.authorId, imageId: posts.imageId })
      .from(posts)
      .where(eq(posts.id, postId))
      .for('update');
    if (!post) throw notFound(messages.post.notFound);
    if (post.authorId !== viewer.id) throw forbidden(messages.post.onlyAuthorDeletes);
    // Likes, saves and comments go with the post (ON DELETE CASCADE).
    await tx.delete(posts).where(eq(posts.id, postId));
    return post.imageId;
  });
  deps.live.publish({ kind: 'post_deleted', authorId: viewer.id, postId });
  await deleteImages(deps, [imageId]);
}

async function requirePostExists(db: Db, postId: string) {
  const [post] = await db.select({ id: posts.id }).from(posts).where(eq(posts.id, postId)).limit(1);
  if (!post) throw notFound(messages.post.notFound);
}

export async function setLike(
  { db, live }: Deps,
  { viewer, postId, liked }: { viewer: Viewer; postId: string; liked: boolean },
): Promise<LikeStateDto> {
  await requirePostExists(db, postId);
  const state = await db.transaction(async (tx) => {
    const changed = liked
      ? await tx.insert(postLikes).values({ postId, userId: viewer.id }).onConflictDoNothing().returning()
      : await tx
          .delete(postLikes)
          .where(and(eq(postLikes.postId, postId), eq(postLikes.userId, viewer.id)))
          .returning();
    const step = changed.length === 0 ? 0 : liked ? 1 : -1;
    const [post] = await tx
      .update(posts)
      .set({ likeCount: sql`${posts.likeCount} + ${step}` })
      .where(eq(posts.id, postId))
      .returning({ likeCount: posts.likeCount });
    if (!post) throw notFound(messages.post.notFound);
    return { liked, likeCount: post.likeCount, changed: step !== 0 };
  });
  if (state.changed) live.publish({ kind: 'post_changed', postId });
  return { liked: state.liked, likeCount: state.likeCount };
}

export async function setSave(
  { db }: Deps,
  { viewer, postId, saved }: { viewer: Viewer; postId: string; saved: boolean },
): Promise<SaveStateDto> {
  await requirePostExists(db, postId);
  if (saved) {
    await db.insert(postSaves).values({ postId, userId: viewer.id }).onConflictDoNothing();
  } else {
    await db.delete(postSaves).where(and(eq(postSaves.postId, postId), eq(postSaves.userId, viewer.id)));
  }
  return { saved };
}

type PostList =
  | { kind: 'explore' }
  | { kind: 'author'; authorId: string }
  | { kind: 'saved' }
  | { kind: 'liked' };

export async function listPosts(
  { db, storage }: Deps,
  viewer: Viewer,
  list: PostList,
  cursor: Cursor | null,
): Promise<Page<PostDto>> {
  let rows: Awaited<ReturnType<ReturnType<typeof selectPostsForViewer>['execute']>>;
  if (list.kind === 'saved' || list.kind === 'liked') {
    // Ordered by when the viewer saved or liked, served by the (user_id, created_at) index.
    const marks = list.kind === 'saved' ? postSaves : postLikes;
    rows = await selectPostsForViewer(db, viewer.id, marks.createdAt)
      .innerJoin(marks, and(eq(marks.postId, posts.id), eq(marks.userId, viewer.id)))
      .where(olderThan(marks.createdAt, marks.postId, cursor))
      .orderBy(desc(marks.createdAt), desc(marks.postId))
      .limit(pageSize + 1);
  } else {
    rows = await selectPostsForViewer(db, viewer.id)
      .where(
        and(
          list.kind === 'author' ? eq(posts.authorId, list.authorId) : undefined,
          olderThan(posts.createdAt, posts.id, cursor),
        ),
      )
      .orderBy(desc(posts.createdAt), desc(posts.id))
      .limit(pageSize + 1);
  }
  return toPage(
    rows,
    pageSize,
    (row) => toPostDto(storage, row),
    (row) => ({ at: row.activityAt, id: row.post.id }),
  );
}

const commentAuthorImage = alias(images, 'comment_author_image');

export async function listComments(
  { db, storage }: Deps,
  postId: string,
  cursor: Cursor | null,
): Promise<Page<CommentDto>> {
  await requirePostExists(db, postId);
  const rows = await db
    .select({ comment: comments, profile: profiles, profileImage: commentAuthorImage })
    .from(comments)
    .innerJoin(profiles, eq(profiles.userId, comments.authorId))
    .leftJoin(commentAuthorImage, eq(commentAuthorImage.id, profiles.profileImageId))
    .where(and(eq(comments.postId, postId), newerThan(comments.createdAt, comments.id, cursor)))
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .limit(pageSize + 1);
  return toPage(
    rows,
    pageSize,
    (row) => ({
      id: row.comment.id,
      postId: row.comment.postId,
      author: toAuthorDto(storage, row),
      body: row.comment.body,
      createdAt: row.comment.createdAt.toISOString(),
    }),
    (row) => ({ at: row.comment.createdAt, id: row.comment.id }),
  );
}

export async function addComment(
  { db, storage, live }: Deps,
  { viewer, postId, input }: { viewer: Viewer; postId: string; input: Required<CommentInput> },
): Promise<CommentDto> {
  const profile = await db.query.profiles.findFirst({ where: eq(profiles.userId, viewer.id) });
  if (!profile) throw forbidden(messages.post.profileRequired);
  const comment = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(posts)
      .set({ commentCount: sql`${posts.commentCount} + 1` })
      .where(eq(posts.id, postId))
      .returning({ id: posts.id });
    if (!updated) throw notFound(messages.post.notFound);
    const [row] = await tx
      .insert(comments)
      .values({ postId, authorId: viewer.id, body: input.body })
      .returning();
    return row!;
  });
  live.publish({ kind: 'post_changed', postId });
  const profileImage = profile.profileImageId
    ? ((await db.query.images.findFirst({ where: eq(images.id, profile.profileImageId) })) ?? null)
    : null;
  return {
    id: comment.id,
    postId,
    author: toAuthorDto(storage, { profile, profileImage }),
    body: comment.body,
    createdAt: comment.createdAt.toISOString(),
  };
}
