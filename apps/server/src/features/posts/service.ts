/**
 * Post rules: only a member with a profile posts, with their own upload; only the author deletes
 * (taking likes, saves, comments and the image files along); likes, saves and comments act only
 * as the caller. Toggles are idempotent: the join tables' primary keys decide, and the counters
 * move in the same transaction (the like: the same statement, `likeStatement`; the save:
 * lib/toggle.ts) only when a row was really added or removed.
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
import { extractMentions, limits, messages } from '@glimpse/shared';
import { and, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { commentAddedStep, commentRemoved, likeCountStep } from '../../core/counters.ts';
import { deleteImages, requireOwnImages } from '../../core/images.ts';
import { noticeRetractions, noticeWrites } from '../../core/notify.ts';
import { literalLimit, preparedFor, prepareSql } from '../../core/prepared.ts';
import { findAuthors, requireProfile } from '../../core/profiles.ts';
import { type ServiceArgs, withTransaction } from '../../core/service.ts';
import { toggleWithCounter } from '../../core/toggle.ts';
import { visibleTo } from '../../core/visibility.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { comments, postImages, postLikes, postSaves, posts } from '../../db/schema.ts';
import { type Cursor, keyset, toPage } from '../../lib/cursor.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { Storage } from '../../storage/storage.ts';
import { notifyMentions, syncPostTags } from './entities.ts';
import {
  commentRowToDto,
  newestPostIds,
  type PostRow,
  selectComments,
  selectPostsForViewer,
  toCommentDto,
  toPostDto,
} from './queries.ts';

const pageSize = limits.pageSize;
const profileRequired = () => forbidden(messages.post.profileRequired);
const postNotFound = () => notFound(messages.post.notFound);
const newestFirst = keyset(posts.createdAt, posts.id, 'newestFirst');
const commentsOldestFirst = keyset(comments.createdAt, comments.id, 'oldestFirst');

const viewerParam = sql.placeholder('viewerId');
const postParam = sql.placeholder('postId');
const cursorParams = { at: sql.placeholder('at'), id: sql.placeholder('id') };

/** What opening a post and browsing Explore or a profile read, prepared (lib/prepared.ts). */
const statements = preparedFor((db) => {
  const authorPage = (afterCursor: boolean) =>
    selectPostsForViewer(db, viewerParam)
      .where(
        and(
          eq(posts.authorId, sql.placeholder('authorId')),
          afterCursor ? newestFirst.after(cursorParams) : undefined,
        ),
      )
      .orderBy(...newestFirst.orderBy)
      .limit(literalLimit(pageSize + 1))
      .prepare(`posts_author${afterCursor ? '_after' : ''}`);
  // Explore is a feed: the viewer's mutes apply there, not on a profile they open.
  const explorePage = (afterCursor: boolean) =>
    prepareFeedPage(
      db,
      newestPostIds(db, visibleTo(posts.authorId, viewerParam, { muted: true }), afterCursor),
      `explore_page${afterCursor ? '_after' : ''}`,
    );
  // Only while the post itself is visible: a page with comments then needs no separate check.
  const postVisible = sql`exists (select 1 from ${posts} where ${posts.id} = ${postParam} and ${visibleTo(posts.authorId, viewerParam)})`;
  const commentsPage = (afterCursor: boolean) =>
    selectComments(db, viewerParam)
      .where(
        and(
          eq(comments.postId, postParam),
          postVisible,
          afterCursor ? commentsOldestFirst.after(cursorParams) : undefined,
        ),
      )
      .orderBy(...commentsOldestFirst.orderBy)
      .limit(literalLimit(pageSize + 1))
      .prepare(`comments_page${afterCursor ? '_after' : ''}`);
  return {
    post: selectPostsForViewer(db, viewerParam)
      .where(eq(posts.id, postParam))
      .limit(literalLimit(1))
      .prepare('post_detail'),
    visiblePost: db
      .select({ id: posts.id })
      .from(posts)
      .where(and(eq(posts.id, postParam), visibleTo(posts.authorId, viewerParam)))
      .limit(literalLimit(1))
      .prepare('post_visible'),
    explore: [explorePage(false), explorePage(true)] as const,
    author: [authorPage(false), authorPage(true)] as const,
    comments: [commentsPage(false), commentsPage(true)] as const,
    like: prepareSql<LikeOutcome>(db, 'post_like', likeStatement(true)),
    unlike: prepareSql<LikeOutcome>(db, 'post_unlike', likeStatement(false)),
    comment: prepareComment(db),
  };
});

