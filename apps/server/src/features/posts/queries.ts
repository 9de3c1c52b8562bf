/**
 * Posts as one viewer sees them: image, author with picture and badges, counts, and whether the
 * viewer liked or saved each, in a single query whatever the page size (no N+1). Comments with
 * their authors, likewise. The mappers to DTOs sit beside the selects that feed them, and every
 * statement the posts service and the feed run is prepared here (`postStatements`, `preparePostsPage`);
 * the rules (who may, what then) are the service's.
 */
import type { AuthorDto, CommentDto, Page, PostDto } from '@glimpse/shared';
import { limits } from '@glimpse/shared';
import {
  and,
  desc,
  eq,
  isNotNull,
  isNull,
  type Placeholder,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import { commentAddedStep, likeCountStep, shareCountStep } from '../../core/counters.ts';
import { cte, withSteps } from '../../core/cte.ts';
import { commentDelivery, likeDelivery, shareDelivery } from '../../core/federation-jobs.ts';
import { type ImageDtoRow, imageDtoColumns, toImageDto, type VideoDtoRow } from '../../core/images.ts';
import { noticeRetractions, noticeWrites } from '../../core/notify.ts';
import { firstRows, preparedFor, prepareSql } from '../../core/prepared.ts';
import { authorColumns, type ProfileRowWithImage, toAuthorDto } from '../../core/profiles.ts';
import { type AudienceOptions, contentVisibleTo, type ViewerId, visibleTo } from '../../core/visibility.ts';
import type { Db } from '../../db/client.ts';
import {
  comments,
  federationActors,
  images,
  places,
  postLikes,
  postSaves,
  postShares,
  posts,
  profiles,
} from '../../db/schema.ts';
import { keyset, toPage } from '../../lib/cursor.ts';
import type { Storage } from '../../storage/storage.ts';
import { quoteColumns, toQuoteDto } from './quotes.ts';

const authorImage = alias(images, 'author_image');
const newestFirst = keyset(posts.createdAt, posts.id, 'newestFirst');
const commentsOldestFirst = keyset(comments.createdAt, comments.id, 'oldestFirst');
const pageSize = limits.pageSize;

/**
 * The ids of the newest posts matching `where`, after the cursor placeholders `at` and `id` when
 * `afterCursor`: a page and one more (`firstRows`, core/prepared.ts), as the feed, Explore and a
 * profile find them before `preparePostsPage` reads them.
 */
export function newestPostIds(db: Db, where: SQL | undefined, afterCursor: boolean): SQL {
  const cursor = { at: sql.placeholder('at'), id: sql.placeholder('id') };
  return firstRows(
    db
      .select({ id: posts.id, createdAt: posts.createdAt })
      .from(posts)
      .where(and(where, afterCursor ? newestFirst.after(cursor) : undefined))
      .orderBy(...newestFirst.orderBy),
    pageSize + 1,
  );
}

/** The audience rule (core/visibility.ts) on the posts table: every read of a post goes through it. */
export const postVisibleTo = (viewerId: ViewerId | null, options: AudienceOptions = {}) =>
  contentVisibleTo(posts.authorId, posts.audience, viewerId, options);

/** One element of `posts.photos`, which the database keeps (`post_photos_json`, migration 0010). */
type PhotoRow = ImageDtoRow & { altText: string; video?: VideoDtoRow | null };

/**
 * `activityAt` is the time a list is ordered by: the post's own time, when the viewer saved or
 * liked it, or when a followed account shared it (the home feed, which passes that `sharerId`, and
 * `followedTag` for a post a followed hashtag brought). It is selected so the page's cursor can be built from it. Posts of accounts hidden from
 * the viewer (core/visibility.ts) never come out of it; `{ muted: true }` for the feed
 * and explore also leaves out the accounts the viewer muted.
 */
export function selectPostsForViewer(
  db: Db,
  viewerId: string | Placeholder,
  activityAt: AnyPgColumn | SQL = posts.createdAt,
  visibility: AudienceOptions = {},
  sharerId: SQL = sql`null`,
  followedTag: SQL = sql`null`,
) {
  return db
    .select({
      // Only what toPostDto reads: fewer columns to send, parse and map on every list.
      post: {
        id: posts.id,
        caption: posts.caption,
        sensitive: posts.sensitive,
        contentWarning: posts.contentWarning,
        pinnedAt: posts.pinnedAt,
        placeLatitude: posts.placeLatitude,
        placeLongitude: posts.placeLongitude,
        audience: posts.audience,
        // With the audience, whose photos' addresses are signed (core/images.ts `MediaReach`).
        authorPrivate: profiles.isPrivate,
        likeCount: posts.likeCount,
        commentCount: posts.commentCount,
        shareCount: posts.shareCount,
        createdAt: posts.createdAt,
        editedAt: posts.editedAt,
      },
      activityAt: sql<Date>`${activityAt}`.mapWith(posts.createdAt),
      // The home feed's "Shared by": the followed account whose share brought the post there.
      sharerId: sql<string | null>`${sharerId}`,
      // The home feed's "because you follow #tag": the followed hashtag that alone brought it there.
      followedTag: sql<string | null>`${followedTag}`,
      photos: sql<PhotoRow[]>`${posts.photos}`,
      // Through the post's place_id, the primary key: one index probe for the few posts that have one.
      place: { name: places.name, slug: places.slug },
      profile: authorColumns(profiles),
      profileImage: imageDtoColumns(authorImage),
      likedByMe: sql<boolean>`exists (select 1 from ${postLikes} where ${postLikes.postId} = ${posts.id} and ${postLikes.userId} = ${viewerId})`,
      savedByMe: sql<boolean>`exists (select 1 from ${postSaves} where ${postSaves.postId} = ${posts.id} and ${postSaves.userId} = ${viewerId})`,
      sharedByMe: sql<boolean>`exists (select 1 from ${postShares} where ${postShares.postId} = ${posts.id} and ${postShares.userId} = ${viewerId})`,
      ...quoteColumns(viewerId),
    })
    .from(posts)
    .innerJoin(profiles, and(eq(profiles.userId, posts.authorId), postVisibleTo(viewerId, visibility)))
    .leftJoin(authorImage, eq(authorImage.id, profiles.profileImageId))
    .leftJoin(places, eq(places.id, posts.placeId));
}

export type PostRow = Awaited<ReturnType<ReturnType<typeof selectPostsForViewer>['execute']>>[number];

export function toPostDto(storage: Storage, row: PostRow, sharedBy: AuthorDto | null = null): PostDto {
  const reach = row.post.audience === 'public' && !row.post.authorPrivate ? 'open' : 'audience';
  return {
    id: row.post.id,
    author: toAuthorDto(storage, row),
    caption: row.post.caption,
    photos: row.photos.map(({ altText, ...image }) => ({
      image: toImageDto(storage, image, reach),
      altText,
    })),
    sensitive: row.post.sensitive,
    contentWarning: row.post.contentWarning,
    pinned: row.post.pinnedAt !== null,
    place: row.place
      ? {
          name: row.place.name,
          slug: row.place.slug,
          latitude: row.post.placeLatitude,
          longitude: row.post.placeLongitude,
        }
      : null,
    audience: row.post.audience,
    likeCount: row.post.likeCount,
    commentCount: row.post.commentCount,
    shareCount: row.post.shareCount,
    likedByMe: Boolean(row.likedByMe),
    savedByMe: Boolean(row.savedByMe),
    sharedByMe: Boolean(row.sharedByMe),
    shareable: reach === 'open',
    sharedBy,
    sharedAt: sharedBy ? row.activityAt.toISOString() : null,
    followedTag: row.followedTag ?? null,
    quotePolicy: row.quotePolicy,
    quotable: Boolean(row.quotable),
    quote: toQuoteDto(storage, row.quote),
    createdAt: row.post.createdAt.toISOString(),
    editedAt: row.post.editedAt?.toISOString() ?? null,
  };
}

/** An author's pinned posts the viewer may see, latest pin first (a few: `limits.pinnedPostsMax`). */
export const selectPinnedPosts = (db: Db, viewerId: string | null, authorId: string) =>
  selectPostsForViewer(db, viewerId as string)
    .where(and(eq(posts.authorId, authorId), isNotNull(posts.pinnedAt)))
    .orderBy(desc(posts.pinnedAt), desc(posts.id))
    .limit(limits.pinnedPostsMax);

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

/** One comment, when the viewer may see it and the post it is on (the same rule as a page of comments). */
export function selectCommentForViewer(db: Db, viewerId: string, commentId: string) {
  return selectComments(db, viewerId).where(
    and(
      eq(comments.id, commentId),
      sql`exists (select 1 from ${posts} where ${posts.id} = ${comments.postId} and ${postVisibleTo(viewerId)})`,
    ),
  );
}

export const commentRowToDto = (
  storage: Storage,
  row: ProfileRowWithImage & { comment: typeof comments.$inferSelect },
) => toCommentDto(row.comment, toAuthorDto(storage, row));

const viewerParam = sql.placeholder('viewerId');

/** Whose posts a list shows: everyone's, this server's members' only, or other servers' accounts' only. */
export type PostOrigin = 'any' | 'local' | 'remote';
const remoteAuthor = sql`exists (select 1 from ${federationActors} where ${federationActors.userId} = ${posts.authorId})`;
const authoredFrom: Record<PostOrigin, SQL | undefined> = {
  any: undefined,
  local: sql`not ${remoteAuthor}`,
  remote: remoteAuthor,
};
const postParam = sql.placeholder('postId');
const cursorParams = { at: sql.placeholder('at'), id: sql.placeholder('id') };

/** What opening a post, browsing Explore or a profile, liking and commenting run, prepared (core/prepared.ts). */
export const postStatements = preparedFor((db) => {
  // A profile's grid: the viewer's mutes do not apply to a profile they open. Pinned posts come
  // first on its first page (pins.ts `listPinnedPosts`), so the pages after them leave them out.
  const authorPage = (afterCursor: boolean) =>
    preparePostsPage(
      db,
      newestPostIds(
        db,
        and(
          eq(posts.authorId, sql.placeholder('authorId')),
          isNull(posts.pinnedAt),
          postVisibleTo(viewerParam),
        ),
        afterCursor,
      ),
      `posts_author${afterCursor ? '_after' : ''}`,
      {},
    );
  // Explore is a feed: the viewer's mutes apply there, not on a profile they open.
  const explorePage = (origin: PostOrigin, afterCursor: boolean) =>
    preparePostsPage(
      db,
      newestPostIds(
        db,
        and(postVisibleTo(viewerParam, { muted: true, publicOnly: true }), authoredFrom[origin]),
        afterCursor,
      ),
      `explore${origin === 'any' ? '' : `_${origin}`}_page${afterCursor ? '_after' : ''}`,
    );
  // Only while the post itself is visible: a page with comments then needs no separate check.
  const postVisible = sql`exists (select 1 from ${posts} where ${posts.id} = ${postParam} and ${postVisibleTo(viewerParam)})`;
  // The page's ids first, then those comments with their authors, as a page of posts is read.
  const commentsPage = (afterCursor: boolean) => {
    const pageIds = firstRows(
      db
        .select({ id: comments.id })
        .from(comments)
        .where(
          and(
            eq(comments.postId, postParam),
            postVisible,
            visibleTo(comments.authorId, viewerParam),
            afterCursor ? commentsOldestFirst.after(cursorParams) : undefined,
          ),
        )
        .orderBy(...commentsOldestFirst.orderBy),
      pageSize + 1,
    );
    return selectComments(db, viewerParam)
      .where(sql`${comments.id} = any(array(select id from (${pageIds}) as page_ids))`)
      .orderBy(...commentsOldestFirst.orderBy)
      .prepare(`comments_page${afterCursor ? '_after' : ''}`);
  };
  // A post's id is its primary key: at most one row, so neither needs a LIMIT.
  return {
    post: selectPostsForViewer(db, viewerParam).where(eq(posts.id, postParam)).prepare('post_detail'),
    visiblePost: db
      .select({ id: posts.id })
      .from(posts)
      .where(and(eq(posts.id, postParam), postVisibleTo(viewerParam)))
      .prepare('post_visible'),
    explore: [explorePage('any', false), explorePage('any', true)] as const,
    exploreLocal: [explorePage('local', false), explorePage('local', true)] as const,
    exploreRemote: [explorePage('remote', false), explorePage('remote', true)] as const,
    author: [authorPage(false), authorPage(true)] as const,
    comments: [commentsPage(false), commentsPage(true)] as const,
    like: prepareSql<LikeOutcome>(db, 'post_like', likeStatement(true)),
    unlike: prepareSql<LikeOutcome>(db, 'post_unlike', likeStatement(false)),
    share: prepareSql<ShareOutcome>(db, 'post_share', shareStatement(true)),
    unshare: prepareSql<ShareOutcome>(db, 'post_unshare', shareStatement(false)),
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
 * A like or unlike as one statement (core/cte.ts), so the commonest write is one round trip and one commit (it
 * was six or eight: the check, BEGIN, the row, the counter, the notice, COMMIT). Its CTEs: the post
 * if the viewer may see it (no row out: 404), the like row added or removed (its primary key makes
 * repeats do nothing), its Like or Undo(Like) queued when the post is a remote account's (in the
 * row's RETURNING: core/federation-jobs.ts), the counter moved only when it was, and the author's
 * notice written or taken back only when it was. All of it commits or fails together; a
 * concurrent like waits for the post's row and adds to the count it finds, so counts stay exact.
 */
function likeStatement(liked: boolean): SQL {
  const target = cte(
    'target',
    sql`select ${posts.id} as id, ${posts.authorId} as author_id, ${posts.likeCount} as like_count
      from ${posts} where ${posts.id} = ${postParam} and ${postVisibleTo(viewerParam)}`,
  );
  const changed = cte(
    'changed',
    liked
      ? sql`insert into ${postLikes} (post_id, user_id) select id, ${viewerParam} from ${target}
          on conflict do nothing returning post_id, ${likeDelivery(true)}`
      : sql`delete from ${postLikes}
          where ${postLikes.postId} in (select id from ${target}) and ${postLikes.userId} = ${viewerParam}
          returning post_id, ${likeDelivery(false)}`,
  );
  const counted = likeCountStep(sql`select post_id from ${changed}`, liked);
  const notice = {
    type: 'post_like',
    recipientId: sql`(select author_id from ${target})`,
    actorId: viewerParam,
    postId: postParam,
  } as const;
  const when = sql`exists (select 1 from ${changed})`;
  const told = liked ? noticeWrites(notice, { when }) : noticeRetractions(notice, { when });
  return withSteps(
    [target, changed, counted, ...told.steps],
    sql`select coalesce((select like_count from ${counted}), like_count) as "likeCount", author_id as "authorId",
      exists (select 1 from ${changed}) as changed,
      exists (select 1 from ${told.outcome}) as notified
    from ${target}`,
  );
}

export interface ShareOutcome {
  shareCount: number;
  authorId: string;
  /** Whether the share row was added (sharing) or removed (unsharing) by this call. */
  changed: boolean;
  /** Whether the author's notice was written (sharing) or taken back (unsharing). */
  notified: boolean;
  /** When the share this call added or removed was made, as PostgreSQL writes it; null when none changed. */
  sharedAt: string | null;
}

/**
 * A share or unshare as one statement, as a like is (`likeStatement`): the post only when anyone may
 * see it (public, on an account that is not private) and it is not hidden from the sharer, the
 * share row (its Announce queued in its RETURNING: core/federation-jobs.ts), the counter, and the
 * author's "shared your post" notice (type `post_boost`, the same a remote Announce writes). An
 * unshare needs only that the post is visible, so a post made followers-only since can still be
 * unshared. A remote account's Announce runs the same statement (federation inbox).
 */
function shareStatement(shared: boolean): SQL {
  const target = cte(
    'target',
    sql`select ${posts.id} as id, ${posts.authorId} as author_id, ${posts.shareCount} as share_count
      from ${posts} where ${posts.id} = ${postParam}
        and ${postVisibleTo(viewerParam, shared ? { publicOnly: true } : {})}`,
  );
  const changed = cte(
    'changed',
    shared
      ? sql`insert into ${postShares} (post_id, user_id) select id, ${viewerParam} from ${target}
          on conflict do nothing returning post_id, created_at, ${shareDelivery(true)}`
      : sql`delete from ${postShares}
          where ${postShares.postId} in (select id from ${target}) and ${postShares.userId} = ${viewerParam}
          returning post_id, created_at, ${shareDelivery(false)}`,
  );
  const counted = shareCountStep(sql`select post_id from ${changed}`, shared);
  const notice = {
    type: 'post_boost',
    recipientId: sql`(select author_id from ${target})`,
    actorId: viewerParam,
    postId: postParam,
  } as const;
  const when = sql`exists (select 1 from ${changed})`;
  const told = shared ? noticeWrites(notice, { when }) : noticeRetractions(notice, { when });
  return withSteps(
    [target, changed, counted, ...told.steps],
    sql`select coalesce((select share_count from ${counted}), share_count) as "shareCount", author_id as "authorId",
      exists (select 1 from ${changed}) as changed,
      exists (select 1 from ${told.outcome}) as notified,
      (select created_at::text from ${changed}) as "sharedAt"
    from ${target}`,
  );
}

interface CommentOutcome {
  id: string;
  postId: string;
  authorId: string;
  body: string;
  /** As PostgreSQL writes a timestamp (selected as text, whichever way the statement runs): `new Date` reads it. */
  createdAt: string;
  postAuthorId: string;
  /** Whether the post's author was told (not when they comment on their own post). */
  notified: boolean;
}

/** Who comments on which post, with what: placeholders for the prepared statement, values in a transaction. */
interface CommentValues {
  viewerId: string | Placeholder;
  postId: string | Placeholder;
  body: string | Placeholder;
}

/**
 * A comment as one statement, like a like (`likeStatement`): the post if the viewer may see it (no
 * row out: 404), the comment (its reply Note queued when the post is a remote account's), the
 * post's count, and the author's notice. Mentions are told in the same transaction by
 * `notifyMentions` after it, so a comment that mentions nobody, most of them, is one round trip.
 */
const prepareComment = (db: Db) =>
  prepareSql<CommentOutcome>(
    db,
    'comment_add',
    commentStatement({ viewerId: viewerParam, postId: postParam, body: sql.placeholder('body') }),
  );

/**
 * The same statement inside a transaction, when more must commit with the comment (its mentions'
 * notices, the federation row of a remote reply): run with its values, not prepared, since a
 * prepared statement belongs to the pool. Undefined when the post is not there for the viewer.
 */
export async function addCommentIn(
  tx: Db,
  values: { viewerId: string; postId: string; body: string },
): Promise<CommentOutcome | undefined> {
  const result = (await tx.execute(commentStatement(values))) as unknown as { rows: CommentOutcome[] };
  return result.rows[0];
}

function commentStatement({ viewerId, postId, body }: CommentValues): SQL {
  const target = cte(
    'target',
    sql`select ${posts.id} as id, ${posts.authorId} as author_id
      from ${posts} where ${posts.id} = ${postId} and ${postVisibleTo(viewerId)}`,
  );
  const added = cte(
    'added',
    sql`insert into ${comments} (post_id, author_id, body) select id, ${viewerId}, ${body} from ${target}
      returning id, post_id, author_id, body, created_at, ${commentDelivery('insert')}`,
  );
  const told = noticeWrites({
    type: 'post_comment',
    recipientId: sql`(select author_id from ${target})`,
    actorId: viewerId,
    postId,
    commentId: sql`(select id from ${added})`,
  });
  return withSteps(
    [target, added, commentAddedStep(sql`select post_id from ${added}`), ...told.steps],
    sql`select id, post_id as "postId", author_id as "authorId", body, created_at::text as "createdAt",
      (select author_id from ${target}) as "postAuthorId", exists (select 1 from ${told.outcome}) as notified
    from ${added}`,
  );
}

/**
 * A page of posts' statement (home, Explore, a profile), newest first: `pageIds` finds the page's
 * ids (a page and one more), and the same statement reads those posts for the viewer. The ids are
 * an `array(…)`, which PostgreSQL runs once before the rest, so it plans the posts for a handful of
 * ids as it did when they came as a parameter, and keeps one generic plan. `visibility`: the
 * feeds leave out the accounts the viewer muted, a profile does not.
 */
export function preparePostsPage(
  db: Db,
  pageIds: SQLWrapper,
  name: string,
  visibility: AudienceOptions = { muted: true },
) {
  return selectPostsForViewer(db, viewerParam, posts.createdAt, visibility)
    .where(sql`${posts.id} = any(array(select id from (${pageIds}) as page_ids))`)
    .orderBy(...newestFirst.orderBy)
    .prepare(name);
}

/**
 * A feed page's rows (a page and one more) as the page and the cursor after it; `sharers` are the
 * accounts whose shares brought posts into the home feed, by id.
 */
export function feedPage(
  storage: Storage,
  rows: PostRow[],
  sharers: ReadonlyMap<string, AuthorDto> = new Map(),
): Page<PostDto> {
  return toPage(
    rows,
    pageSize,
    (row) => toPostDto(storage, row, row.sharerId ? (sharers.get(row.sharerId) ?? null) : null),
    (row) => ({ at: row.activityAt, id: row.post.id }),
  );
}
