/**
 * Statuses (docs.joinmastodon.org/methods/statuses): create, read, edit (with its history and
 * source), delete, context, favourite, bookmark, reblog, favourited_by and reblogged_by.
 *
 * A status is a Glimpse post, or a comment as a reply to its post; both resolve from one id space
 * (ids.ts). Every action calls the posts service the web's routes call, with the token's member as
 * the actor, so who may see or do what is the web's rule: a status the member may not see answers
 * 404 "Record not found", as a missing one does. What has no Glimpse counterpart yet (direct
 * messages, boosts, text-only posts) is refused with a clear 422 rather than approximated.
 */

import { CommentInput, CreatePostInput, EditPostInput, messages } from '@glimpse/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { Hono } from 'hono';
import { parseWith } from '../../core/http.ts';
import { findAuthors } from '../../core/profiles.ts';
import { rateLimit } from '../../core/rate-limit.ts';
import type { MemberContext } from '../../core/service.ts';
import type { Db } from '../../db/client.ts';
import { apiIdempotencyKeys } from '../../db/schema.ts';
import { getEvent } from '../../features/events/service.ts';
import { uploadDescriptions } from '../../features/images/service.ts';
import { editPost, listPostVersions } from '../../features/posts/edit.ts';
import { setPin } from '../../features/posts/pins.ts';
import { revokeQuote } from '../../features/posts/quotes.ts';
import {
  addComment,
  createPost,
  deleteComment,
  deletePost,
  getComment,
  getPost,
  listComments,
  listLikers,
  setLike,
  setSave,
} from '../../features/posts/service.ts';
import { listSharers, setShare, sharedAtBy } from '../../features/posts/shares.ts';
import { defineTask } from '../../jobs/task.ts';
import { decodeCursor } from '../../lib/cursor.ts';
import { forbidden, invalid, notFound } from '../../lib/errors.ts';
import { bodyParams, type Params } from '../../lib/params.ts';
import { eventAnsweredOnWeb, eventStatus } from './event-statuses.ts';
import { type MastodonEnv, type MemberEnv, needs } from './http.ts';
import { pageParams } from './paging.ts';
import { loadAccounts, serializeAccount } from './serializers/account.ts';
import {
  loadStatusAccounts,
  type MastodonStatus,
  replyParentOf,
  type StatusOptions,
  serializeComment,
  serializePost,
  serializePostHistory,
} from './serializers/status.ts';
import { resolveEventStatusId, resolveStatusId, type StatusRef } from './status-refs.ts';

type MemberCtx = Context<MemberEnv>;

/**
 * The post or comment an id names. An event's id is a status too (event-statuses.ts), which only
 * reads show: acting on one the member may see is refused in words, one they may not see is 404.
 */
async function requireStatus(ctx: MemberContext, id: string): Promise<StatusRef> {
  const ref = await resolveStatusId(ctx.db, id);
  if (ref) return ref;
  const eventId = await resolveEventStatusId(ctx.db, id);
  if (eventId) {
    await getEvent({ ctx, input: { eventId } });
    throw eventAnsweredOnWeb();
  }
  throw notFound(messages.post.notFound);
}

/** A post as the member sees it, as a status. */
export async function postStatus(
  ctx: MemberContext,
  postId: string,
  publicUrl: string,
  options?: StatusOptions,
): Promise<MastodonStatus> {
  const post = await getPost({ ctx, input: { postId } });
  const accounts = await loadStatusAccounts(ctx.db, ctx.storage, {
    userIds: [post.author.userId],
    texts: [post.caption],
  });
  return serializePost(post, accounts, publicUrl, { viewerId: ctx.actor.id, ...options });
}

/** A comment as the member sees it, as a reply status to its post (which they may then see too). */
async function commentStatus(
  ctx: MemberContext,
  commentId: string,
  publicUrl: string,
  options?: StatusOptions,
): Promise<MastodonStatus> {
  const comment = await getComment({ ctx, input: { commentId } });
  const post = await getPost({ ctx, input: { postId: comment.postId } });
  const accounts = await loadStatusAccounts(ctx.db, ctx.storage, {
    userIds: [comment.author.userId, post.author.userId],
    texts: [comment.body],
  });
  return serializeComment(comment, replyParentOf(post), accounts, publicUrl, options);
}