interface LikeOutcome {
  likeCount: number;
  authorId: string;
  /** Whether the like row was added (liking) or removed (unliking) by this call. */
  changed: boolean;
  /** Whether the author's notice was written (liking) or taken back (unliking). */
  notified: boolean;
}

/**
 * A like or unlike as one statement, so the commonest write is one round trip and one commit (it
 * was six or eight: the check, BEGIN, the row, the counter, the notice, COMMIT). Its CTEs: the post
 * if the viewer may see it (no row out: 404), the like row added or removed (its primary key makes
 * repeats do nothing), the counter moved only when it was, and the author's notice written or taken
 * back only when it was. All of it commits or fails together; a concurrent like waits for the
 * post's row and adds to the count it finds, so counts stay exact.
 */
function likeStatement(liked: boolean): SQL {
  const notice = {
    type: 'post_like',
    recipientId: sql`(select author_id from target)`,
    actorId: viewerParam,
    postId: postParam,
  } as const;
  const when = sql`exists (select 1 from changed)`;
  return sql`with target as (
      select ${posts.id} as id, ${posts.authorId} as author_id, ${posts.likeCount} as like_count
      from ${posts} where ${posts.id} = ${postParam} and ${visibleTo(posts.authorId, viewerParam)}
    ), changed as (${
      liked
        ? sql`insert into ${postLikes} (post_id, user_id) select id, ${viewerParam} from target
            on conflict do nothing returning post_id`
        : sql`delete from ${postLikes}
            where ${postLikes.postId} in (select id from target) and ${postLikes.userId} = ${viewerParam}
            returning post_id`
    }), counted as (${likeCountStep(sql`select post_id from changed`, liked)}), ${liked ? noticeWrites(notice, { when }) : noticeRetractions(notice, { when })}
    select coalesce((select like_count from counted), like_count) as "likeCount", author_id as "authorId",
      exists (select 1 from changed) as changed,
      exists (select 1 from ${liked ? sql`notice_written` : sql`retracted`}) as notified
    from target`;
}

export async function getPost({
  ctx: { db, storage, viewer },
  input: { postId },
}: ServiceArgs<'db' | 'storage' | 'viewer', { postId: string }>): Promise<PostDto> {
  const [row] = await statements(db).post.execute({ viewerId: viewer.id, postId });
  if (!row) throw postNotFound();
  return toPostDto(storage, row);
}

export async function createPost({
  ctx,
  input,
}: ServiceArgs<'db' | 'storage' | 'live' | 'viewer', z.output<typeof CreatePostInput>>): Promise<PostDto> {
  const { db, viewer } = ctx;
  await requireProfile(db, viewer.id, profileRequired);
  await requireOwnImages(
    db,
    viewer.id,
    input.photos.map((p) => p.imageId),
    'post',
  );
  let created: { postId: string; mentioned: string[] };
  try {
    created = await withTransaction(db, async (tx) => {
      const [post] = await tx
        .insert(posts)
        .values({ authorId: viewer.id, caption: input.caption, sensitive: input.sensitive })
        .returning({ id: posts.id, createdAt: posts.createdAt });
      // Stored in the order sent: position is the photo's place in the carousel.
      await tx
        .insert(postImages)
        .values(input.photos.map((p, position) => ({ postId: post!.id, position, ...p })));
      await syncPostTags(tx, post!, input.caption);
      const mentioned = await notifyMentions(tx, {
        text: input.caption,
        actorId: viewer.id,
        subject: { postId: post!.id },
      });
      return { postId: post!.id, mentioned };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'post_images_image_uq')) throw conflict(messages.post.imageTaken);
    throw error;
  }
  ctx.live.publish({ kind: 'post_created', authorId: viewer.id, postId: created.postId });
  for (const recipientId of created.mentioned) ctx.live.publish({ kind: 'notification', recipientId });
  return getPost({ ctx, input: { postId: created.postId } });
}

export async function deletePost({
  ctx,
  input: { postId },
}: ServiceArgs<'db' | 'storage' | 'live' | 'viewer', { postId: string }>): Promise<void> {
  const imageIds = await withTransaction(ctx.db, async (tx) => {
    const [post] = await tx
      .select({ authorId: posts.authorId })
      .from(posts)
      .where(eq(posts.id, postId))
      .for('update');
    if (!post) throw postNotFound();
    if (post.authorId !== ctx.viewer.id) throw forbidden(messages.post.onlyAuthorDeletes);
    // Photos, likes, saves, comments, tags and versions go with the post (ON DELETE CASCADE).
    const photos = await tx
      .delete(postImages)
      .where(eq(postImages.postId, postId))
      .returning({ imageId: postImages.imageId });
    await tx.delete(posts).where(eq(posts.id, postId));
    return photos.map((p) => p.imageId);
  });
  ctx.live.publish({ kind: 'post_deleted', authorId: ctx.viewer.id, postId });
  await deleteImages(ctx, imageIds);
}

