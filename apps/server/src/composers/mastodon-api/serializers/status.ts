/**
 * The Status entity (docs.joinmastodon.org/entities/Status; Mastodon's REST::StatusSerializer):
 * a Glimpse post (its caption is the content, its photos the attachments), and a comment as a
 * reply to it. Visibility: public → `public`, followers-only → `private`. A status's author is a
 * full Account, read for a whole page at once (`loadAccounts`).
 */
import type { CommentDto, PostDto } from '@glimpse/shared';
import { extractHashtags, extractMentions, paths } from '@glimpse/shared';
import type { Db } from '../../../db/client.ts';
import type { Storage } from '../../../storage/storage.ts';
import { timeIdOf } from '../ids.ts';
import { type AccountRow, loadAccounts, type MastodonAccount, serializeAccount } from './account.ts';
import { contentHtml } from './html.ts';
import { type MastodonMediaAttachment, serializeImageAttachment } from './media.ts';
import { absoluteUrl } from './urls.ts';

export interface MastodonStatus {
  id: string;
  uri: string;
  url: string;
  created_at: string;
  edited_at: string | null;
  account: MastodonAccount;
  content: string;
  /** The source text: only in the answer to the author's own create, edit and delete. */
  text?: string;
  visibility: 'public' | 'unlisted' | 'private' | 'direct';
  sensitive: boolean;
  spoiler_text: string;
  media_attachments: MastodonMediaAttachment[];
  application: { name: string; website: string | null } | null;
  mentions: { id: string; username: string; acct: string; url: string }[];
  tags: { name: string; url: string }[];
  emojis: [];
  reblogs_count: number;
  favourites_count: number;
  replies_count: number;
  favourited: boolean;
  reblogged: boolean;
  muted: boolean;
  bookmarked: boolean;
  pinned: boolean;
  in_reply_to_id: string | null;
  in_reply_to_account_id: string | null;
  reblog: MastodonStatus | null;
  /**
   * Mastodon 4.5's quote, in its shallow form (`ShallowQuote`: the quoted status's id, null when
   * it cannot be shown): `accepted`, `pending`, `rejected` and `revoked` (the quoted author's
   * server refused, the quoted author withdrew), or `unauthorized` for a quoted post deleted,
   * hidden or no longer open to anyone. Null for a status that quotes nothing.
   */
  quote: {
    state: 'accepted' | 'pending' | 'rejected' | 'revoked' | 'unauthorized';
    quoted_status_id: string | null;
  } | null;
  /** Who may quote it (Mastodon 4.5): `automatic` names the audiences let in; `current_user` is the reader's answer. */
  quote_approval: {
    automatic: ('public' | 'followers')[];
    manual: [];
    current_user: 'automatic' | 'denied';
  };
  poll: null;
  card: null;
  language: string | null;
  filtered: [];
}

/** The accounts a page of statuses names, read once: authors and the accounts replied to. */
export type AccountsById = ReadonlyMap<string, AccountRow>;

/**
 * The accounts a page of statuses names, in one statement whatever its length: the authors (and
 * the accounts replied to) by id, and the accounts their texts @mention by username, so that every
 * mention carries its account's `url` (clients open it; a mention without one broke some).
 */
export function loadStatusAccounts(
  db: Db,
  storage: Storage,
  { userIds, texts }: { userIds: Iterable<string>; texts: Iterable<string> },
): Promise<AccountsById> {
  const usernames = new Set([...texts].flatMap((text) => extractMentions(text).map((u) => u.toLowerCase())));
  return loadAccounts(db, storage, [...userIds], [...usernames]);
}

/** The accounts a post's status shows: its author, and who shared it into the home feed. */
const accountsShown = (post: PostDto) =>
  post.sharedBy ? [post.author.userId, post.sharedBy.userId] : [post.author.userId];

/** The accounts a page of posts names (authors, sharers, @mentioned), for `serializePost`. */
export const loadPostAccounts = (db: Db, storage: Storage, items: readonly PostDto[]) =>
  loadStatusAccounts(db, storage, {
    userIds: items.flatMap(accountsShown),
    texts: items.map((post) => post.caption),
  });