const statusOf = (ctx: MemberContext, ref: StatusRef, publicUrl: string, options?: StatusOptions) =>
  ref.kind === 'post'
    ? postStatus(ctx, ref.postId, publicUrl, options)
    : commentStatus(ctx, ref.commentId, publicUrl, options);

/**
 * Counts the request against the web's limit of the same name for the token's member, so an app
 * cannot bypass a limit the web app has (the same counter: `<name>:user:<id>`).
 */
export async function countAgainst(c: MemberCtx, name: 'posts' | 'comments' | 'uploads') {
  c.set('member', c.get('caller').member);
  await rateLimit(name)(c as unknown as Parameters<ReturnType<typeof rateLimit>>[0], async () => {});
}

/** `countAgainst` as a route's step, before its body is read (an upload over the limit costs no bandwidth). */
export const limited =
  (name: 'posts' | 'comments' | 'uploads'): MiddlewareHandler<MemberEnv> =>
  async (c, next) => {
    await countAgainst(c, name);
    await next();
  };

/** Mastodon's booleans arrive as JSON booleans or as form text ("true", "1", "on"). */
export function flag(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value !== 'string' || value === '') return undefined;
  return ['true', '1', 'on', 'yes'].includes(value.toLowerCase());
}

const textOf = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** `media_ids` as a JSON array or form `media_ids[]=` (lib/params.ts), of strings. */
const idsOf = (value: unknown): string[] =>
  (Array.isArray(value) ? value : value === undefined || value === null || value === '' ? [] : [value]).map(
    (id) => String(id),
  );

const visibilities = ['public', 'unlisted', 'private', 'direct'] as const;

/**
 * Mastodon's visibility as a Glimpse audience: public and unlisted are public (Glimpse lists every
 * public post alike), private is followers only, direct is refused until direct messages exist.
 * Omitted: the member's default (followers only on a private account), as on the web.
 */
function audienceOf(visibility: unknown): 'public' | 'followers' | undefined {
  if (visibility === undefined || visibility === null || visibility === '') return undefined;
  if (!visibilities.includes(visibility as (typeof visibilities)[number])) {
    throw invalid(messages.statusesApi.visibilityUnknown);
  }
  if (visibility === 'direct') throw invalid(messages.statusesApi.directUnavailable);
  return visibility === 'private' ? 'followers' : 'public';
}

// ── Idempotency-Key: the same key from the same member within an hour answers the same status ──

const idempotencyHours = 1;

type Claim = { claimed: true } | { claimed: false; postId: string | null; commentId: string | null };

/** Claims `key` for this request, or answers what an earlier request with it made (within the hour). */
async function claimIdempotencyKey(db: Db, userId: string, key: string): Promise<Claim> {
  const k = apiIdempotencyKeys;
  const claimed = await db
    .insert(k)
    .values({ userId, key })
    .onConflictDoUpdate({
      target: [k.userId, k.key],
      set: { createdAt: sql`now()`, postId: null, commentId: null },
      // An older use of the key has expired: this request starts afresh.
      setWhere: sql`${k.createdAt} < now() - ${idempotencyHours}::int * interval '1 hour'`,
    })
    .returning({ userId: k.userId });
  if (claimed.length > 0) return { claimed: true };
  const [row] = await db
    .select({ postId: k.postId, commentId: k.commentId })
    .from(k)
    .where(and(eq(k.userId, userId), eq(k.key, key)));
  // Gone in between (the post it made was deleted): claim it again.
  if (!row) return claimIdempotencyKey(db, userId, key);
  return { claimed: false, ...row };
}

/**
 * Keys past their hour answer nothing any more (a reuse claims them afresh): the hourly sweep drops
 * them, so the table holds about an hour of posting, not every post an app ever made.
 */
export const idempotencyKeysSweepTask = defineTask<Record<string, never>, { db: Db }>({
  name: 'api_idempotency_keys_sweep',
  queueName: 'maintenance',
  async run(_, { db }) {
    await db
      .delete(apiIdempotencyKeys)
      .where(sql`${apiIdempotencyKeys.createdAt} < now() - ${idempotencyHours}::int * interval '1 hour'`);
  },
});

