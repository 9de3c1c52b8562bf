/**
 * The Notification entity (docs.joinmastodon.org/entities/Notification; Mastodon's
 * REST::NotificationSerializer) and v2's grouped notifications (entities/GroupedNotificationsResults).
 *
 * Types are Mastodon's names only: apps drop (megalodon) or crash on a type they do not know. A
 * Glimpse notice with a Mastodon equivalent is shown as it: a new follower `follow`, a follow
 * request `follow_request`, a like `favourite`, a comment on your post and a mention `mention`
 * (the status is the comment, a reply), a remote boost `reblog`. The rest have none and are left
 * out of the client API (they stay on the web): event notices (interest, reminder, change,
 * cancellation, promotion), a reviewed report (Mastodon's `admin.report` is a new report for
 * moderators, which Glimpse does not send as a notice), an accepted follow request, and an
 * account's move (Mastodon's `move` names the old account, Glimpse's notice the new one).
 */
import type { CommentDto, NotificationType, PostDto } from '@glimpse/shared';
import { inArray } from 'drizzle-orm';
import type { ServiceContext } from '../../../core/service.ts';
import { comments } from '../../../db/schema.ts';
import type { GroupRow, NoticeRow } from '../../../features/notifications/service.ts';
import { commentRowToDto, selectComments } from '../../../features/posts/queries.ts';
import { getPost } from '../../../features/posts/service.ts';
import { timeIdOf } from '../ids.ts';
import { type AccountRow, loadAccounts, type MastodonAccount, serializeAccount } from './account.ts';
import { type MastodonStatus, serializeComment, serializePost } from './status.ts';

/** Mastodon's names for the Glimpse notices that have one. */
export const mastodonTypeOf = {
  new_follower: 'follow',
  follow_request: 'follow_request',
  post_like: 'favourite',
  post_comment: 'mention',
  mention: 'mention',
  post_boost: 'reblog',
  /** Mastodon 4.5's name; its status is the quote. */
  post_quote: 'quote',
} as const satisfies Partial<Record<NotificationType, string>>;

export type MastodonNotificationType = (typeof mastodonTypeOf)[keyof typeof mastodonTypeOf];

/** Every Glimpse type the client API shows. */
export const shownTypes = Object.keys(mastodonTypeOf) as (keyof typeof mastodonTypeOf)[];

/**
 * The Glimpse types an app's `types[]` and `exclude_types[]` select: Mastodon names the app does
 * not know here (`poll`, `status`, `update`…) select nothing.
 */
export function glimpseTypesFor(types: readonly string[] | null, excluded: readonly string[]) {
  return shownTypes.filter((type) => {
    const name = mastodonTypeOf[type];
    return (types === null || types.includes(name)) && !excluded.includes(name);
  });
}

export interface MastodonNotification {
  id: string;
  type: MastodonNotificationType;
  created_at: string;
  group_key: string;
  account: MastodonAccount;
  status?: MastodonStatus;
}

/** What a page of notices or groups names, read once for the page. */
export interface NotificationSubjects {
  accounts: Map<string, AccountRow>;
  posts: Map<string, PostDto>;
  comments: Map<string, CommentDto>;
}

/**
 * The accounts, posts and comments of a page, as the viewer may see them: each post through the
 * posts service's own read (a post they may no longer see is missing, and its notice left out).
 */
export async function loadNotificationSubjects(
  ctx: Pick<ServiceContext, 'db' | 'storage' | 'actor'>,
  wanted: {
    actorIds: Iterable<string | null>;
    postIds: Iterable<string | null>;
    commentIds: Iterable<string | null>;
  },
): Promise<NotificationSubjects> {
  const present = (ids: Iterable<string | null>) => [...new Set([...ids].filter((id): id is string => !!id))];
  const postIds = present(wanted.postIds);
  const commentIds = present(wanted.commentIds);
  const [postList, commentRows] = await Promise.all([
    Promise.all(postIds.map((postId) => getPost({ ctx, input: { postId } }).catch(() => null))),
    commentIds.length
      ? selectComments(ctx.db, ctx.actor.id).where(inArray(comments.id, commentIds))
      : Promise.resolve([]),
  ]);
  const posts = new Map(postList.flatMap((post) => (post ? [[post.id, post] as const] : [])));
  const commentMap = new Map(
    commentRows.map((row) => {
      const dto = commentRowToDto(ctx.storage, row);
      return [dto.id, dto] as const;
    }),
  );
  const accounts = await loadAccounts(ctx.db, ctx.storage, [
    ...present(wanted.actorIds),
    ...[...posts.values()].map((post) => post.author.userId),
    ...[...commentMap.values()].map((comment) => comment.author.userId),
  ]);
  return { accounts, posts, comments: commentMap };
}