/** What a status answer adds for its own author: the source text (`text`), for delete-and-redraft and edits. */
export interface StatusOptions {
  withSource?: boolean;
  /** Who reads it: `pinned` is told to a post's author only, as Mastodon does. */
  viewerId?: string;
}

/** The accounts a caption @mentions that are known here, as Mastodon's Mention entity (each with its `url`). */
function mentionsOf(text: string, accounts: AccountsById, publicUrl: string) {
  const wanted = new Set(extractMentions(text).map((name) => name.toLowerCase()));
  return [...accounts.values()]
    .filter((account) => wanted.has(account.username.toLowerCase()))
    .map((account) => {
      const serialized = serializeAccount(account, publicUrl);
      return {
        id: account.userId,
        username: serialized.username,
        acct: serialized.acct,
        url: serialized.url,
      };
    });
}

const tagsOf = (text: string, publicUrl: string) =>
  extractHashtags(text).map((name) => ({ name, url: absoluteUrl(paths.tag(name), publicUrl) }));

/**
 * A post as a status; `accounts` holds its author (and any account its caption mentions). A post a
 * followed account's share brought into the home feed is, as on Mastodon, a status of the sharer's
 * whose `reblog` is the post, numbered by the share's time (so paging follows the feed's order).
 */
export function serializePost(
  post: PostDto,
  accounts: AccountsById,
  publicUrl: string,
  options: StatusOptions = {},
): MastodonStatus {
  const sharer = post.sharedBy && accounts.get(post.sharedBy.userId);
  const original = serializeOwnPost(post, accounts, publicUrl, options);
  if (!post.sharedBy || !post.sharedAt || !sharer) return original;
  return serializeReblog(original, post.id, sharer, post.sharedAt, publicUrl);
}

/** `original` (the status of post `postId`) as `sharer` shared it at `sharedAt`: a status of theirs whose `reblog` it is. */
export function serializeReblog(
  original: MastodonStatus,
  postId: string,
  sharer: AccountRow,
  sharedAt: string,
  publicUrl: string,
): MastodonStatus {
  return {
    ...original,
    id: timeIdOf('post', sharedAt, postId),
    created_at: new Date(sharedAt).toISOString(),
    edited_at: null,
    account: serializeAccount(sharer, publicUrl),
    content: '',
    spoiler_text: '',
    media_attachments: [],
    mentions: [],
    tags: [],
    pinned: false,
    reblog: original,
  };
}

function serializeOwnPost(
  post: PostDto,
  accounts: AccountsById,
  publicUrl: string,
  { withSource = false, viewerId }: StatusOptions = {},
): MastodonStatus {
  const author = accounts.get(post.author.userId);
  if (!author) throw new Error(`the account of post ${post.id} was not loaded`);
  const url = absoluteUrl(paths.postDetail(post.id), publicUrl);
  return {
    id: timeIdOf('post', post.createdAt, post.id),
    uri: url,
    url,
    created_at: new Date(post.createdAt).toISOString(),
    edited_at: post.editedAt ? new Date(post.editedAt).toISOString() : null,
    account: serializeAccount(author, publicUrl),
    content: contentHtml(post.caption, publicUrl),
    ...(withSource ? { text: post.caption } : {}),
    visibility: post.audience === 'followers' ? 'private' : 'public',
    sensitive: post.sensitive,
    spoiler_text: post.contentWarning,
    media_attachments: post.photos.map((photo) =>
      serializeImageAttachment(photo.image, photo.altText, publicUrl),
    ),
    application: null,
    mentions: mentionsOf(post.caption, accounts, publicUrl),
    tags: tagsOf(post.caption, publicUrl),
    emojis: [],
    reblogs_count: post.shareCount,
    favourites_count: post.likeCount,
    replies_count: post.commentCount,
    favourited: post.likedByMe,
    reblogged: post.sharedByMe,
    muted: false,
    bookmarked: post.savedByMe,
    pinned: post.pinned && viewerId === post.author.userId,
    in_reply_to_id: null,
    in_reply_to_account_id: null,
    reblog: null,
    quote: quoteOf(post),
    quote_approval: {
      automatic: { anyone: ['public' as const], followers: ['followers' as const], nobody: [] }[
        post.quotePolicy
      ],
      manual: [],
      current_user: post.quotable ? 'automatic' : 'denied',
    },
    poll: null,
    card: null,
    language: null,
    filtered: [],
  };
}