const releaseIdempotencyKey = (db: Db, userId: string, key: string) =>
  db
    .delete(apiIdempotencyKeys)
    .where(and(eq(apiIdempotencyKeys.userId, userId), eq(apiIdempotencyKeys.key, key)));

// ── Creating ──

/** A reply is a comment on the post replied to, or on the post of the comment replied to. */
async function createReply(c: MemberCtx, params: Params, body: string, replyTo: string): Promise<StatusRef> {
  const ctx = c.get('ctx');
  if (idsOf(params.media_ids).length > 0) throw invalid(messages.statusesApi.replyTextOnly);
  const parent = await requireStatus(ctx, replyTo);
  const postId =
    parent.kind === 'post'
      ? parent.postId
      : (await getComment({ ctx, input: { commentId: parent.commentId } })).postId;
  const input = parseWith(CommentInput, { body });
  await countAgainst(c, 'comments');
  const comment = await addComment({ ctx, input: { postId, ...input } });
  return { kind: 'comment', commentId: comment.id };
}

/**
 * Mastodon 4.5's `quote_approval_policy` as a Glimpse quote policy: `public` is anyone; anything
 * but the three names is refused by the shared schema.
 */
function quotePolicyOf(policy: unknown): unknown {
  if (policy === undefined || policy === null || policy === '') return undefined;
  return policy === 'public' ? 'anyone' : policy;
}

/** `quoted_status_id`: the post of a status id the member may see (a comment's status cannot be quoted). */
async function quotedPostIdOf(c: MemberCtx, statusId: unknown): Promise<string | undefined> {
  if (statusId === undefined || statusId === null || statusId === '') return undefined;
  const quoted = await requireStatus(c.get('ctx'), String(statusId));
  if (quoted.kind !== 'post') throw forbidden(messages.quotes.notQuotable);
  return quoted.postId;
}

async function createTopLevel(c: MemberCtx, params: Params, caption: string): Promise<StatusRef> {
  const mediaIds = idsOf(params.media_ids);
  // Glimpse is a photo app: a post without a photo is refused in words, as Pixelfed does.
  if (mediaIds.length === 0) throw invalid(messages.statusesApi.photoRequired);
  // `spoiler_text` is the post's content warning, which makes it sensitive (the shared schema's rule).
  const parsed = parseWith(CreatePostInput, {
    caption,
    contentWarning: textOf(params.spoiler_text) ?? '',
    sensitive: flag(params.sensitive) ?? false,
    audience: audienceOf(params.visibility),
    quotePolicy: quotePolicyOf(params.quote_approval_policy),
    photos: mediaIds.map((imageId) => ({ imageId })),
    quotedPostId: await quotedPostIdOf(c, params.quoted_status_id),
  });
  // The descriptions the app gave its uploads before posting (media.ts) are the photos' alt texts.
  const descriptions = await uploadDescriptions({
    ctx: c.get('ctx'),
    input: { imageIds: parsed.photos.map((photo) => photo.imageId) },
  });
  const input = {
    ...parsed,
    photos: parsed.photos.map((photo) => ({
      ...photo,
      altText: descriptions.get(photo.imageId) ?? photo.altText,
    })),
  };
  await countAgainst(c, 'posts');
  const post = await createPost({ ctx: c.get('ctx'), input });
  return { kind: 'post', postId: post.id };
}

async function createStatus(c: MemberCtx, params: Params): Promise<StatusRef> {
  const caption = textOf(params.status) ?? '';
  const replyTo = textOf(params.in_reply_to_id);
  if (replyTo) {
    // The visibility is checked as for a post, so `direct` is refused alike; the reply itself
    // is seen by whoever sees its post.
    audienceOf(params.visibility);
    return createReply(c, params, caption, replyTo);
  }
  return createTopLevel(c, params, caption);
}

/**
 * Creates the status unless the member's earlier request with `key` made one within the hour (then
 * that one). While that earlier request is still posting, this one waits for it a little (a retry
 * on a slow link); if it failed, this one posts.
 */