/** The status a notice is about: the comment (a reply) when it is about one, else the post. */
function statusOf(
  notice: { postId: string | null; commentId: string | null },
  subjects: NotificationSubjects,
  publicUrl: string,
): MastodonStatus | null | undefined {
  if (!notice.postId) return undefined;
  const post = subjects.posts.get(notice.postId);
  if (!post) return null;
  if (notice.commentId) {
    const comment = subjects.comments.get(notice.commentId);
    if (!comment) return null;
    const parent = {
      id: post.id,
      createdAt: post.createdAt,
      authorId: post.author.userId,
      audience: post.audience,
    };
    return serializeComment(comment, parent, subjects.accounts, publicUrl);
  }
  return serializePost(post, subjects.accounts, publicUrl);
}

export const noticeIdOf = (notice: { id: string; createdAt: Date | string }) =>
  timeIdOf('notification', notice.createdAt, notice.id);

/** A notice as Mastodon's Notification; null when the client API does not show it (see above). */
export function serializeNotice(
  notice: NoticeRow,
  subjects: NotificationSubjects,
  publicUrl: string,
): MastodonNotification | null {
  const type = mastodonTypeOf[notice.type as keyof typeof mastodonTypeOf];
  const actor = notice.actorId ? subjects.accounts.get(notice.actorId) : undefined;
  if (!type || !actor) return null;
  const status = statusOf(notice, subjects, publicUrl);
  // A notice about a post the viewer can no longer open is left out, as Mastodon drops it.
  if (status === null) return null;
  if ((type === 'favourite' || type === 'mention' || type === 'reblog' || type === 'quote') && !status)
    return null;
  return {
    id: noticeIdOf(notice),
    type,
    created_at: notice.createdAt.toISOString(),
    group_key: notice.groupId,
    account: serializeAccount(actor, publicUrl),
    ...(status ? { status } : {}),
  };
}

/** One element of v2's `notification_groups`. */
export interface MastodonNotificationGroup {
  group_key: string;
  notifications_count: number;
  type: MastodonNotificationType;
  most_recent_notification_id: string;
  page_min_id: string;
  page_max_id: string;
  latest_page_notification_at: string;
  sample_account_ids: string[];
  status_id?: string;
}

/** A group as v2 shows it, and the statuses it names; null when the client API does not show it. */
export function serializeGroup(
  group: GroupRow,
  subjects: NotificationSubjects,
  publicUrl: string,
): { group: MastodonNotificationGroup; status: MastodonStatus | undefined } | null {
  const type = mastodonTypeOf[group.type as keyof typeof mastodonTypeOf];
  const newest = group.latest[0];
  if (!type || !newest) return null;
  const sampleAccountIds = group.latest
    .map((notice) => notice.actorId)
    .filter((id): id is string => !!id && subjects.accounts.has(id));
  if (sampleAccountIds.length === 0) return null;
  const status = statusOf({ postId: group.postId, commentId: newest.commentId }, subjects, publicUrl);
  if (status === null) return null;
  if (type !== 'follow' && type !== 'follow_request' && !status) return null;
  const oldest = group.latest[group.latest.length - 1] ?? newest;
  return {
    group: {
      group_key: group.id,
      notifications_count: group.noticeCount,
      type,
      most_recent_notification_id: noticeIdOf(newest),
      page_min_id: noticeIdOf(oldest),
      page_max_id: noticeIdOf(newest),
      latest_page_notification_at: new Date(newest.createdAt).toISOString(),
      sample_account_ids: sampleAccountIds,
      ...(status ? { status_id: status.id } : {}),
    },
    status,
  };
}