/** A status Glimpse never lets anyone quote (a comment's, an event's). */
export const unquotable = {
  quote: null,
  quote_approval: { automatic: [], manual: [], current_user: 'denied' },
} as const satisfies Pick<MastodonStatus, 'quote' | 'quote_approval'>;

function quoteOf(post: PostDto): MastodonStatus['quote'] {
  if (!post.quote) return null;
  const quoted = post.quote.post;
  const { state } = post.quote;
  if (state === 'pending' || state === 'rejected' || state === 'revoked')
    return { state, quoted_status_id: null };
  if (!quoted) return { state: 'unauthorized', quoted_status_id: null };
  return { state: 'accepted', quoted_status_id: timeIdOf('post', quoted.createdAt, quoted.id) };
}

/**
 * A comment as a reply to its post: `parent` is the post's id, creation time and author, which
 * make its status id. A comment has no photos, likes or replies of its own.
 */
export function serializeComment(
  comment: CommentDto,
  parent: { id: string; createdAt: Date | string; authorId: string; audience: PostDto['audience'] },
  accounts: AccountsById,
  publicUrl: string,
  { withSource = false }: StatusOptions = {},
): MastodonStatus {
  const author = accounts.get(comment.author.userId);
  if (!author) throw new Error(`the account of comment ${comment.id} was not loaded`);
  const url = `${absoluteUrl(paths.postDetail(comment.postId), publicUrl)}#comment-${comment.id}`;
  return {
    ...unquotable,
    id: timeIdOf('comment', comment.createdAt, comment.id),
    uri: url,
    url,
    created_at: new Date(comment.createdAt).toISOString(),
    edited_at: null,
    account: serializeAccount(author, publicUrl),
    content: contentHtml(comment.body, publicUrl),
    ...(withSource ? { text: comment.body } : {}),
    visibility: parent.audience === 'followers' ? 'private' : 'public',
    sensitive: false,
    spoiler_text: '',
    media_attachments: [],
    application: null,
    mentions: mentionsOf(comment.body, accounts, publicUrl),
    tags: tagsOf(comment.body, publicUrl),
    emojis: [],
    reblogs_count: 0,
    favourites_count: 0,
    replies_count: 0,
    favourited: false,
    reblogged: false,
    muted: false,
    bookmarked: false,
    pinned: false,
    in_reply_to_id: timeIdOf('post', parent.createdAt, parent.id),
    in_reply_to_account_id: parent.authorId,
    reblog: null,
    poll: null,
    card: null,
    language: null,
    filtered: [],
  };
}

/** The parent a comment's status replies to: its post's id, time, author and audience. */
export type ReplyParent = Parameters<typeof serializeComment>[1];

export const replyParentOf = (post: PostDto): ReplyParent => ({
  id: post.id,
  createdAt: post.createdAt,
  authorId: post.author.userId,
  audience: post.audience,
});

/** One version of a post as Mastodon's StatusEdit (`/api/v1/statuses/:id/history`). */
export interface MastodonStatusEdit {
  content: string;
  spoiler_text: string;
  sensitive: boolean;
  created_at: string;
  account: MastodonAccount;
  poll: null;
  media_attachments: MastodonMediaAttachment[];
  emojis: [];
}

/** A post's versions, oldest first as Mastodon lists them; each version's photos with its alt texts. */
export function serializePostHistory(
  post: PostDto,
  versions: readonly {
    caption: string;
    altTexts: string[];
    sensitive: boolean;
    contentWarning: string;
    at: string;
  }[],
  accounts: AccountsById,
  publicUrl: string,
): MastodonStatusEdit[] {
  const author = accounts.get(post.author.userId);
  if (!author) throw new Error(`the account of post ${post.id} was not loaded`);
  const account = serializeAccount(author, publicUrl);
  return [...versions].reverse().map((version) => ({
    content: contentHtml(version.caption, publicUrl),
    spoiler_text: version.contentWarning,
    sensitive: version.sensitive,
    created_at: new Date(version.at).toISOString(),
    account,
    poll: null,
    media_attachments: post.photos.map((photo, i) =>
      serializeImageAttachment(photo.image, version.altTexts[i] ?? '', publicUrl),
    ),
    emojis: [],
  }));
}