async function createOnce(c: MemberCtx, params: Params, key: string): Promise<StatusRef> {
  const { db, actor } = c.get('ctx');
  let claim = await claimIdempotencyKey(db, actor.id, key);
  for (let attempt = 1; !claim.claimed; attempt++) {
    if (claim.postId) return { kind: 'post', postId: claim.postId };
    if (claim.commentId) return { kind: 'comment', commentId: claim.commentId };
    if (attempt > 20) throw invalid(messages.statusesApi.requestInProgress);
    await new Promise((resolve) => setTimeout(resolve, 150));
    claim = await claimIdempotencyKey(db, actor.id, key);
  }
  let ref: StatusRef;
  try {
    ref = await createStatus(c, params);
  } catch (error) {
    await releaseIdempotencyKey(db, actor.id, key);
    throw error;
  }
  await db
    .update(apiIdempotencyKeys)
    .set(ref.kind === 'post' ? { postId: ref.postId } : { commentId: ref.commentId })
    .where(and(eq(apiIdempotencyKeys.userId, actor.id), eq(apiIdempotencyKeys.key, key)));
  return ref;
}

// ── Paging of account lists (favourited_by): a cursor of the like's time and account ──

function likersCursor(c: MemberCtx) {
  const maxId = c.req.query('max_id');
  return maxId ? decodeCursor(maxId) : null;
}

const publicUrlOf = (c: MemberCtx) => c.get('deps').env.publicUrl;

/** Every comment of a post the member sees, oldest first, up to Mastodon's own cap on descendants. */
async function allComments(ctx: MemberContext, postId: string) {
  const found = [];
  let cursor: ReturnType<typeof decodeCursor> = null;
  do {
    const page = await listComments({ ctx, input: { postId, cursor } });
    found.push(...page.items);
    cursor = page.nextCursor ? decodeCursor(page.nextCursor) : null;
  } while (cursor && found.length < contextDescendantsMax);
  return found.slice(0, contextDescendantsMax);
}

/** Mastodon answers at most this many descendants to a member. */
const contextDescendantsMax = 4096;

async function editStatus(c: MemberCtx, ref: StatusRef, params: Params) {
  if (ref.kind !== 'post') {
    // The comment must be one the member sees before being told it cannot be edited.
    await getComment({ ctx: c.get('ctx'), input: { commentId: ref.commentId } });
    throw invalid(messages.statusesApi.commentNotEditable);
  }
  const ctx = c.get('ctx');
  const post = await getPost({ ctx, input: { postId: ref.postId } });
  const photoIds = post.photos.map((photo) => photo.image.id);
  if (params.media_ids !== undefined) {
    const asked = idsOf(params.media_ids);
    if (asked.length !== photoIds.length || asked.some((id, i) => id !== photoIds[i])) {
      throw invalid(messages.statusesApi.photosFixed);
    }
  }
  const descriptions = new Map<string, string>();
  const attributes = Array.isArray(params.media_attributes) ? params.media_attributes : [];
  for (const attribute of attributes) {
    if (!attribute || typeof attribute !== 'object') continue;
    const { id, description } = attribute as { id?: unknown; description?: unknown };
    if (typeof id !== 'string' || !photoIds.includes(id)) throw invalid(messages.statusesApi.photosFixed);
    if (typeof description === 'string') descriptions.set(id, description);
  }
  // A field left out stays as it was: the warning too.
  const input = parseWith(EditPostInput, {
    caption: textOf(params.status) ?? post.caption,
    contentWarning: textOf(params.spoiler_text) ?? post.contentWarning,
    sensitive: flag(params.sensitive) ?? post.sensitive,
    altTexts: post.photos.map((photo) => descriptions.get(photo.image.id) ?? photo.altText),
  });
  await countAgainst(c, 'posts');
  await editPost({ ctx, input: { postId: ref.postId, ...input } });
}

