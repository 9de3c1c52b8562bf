/**
 * Posts as one viewer sees them: image, author with picture and badges, counts, and whether the
 * viewer liked or saved each, in a single query whatever the page size (no N+1). Comments with
 * their authors, likewise. The mappers to DTOs sit beside the selects that feed them.
 */
import type { AuthorDto, CommentDto, PostDto } from '@glimpse/shared';
import { limits } from '@glimpse/shared';
import { and, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import { type ImageDtoRow, imageDtoColumns, toImageDto } from '../../core/images.ts';
import { literalLimit } from '../../core/prepared.ts';
import { authorColumns, type ProfileRowWithImage, toAuthorDto } from '../../core/profiles.ts';
import { type ViewerId, type VisibilityOptions, visibleTo } from '../../core/visibility.ts';
import type { Db } from '../../db/client.ts';
import { comments, images, postLikes, postSaves, posts, profiles } from '../../db/schema.ts';
import { keyset } from '../../lib/cursor.ts';
import type { Storage } from '../../storage/storage.ts';

const authorImage = alias(images, 'author_image');
const newestFirst = keyset(posts.createdAt, posts.id, 'newestFirst');

/**
 * The ids of the newest posts matching `where`, after the cursor placeholders `at` and `id` when
 * `afterCursor`: a page and one more, as the feed and Explore find them before `feedPage` reads them.
 */
export function newestPostIds(db: Db, where: SQL | undefined, afterCursor: boolean) {
  const cursor = { at: sql.placeholder('at'), id: sql.placeholder('id') };
  return db
    .select({ id: posts.id, createdAt: posts.createdAt })
    .from(posts)
    .where(and(where, afterCursor ? newestFirst.after(cursor) : undefined))
    .orderBy(...newestFirst.orderBy)
    .limit(literalLimit(limits.pageSize + 1));
}

/** One element of `posts.photos`, which the database keeps (`post_photos_json`, migration 0010). */
type PhotoRow = ImageDtoRow & { altText: string };

/**
 * `activityAt` is the time a list is ordered by: the post's own time, or when the viewer saved or
 * liked it. It is selected so the page's cursor can be built from it. Posts of accounts hidden from
 * the viewer (features/safety/visibility.ts) never come out of it; `{ muted: true }` for the feed
 * and explore also leaves out the accounts the viewer muted.
 */
export function selectPostsForViewer(
  db: Db,
  viewerId: string | Placeholder,
  activityAt: AnyPgColumn = posts.createdAt,
  visibility: Pick<VisibilityOptions, 'muted'> = {},
) {
  return db
    .select({
      // Only what toPostDto reads: fewer columns to send, parse and map on every list.
      post: {
        id: posts.id,
        caption: posts.caption,
        sensitive: posts.sensitive,
        likeCount: posts.likeCount,
        commentCount: posts.commentCount,
        createdAt: posts.createdAt,
        editedAt: posts.editedAt,
      },
      activityAt: sql<Date>`${activityAt}`.mapWith(posts.createdAt),
      photos: sql<PhotoRow[]>`${posts.photos}`,
      profile: authorColumns(profiles),
      profileImage: imageDtoColumns(authorImage),
      likedByMe: sql<boolean>`exists (select 1 from ${postLikes} where ${postLikes.postId} = ${posts.id} and ${postLikes.userId} = ${viewerId})`,
      savedByMe: sql<boolean>`exists (select 1 from ${postSaves} where ${postSaves.postId} = ${posts.id} and ${postSaves.userId} = ${viewerId})`,
    })
    .from(posts)
    .innerJoin(
      profiles,
      and(eq(profiles.userId, posts.authorId), visibleTo(posts.authorId, viewerId, visibility)),
    )
    .leftJoin(authorImage, eq(authorImage.id, profiles.profileImageId));
}

export type PostRow = Awaited<ReturnType<ReturnType<typeof selectPostsForViewer>['execute']>>[number];

export function toPostDto(storage: Storage, row: PostRow): PostDto {
  return {
    id: row.post.id,
    author: toAuthorDto(storage, row),
    caption: row.post.caption,
    photos: row.photos.map(({ altText, ...image }) => ({
      image: toImageDto(storage, image),
      altText,
    })),
    sensitive: row.post.sensitive,
    likeCount: row.post.likeCount,
    commentCount: row.post.commentCount,
    likedByMe: Boolean(row.likedByMe),
    savedByMe: Boolean(row.savedByMe),
    createdAt: row.post.createdAt.toISOString(),
    editedAt: row.post.editedAt?.toISOString() ?? null,
  };
}

const commentAuthorImage = alias(images, 'comment_author_image');

/** Comments with their authors, except those hidden from the viewer; the caller adds the post, order and page. */
export function selectComments(db: Db, viewerId: ViewerId) {
  return db
    .select({
      comment: comments,
      profile: authorColumns(profiles),
      profileImage: imageDtoColumns(commentAuthorImage),
    })
    .from(comments)
    .innerJoin(profiles, and(eq(profiles.userId, comments.authorId), visibleTo(comments.authorId, viewerId)))
    .leftJoin(commentAuthorImage, eq(commentAuthorImage.id, profiles.profileImageId));
}

export function toCommentDto(comment: typeof comments.$inferSelect, author: AuthorDto): CommentDto {
  return {
    id: comment.id,
    postId: comment.postId,
    author,
    body: comment.body,
    createdAt: comment.createdAt.toISOString(),
  };
}

export const commentRowToDto = (
  storage: Storage,
  row: ProfileRowWithImage & { comment: typeof comments.$inferSelect },
) => toCommentDto(row.comment, toAuthorDto(storage, row));