/** A post the viewer may see (features/safety/visibility.ts); a hidden one is as missing as a deleted one. */
/** A 404 unless the post exists and its author is visible to the viewer (blocks, suspension). */
export async function requireVisiblePost(db: Db, viewerId: string, postId: string) {
  const [post] = await statements(db).visiblePost.execute({ viewerId, postId });
  if (!post) throw postNotFound();
}

interface CommentOutcome {
  id: string;
  postId: string;
  authorId: string;
  body: string;
  /** As PostgreSQL writes a timestamp (raw SQL rows are not mapped): `new Date` reads it, as drizzle does. */
  createdAt: string;
  postAuthorId: string;
  /** Whether the post's author was told (not when they comment on their own post). */
  notified: boolean;
}

/**
 * A comment as one statement, like a like (`likeStatement`): the post if the viewer may see it (no
 * row out: 404), the comment, the post's count, and the author's notice. Mentions are told in the
 * same transaction by `notifyMentions` after it, so a comment that mentions nobody, most of them,
 * is one round trip.
 */
const prepareComment = (db: Db) =>
  prepareSql<CommentOutcome>(
    db,
    'comment_add',
    sql`with target as (
      select ${posts.id} as id, ${posts.authorId} as author_id
      from ${posts} where ${posts.id} = ${postParam} and ${visibleTo(posts.authorId, viewerParam)}
    ), added as (
      insert into ${comments} (post_id, author_id, body) select id, ${viewerParam}, ${sql.placeholder('body')} from target
      returning id, post_id, author_id, body, created_at
    ), counted as (${commentAddedStep(sql`select post_id from added`)}), ${noticeWrites({
      type: 'post_comment',
      recipientId: sql`(select author_id from target)`,
      actorId: viewerParam,
      postId: postParam,
      commentId: sql`(select id from added)`,
    })}
    select id, post_id as "postId", author_id as "authorId", body, created_at as "createdAt",
      (select author_id from target) as "postAuthorId", exists (select 1 from notice_written) as notified
    from added`,
  );

export async function setLike({
  ctx: { db, live, viewer },
  input: { postId, liked },
}: ServiceArgs<'db' | 'live' | 'viewer', { postId: string; liked: boolean }>): Promise<LikeStateDto> {
  const statement = liked ? statements(db).like : statements(db).unlike;
  const [outcome] = (await statement.execute({ viewerId: viewer.id, postId })).rows;
  if (!outcome) throw postNotFound();
  if (outcome.changed) live.publish({ kind: 'post_changed', postId });
  if (outcome.notified) live.publish({ kind: 'notification', recipientId: outcome.authorId });
  return { liked, likeCount: outcome.likeCount };
}

/** A save has no counter and nobody else sees it: the toggle alone. */
export async function setSave({
  ctx: { db, viewer },
  input: { postId, saved },
}: ServiceArgs<'db' | 'viewer', { postId: string; saved: boolean }>): Promise<SaveStateDto> {
  await requireVisiblePost(db, viewer.id, postId);
  await toggleWithCounter(db, {
    table: postSaves,
    row: { postId, userId: viewer.id },
    on: saved,
    moveCounters: async () => ({}),
  });
  return { saved };
}

export type PostList = { kind: 'author'; authorId: string } | { kind: 'saved' } | { kind: 'liked' };

/**
 * A feed page's statement (home or Explore), newest first: `pageIds` finds the page's ids (a page
 * and one more), and the same statement reads those posts for the viewer. The ids are an
 * `array(…)`, which PostgreSQL runs once before the rest, so it plans the posts for a handful of
 * ids as it did when they came as a parameter, and keeps one generic plan.
 */
export function prepareFeedPage(db: Db, pageIds: SQLWrapper, name: string) {
  return selectPostsForViewer(db, viewerParam, posts.createdAt, { muted: true })
    .where(sql`${posts.id} = any(array(select id from (${pageIds}) as page_ids))`)
    .orderBy(...newestFirst.orderBy)
    .prepare(name);
}

/** A feed page's rows (a page and one more) as the page and the cursor after it. */
export function feedPage(storage: Storage, rows: PostRow[]): Page<PostDto> {
  return toPage(
    rows,
    pageSize,
    (row) => toPostDto(storage, row),
    (row) => ({ at: row.activityAt, id: row.post.id }),
  );
}