/** Liking and saving are a post's: a comment the member sees answers that in words. */
async function requirePostForMark(ctx: MemberContext, ref: StatusRef): Promise<string> {
  if (ref.kind === 'post') return ref.postId;
  await getComment({ ctx, input: { commentId: ref.commentId } });
  throw invalid(messages.statusesApi.commentNotLikeable);
}

/** Only a post is pinned: a comment the member sees answers that in words. */
async function requirePostToPin(ctx: MemberContext, ref: StatusRef): Promise<string> {
  if (ref.kind === 'post') return ref.postId;
  await getComment({ ctx, input: { commentId: ref.commentId } });
  throw invalid(messages.pins.onlyAuthorPins);
}

export const statusRoutes = new Hono<MastodonEnv>()
  .post('/v1/statuses', needs('write:statuses'), async (c) => {
    const ctx = c.get('ctx');
    const params = await bodyParams(c.req.raw);
    const key = c.req.header('idempotency-key')?.trim().slice(0, 200);
    const ref = key ? await createOnce(c, params, key) : await createStatus(c, params);
    return c.json(await statusOf(ctx, ref, publicUrlOf(c)), 200);
  })
  .get('/v1/statuses/:id', needs('read:statuses'), async (c) => {
    const ctx = c.get('ctx');
    const id = c.req.param('id');
    const eventId = await resolveEventStatusId(ctx.db, id);
    if (eventId) return c.json(await eventStatus(ctx, eventId, publicUrlOf(c)), 200);
    return c.json(await statusOf(ctx, await requireStatus(ctx, id), publicUrlOf(c)), 200);
  })
  .put('/v1/statuses/:id', needs('write:statuses'), async (c) => {
    const ctx = c.get('ctx');
    const ref = await requireStatus(ctx, c.req.param('id'));
    await editStatus(c, ref, await bodyParams(c.req.raw));
    return c.json(await statusOf(ctx, ref, publicUrlOf(c)), 200);
  })
  // Answers the status as it was, with its source `text`, so an app can offer "delete and redraft".
  .delete('/v1/statuses/:id', needs('write:statuses'), async (c) => {
    const ctx = c.get('ctx');
    const ref = await requireStatus(ctx, c.req.param('id'));
    const status = await statusOf(ctx, ref, publicUrlOf(c), { withSource: true });
    if (ref.kind === 'post') await deletePost({ ctx, input: { postId: ref.postId } });
    else await deleteComment({ ctx, input: { commentId: ref.commentId } });
    return c.json(status, 200);
  })
  .get('/v1/statuses/:id/history', needs('read:statuses'), async (c) => {
    const ctx = c.get('ctx');
    const publicUrl = publicUrlOf(c);
    const ref = await requireStatus(ctx, c.req.param('id'));
    if (ref.kind !== 'post') {
      // A comment is never edited: its one version is itself.
      const status = await commentStatus(ctx, ref.commentId, publicUrl);
      const { content, spoiler_text, sensitive, created_at, account, media_attachments } = status;
      return c.json(
        [
          {
            content,
            spoiler_text,
            sensitive,
            created_at,
            account,
            poll: null,
            media_attachments,
            emojis: [],
          },
        ],
        200,
      );
    }
    const post = await getPost({ ctx, input: { postId: ref.postId } });
    const versions = await listPostVersions({ ctx, input: { postId: ref.postId } });
    const accounts = await loadAccounts(ctx.db, ctx.storage, [post.author.userId]);
    return c.json(serializePostHistory(post, versions, accounts, publicUrl), 200);
  })
  .get('/v1/statuses/:id/source', needs('read:statuses'), async (c) => {
    const ctx = c.get('ctx');
    const id = c.req.param('id');
    const status = await statusOf(ctx, await requireStatus(ctx, id), publicUrlOf(c), { withSource: true });
    return c.json({ id: status.id, text: status.text ?? '', spoiler_text: status.spoiler_text }, 200);
  })
  .get('/v1/statuses/:id/context', needs('read:statuses'), async (c) => {
    const ctx = c.get('ctx');
    const publicUrl = publicUrlOf(c);
    const ref = await requireStatus(ctx, c.req.param('id'));
    if (ref.kind === 'comment') {
      const comment = await getComment({ ctx, input: { commentId: ref.commentId } });
      return c.json({ ancestors: [await postStatus(ctx, comment.postId, publicUrl)], descendants: [] }, 200);
    }
    const post = await getPost({ ctx, input: { postId: ref.postId } });
    const replies = await allComments(ctx, ref.postId);
    const accounts = await loadStatusAccounts(ctx.db, ctx.storage, {
      userIds: [post.author.userId, ...replies.map((reply) => reply.author.userId)],
      texts: replies.map((reply) => reply.body),
    });
    const parent = replyParentOf(post);
    return c.json(
      {
        ancestors: [],
        descendants: replies.map((reply) => serializeComment(reply, parent, accounts, publicUrl)),
      },
      200,
    );
  })
  .post('/v1/statuses/:id/favourite', needs('write:favourites'), async (c) => {
    const ctx = c.get('ctx');
    const postId = await requirePostForMark(ctx, await requireStatus(ctx, c.req.param('id')));
    await setLike({ ctx, input: { postId, liked: true } });
    return c.json(await postStatus(ctx, postId, publicUrlOf(c)), 200);
  })
  .post('/v1/statuses/:id/unfavourite', needs('write:favourites'), async (c) => {
    const ctx = c.get('ctx');
    const postId = await requirePostForMark(ctx, await requireStatus(ctx, c.req.param('id')));
    await setLike({ ctx, input: { postId, liked: false } });
    return c.json(await postStatus(ctx, postId, publicUrlOf(c)), 200);
  })
  .post('/v1/statuses/:id/bookmark', needs('write:bookmarks'), async (c) => {
    const ctx = c.get('ctx');
    const postId = await requirePostForMark(ctx, await requireStatus(ctx, c.req.param('id')));
    await setSave({ ctx, input: { postId, saved: true } });
    return c.json(await postStatus(ctx, postId, publicUrlOf(c)), 200);
  })
  .post('/v1/statuses/:id/unbookmark', needs('write:bookmarks'), async (c) => {
    const ctx = c.get('ctx');
    const postId = await requirePostForMark(ctx, await requireStatus(ctx, c.req.param('id')));
    await setSave({ ctx, input: { postId, saved: false } });
    return c.json(await postStatus(ctx, postId, publicUrlOf(c)), 200);
  })
  // Pinning is a profile's (Mastodon asks write:accounts): the author's own posts only, up to five.
  .post('/v1/statuses/:id/pin', needs('write:accounts'), async (c) => {
    const ctx = c.get('ctx');
    const postId = await requirePostToPin(ctx, await requireStatus(ctx, c.req.param('id')));
    await setPin({ ctx, input: { postId, pinned: true } });
    return c.json(await postStatus(ctx, postId, publicUrlOf(c)), 200);
  })
  .post('/v1/statuses/:id/unpin', needs('write:accounts'), async (c) => {
    const ctx = c.get('ctx');
    const postId = await requirePostToPin(ctx, await requireStatus(ctx, c.req.param('id')));
    await setPin({ ctx, input: { postId, pinned: false } });
    return c.json(await postStatus(ctx, postId, publicUrlOf(c)), 200);
  })
  // Mastodon 4.5: the quoted post's author withdraws their consent to one quote of it; answers
  // the quoting status, its quote now `revoked`.
  .post('/v1/statuses/:id/quotes/:quoting_status_id/revoke', needs('write:statuses'), async (c) => {
    const ctx = c.get('ctx');
    const quoted = await requireStatus(ctx, c.req.param('id'));
    const quoting = await requireStatus(ctx, c.req.param('quoting_status_id'));
    if (quoted.kind !== 'post' || quoting.kind !== 'post') throw notFound(messages.post.notFound);
    await revokeQuote(ctx, ctx.actor.id, { quotingPostId: quoting.postId, quotedPostId: quoted.postId });
    return c.json(await postStatus(ctx, quoting.postId, publicUrlOf(c)), 200);
  })
  // A share (reblog) answers, as Mastodon does, the member's reblog status wrapping the post; an
  // unreblog answers the post. A reply is a comment here, not a post: it cannot be shared.
  .post('/v1/statuses/:id/reblog', needs('write:statuses'), async (c) => {
    const ctx = c.get('ctx');
    const postId = await requireShareable(ctx, await requireStatus(ctx, c.req.param('id')), publicUrlOf(c));
    await setShare({ ctx, input: { postId, shared: true } });
    const [post, sharedAt, sharers] = await Promise.all([
      getPost({ ctx, input: { postId } }),
      sharedAtBy(ctx.db, postId, ctx.actor.id),
      findAuthors(ctx.db, ctx.storage, [ctx.actor.id]),
    ]);
    const accounts = await loadStatusAccounts(ctx.db, ctx.storage, {
      userIds: [post.author.userId, ctx.actor.id],
      texts: [post.caption],
    });
    const reblog = {
      ...post,
      sharedBy: sharers.get(ctx.actor.id) ?? null,
      sharedAt: sharedAt?.toISOString() ?? null,
    };
    return c.json(serializePost(reblog, accounts, publicUrlOf(c), { viewerId: ctx.actor.id }), 200);
  })
  .post('/v1/statuses/:id/unreblog', needs('write:statuses'), async (c) => {
    const ctx = c.get('ctx');
    const postId = await requireShareable(ctx, await requireStatus(ctx, c.req.param('id')), publicUrlOf(c));
    await setShare({ ctx, input: { postId, shared: false } });
    return c.json(await postStatus(ctx, postId, publicUrlOf(c)), 200);
  })
  .get('/v1/statuses/:id/favourited_by', needs('read:accounts'), async (c) => {
    const ctx = c.get('ctx');
    const publicUrl = publicUrlOf(c);
    const ref = await requireStatus(ctx, c.req.param('id'));
    if (ref.kind === 'comment') {
      await getComment({ ctx, input: { commentId: ref.commentId } });
      return c.json([], 200);
    }
    const { limit } = pageParams(c, { byDefault: 40, max: 80 });
    const page = await listLikers({ ctx, input: { postId: ref.postId, cursor: likersCursor(c), limit } });
    const accounts = await loadAccounts(
      ctx.db,
      ctx.storage,
      page.items.map((item) => item.userId),
    );
    const listed = page.items.flatMap((item) => {
      const account = accounts.get(item.userId);
      return account ? [serializeAccount(account, publicUrl)] : [];
    });
    // Only older pages exist to follow (the list is newest first); no link on the last page.
    if (page.nextCursor) c.header('Link', `<${nextPageUrl(c, page.nextCursor)}>; rel="next"`);
    return c.json(listed, 200);
  })
  // Who shared a post, latest first (a short list: no paging); a reply is never shared.
  .get('/v1/statuses/:id/reblogged_by', needs('read:accounts'), async (c) => {
    const ctx = c.get('ctx');
    const publicUrl = publicUrlOf(c);
    const ref = await requireStatus(ctx, c.req.param('id'));
    if (ref.kind === 'comment') {
      await statusOf(ctx, ref, publicUrl);
      return c.json([], 200);
    }
    const sharers = await listSharers({ ctx, input: { postId: ref.postId } });
    const accounts = await loadAccounts(
      ctx.db,
      ctx.storage,
      sharers.map((sharer) => sharer.userId),
    );
    return c.json(
      sharers.flatMap((sharer) => {
        const account = accounts.get(sharer.userId);
        return account ? [serializeAccount(account, publicUrl)] : [];
      }),
      200,
    );
  });

/** The post a reblog names: a reply (a comment here) is readable, but not a post to share (403). */
async function requireShareable(ctx: MemberContext, ref: StatusRef, publicUrl: string): Promise<string> {
  if (ref.kind === 'post') return ref.postId;
  await statusOf(ctx, ref, publicUrl);
  throw forbidden(messages.shares.onlyPublic);
}

function nextPageUrl(c: MemberCtx, cursor: string) {
  const url = new URL(c.req.path, publicUrlOf(c));
  for (const [key, value] of new URL(c.req.url).searchParams) {
    if (!['max_id', 'min_id', 'since_id'].includes(key)) url.searchParams.append(key, value);
  }
  url.searchParams.set('max_id', cursor);
  return url.toString();
}