export async function listExplore({
  ctx,
  input: { cursor },
}: ServiceArgs<'db' | 'storage' | 'viewer', { cursor: Cursor | null }>): Promise<Page<PostDto>> {
  const [first, next] = statements(ctx.db).explore;
  return feedPage(ctx.storage, await (cursor ? next : first).execute({ viewerId: ctx.viewer.id, ...cursor }));
}

export async function listPosts({
  ctx: { db, storage, viewer },
  input: { list, cursor },
}: ServiceArgs<'db' | 'storage' | 'viewer', { list: PostList; cursor: Cursor | null }>): Promise<
  Page<PostDto>
> {
  let rows: Awaited<ReturnType<ReturnType<typeof selectPostsForViewer>['execute']>>;
  if (list.kind === 'saved' || list.kind === 'liked') {
    // Ordered by when the viewer saved or liked, served by the (user_id, created_at) index.
    const marks = list.kind === 'saved' ? postSaves : postLikes;
    const order = keyset(marks.createdAt, marks.postId, 'newestFirst');
    rows = await selectPostsForViewer(db, viewer.id, marks.createdAt)
      .innerJoin(marks, and(eq(marks.postId, posts.id), eq(marks.userId, viewer.id)))
      .where(order.after(cursor))
      .orderBy(...order.orderBy)
      .limit(pageSize + 1);
  } else {
    const [first, next] = statements(db).author;
    rows = await (cursor ? next : first).execute({ viewerId: viewer.id, authorId: list.authorId, ...cursor });
  }
  return toPage(
    rows,
    pageSize,
    (row) => toPostDto(storage, row),
    (row) => ({ at: row.activityAt, id: row.post.id }),
  );
}

export async function listComments({
  ctx: { db, storage, viewer },
  input: { postId, cursor },
}: ServiceArgs<'db' | 'storage' | 'viewer', { postId: string; cursor: Cursor | null }>): Promise<
  Page<CommentDto>
> {
  const [first, next] = statements(db).comments;
  const rows = await (cursor ? next : first).execute({
    viewerId: viewer.id,
    postId,
    ...cursor,
  });
  // No comments: a post without any, or one that is missing or hidden (a 404 either way).
  if (rows.length === 0) await requireVisiblePost(db, viewer.id, postId);
  return toPage(
    rows,
    pageSize,
    (row) => commentRowToDto(storage, row),
    (row) => ({ at: row.comment.createdAt, id: row.comment.id }),
  );
}

export async function addComment({
  ctx: { db, storage, live, viewer },
  input: { postId, body },
}: ServiceArgs<
  'db' | 'storage' | 'live' | 'viewer',
  { postId: string } & z.output<typeof CommentInput>
>): Promise<CommentDto> {
  // The author as the answer shows them: read once here, the profile check and the DTO's author.
  const author = (await findAuthors(db, storage, [viewer.id])).get(viewer.id);
  if (!author) throw profileRequired();
  const input = { viewerId: viewer.id, postId, body };
  const mentionsSomeone = extractMentions(body).length > 0;
  async function write(tx: Db, statement: ReturnType<typeof prepareComment>) {
    const [row] = (await statement.execute(input)).rows;
    if (!row) throw postNotFound();
    const mentioned = mentionsSomeone
      ? await notifyMentions(tx, { text: body, actorId: viewer.id, subject: { postId, commentId: row.id } })
      : [];
    return { row, mentioned };
  }
  // The mentions' notices commit with the comment: then the two share a transaction.
  const { row, mentioned } = mentionsSomeone
    ? await withTransaction(db, (tx) => write(tx, prepareComment(tx)))
    : await write(db, statements(db).comment);
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
  ctx: { db, live, viewer },
  input: { commentId },
}: ServiceArgs<'db' | 'live' | 'viewer', { commentId: string }>): Promise<void> {
  const postId = await withTransaction(db, async (tx) => {
    const [found] = await tx
      .select({ postId: comments.postId, authorId: comments.authorId, postAuthorId: posts.authorId })
      .from(comments)
      .innerJoin(posts, eq(posts.id, comments.postId))
      .where(eq(comments.id, commentId));
    if (!found) throw notFound(messages.comments.notFound);
    if (viewer.id !== found.authorId && viewer.id !== found.postAuthorId) {
      throw forbidden(messages.comments.notAllowed);
    }
    const removed = await tx
      .delete(comments)
      .where(eq(comments.id, commentId))
      .returning({ id: comments.id });
    if (removed.length === 0) throw notFound(messages.comments.notFound);
    await commentRemoved(tx, { postId: found.postId, authorId: found.authorId });
    return found.postId;
  });
  live.publish({ kind: 'post_changed', postId });
}
