/**
 * The consent handshake of quotes across servers (FEP-044f, as Mastodon 4.5 runs it):
 * - QuoteRequest for one of our posts: answered Accept, its `result` a QuoteAuthorization we keep
 *   and serve (objects/quote-authorization.ts), or Reject, by the post's quote policy as it applies
 *   to the requesting account (features/posts/quotes.ts `mayQuote`; a block either way refuses);
 *   the quoting Note must be on the requester's server. A copy of that Note kept here shows the card.
 * - Accept or Reject of our QuoteRequest (its id names our member's quoting post: outbox/quotes.ts):
 *   counts only from the quoted post's author, for a quote still waiting; the authorization must be
 *   on the author's server. Accepted, the Note goes out again with its `quoteAuthorization`.
 * - Delete of a QuoteAuthorization by the author who gave it: the quote of their post is revoked.
 */
import type { Context } from '@fedify/fedify';
import {
  type Accept,
  Accept as AcceptActivity,
  type Delete,
  Note,
  type QuoteRequest,
  type Reject,
  Reject as RejectActivity,
} from '@fedify/vocab';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CoreDeps } from '../../../core/deps.ts';
import { federatePostJob } from '../../../core/federation-jobs.ts';
import { notify } from '../../../core/notify.ts';
import { withTransaction } from '../../../core/service.ts';
import { contentVisibleTo } from '../../../core/visibility.ts';
import { federationPosts, postQuotes, posts, quoteAuthorizations } from '../../../db/schema.ts';
import { mayQuote } from '../../../features/posts/quotes.ts';
import { addJob } from '../../../jobs/task.ts';
import { isPublishedLocalPost, remoteActorOf } from '../accounts.ts';
import { quoteAuthorizationUri } from '../objects/quote-authorization.ts';
import { quoteRequestFragment } from '../objects/quote-request-id.ts';
import { recipientOf } from '../outbox/recipients.ts';
import type { InboxHandler } from './receive.ts';

/** The post a QuoteRequest asks about: one of ours, published; and the quoting Note, on the sender's server. */
async function requested(ctx: Context<CoreDeps>, request: QuoteRequest) {
  if (!request.id || !request.objectId || !request.instrumentId || !request.actorId) return null;
  const target = ctx.parseUri(request.objectId);
  if (target?.type !== 'object' || target.class !== Note) return null;
  const postId = target.values.id!;
  if (request.instrumentId.origin !== request.actorId.origin) return null;
  if (!(await isPublishedLocalPost(ctx.data.db, postId))) return null;
  return { about: { postId, quotingIri: request.instrumentId.href } };
}

export const onQuoteRequest: InboxHandler<QuoteRequest, { postId: string; quotingIri: string }, 'anyone'> = {
  sender: 'anyone',
  find: requested,
  async handle(ctx, request, sender, { postId, quotingIri }) {
    const { db, live } = ctx.data;
    const actor = await remoteActorOf(db, sender.id);
    if (!actor) return;
    const granted = await withTransaction(db, async (tx) => {
      const [post] = await tx
        .select({ authorId: posts.authorId, allowed: sql<boolean>`${mayQuote(posts, sender.id)}` })
        .from(posts)
        .where(and(eq(posts.id, postId), contentVisibleTo(posts.authorId, posts.audience, sender.id)));
      if (!post?.allowed) return post ? { authorId: post.authorId, id: null } : null;
      // Asked again (a retry, or after a revocation the policy now allows): the same authorization.
      const [authorization] = await tx
        .insert(quoteAuthorizations)
        .values({ quotedPostId: postId, quoterId: sender.id, quotingIri, requestIri: request.id!.href })
        .onConflictDoUpdate({
          target: quoteAuthorizations.quotingIri,
          set: { revokedAt: null, requestIri: request.id!.href },
          setWhere: eq(quoteAuthorizations.quotedPostId, postId),
        })
        .returning({ id: quoteAuthorizations.id });
      if (!authorization) return { authorId: post.authorId, id: null };
      // The quoting Note kept here (its author followed by a member) shows the card from now on.
      const [mirrored] = await tx
        .update(postQuotes)
        .set({ state: 'accepted', authorizationId: authorization.id })
        .where(
          and(
            eq(postQuotes.quotedPostId, postId),
            inArray(
              postQuotes.postId,
              tx
                .select({ id: federationPosts.postId })
                .from(federationPosts)
                .where(eq(federationPosts.iri, quotingIri)),
            ),
          ),
        )
        .returning({ postId: postQuotes.postId });
      const told = mirrored
        ? await notify(tx, {
            type: 'post_quote',
            recipientId: post.authorId,
            actorId: sender.id,
            postId: mirrored.postId,
          })
        : false;
      return { authorId: post.authorId, id: authorization.id, mirrored: mirrored?.postId, told };
    });
    if (!granted) return;
    if (granted.id && 'mirrored' in granted) {
      if (granted.mirrored) live.publish({ kind: 'post_changed', postId: granted.mirrored });
      if (granted.told) live.publish({ kind: 'notification', recipientId: granted.authorId });
    }
    const me = ctx.getActorUri(granted.authorId);
    const answer = granted.id
      ? new AcceptActivity({
          id: new URL(`#accepts/quote_requests/${granted.id}`, me),
          actor: me,
          object: request,
          result: quoteAuthorizationUri(ctx, granted.id),
        })
      : new RejectActivity({
          id: new URL(`#rejects/quote_requests/${crypto.randomUUID()}`, me),
          actor: me,
          object: request,
        });
    await ctx.sendActivity({ identifier: granted.authorId }, recipientOf(actor), answer);
  },
};

/** Our member's quoting post an answer names: the id of our QuoteRequest (outbox/quotes.ts). */
export function ourQuoteRequestOf(ctx: Context<CoreDeps>, iri: URL | null): string | null {
  if (!iri?.hash.startsWith(`#${quoteRequestFragment}`)) return null;
  const actor = ctx.parseUri(new URL(iri.href.slice(0, iri.href.indexOf('#'))));
  if (actor?.type !== 'actor') return null;
  const postId = iri.hash.slice(quoteRequestFragment.length + 1);
  return /^[0-9a-f-]{36}$/i.test(postId) ? postId : null;
}

/** Our quote of the sender's post, still waiting: the update `state` makes, or nothing. */
async function answer(
  ctx: Context<CoreDeps>,
  postId: string,
  senderId: string,
  change: { state: 'accepted'; authorizationIri: string } | { state: 'rejected' },
) {
  const { db, live } = ctx.data;
  const changed = await withTransaction(db, async (tx) => {
    const [row] = await tx
      .update(postQuotes)
      .set(change)
      .where(
        and(
          eq(postQuotes.postId, postId),
          eq(postQuotes.state, 'pending'),
          inArray(
            postQuotes.quotedPostId,
            tx.select({ id: posts.id }).from(posts).where(eq(posts.authorId, senderId)),
          ),
        ),
      )
      .returning({ postId: postQuotes.postId });
    if (!row) return null;
    const [post] = await tx.select({ authorId: posts.authorId }).from(posts).where(eq(posts.id, postId));
    // Followers elsewhere get the Note again, now with its authorization (Mastodon sends an Update).
    if (change.state === 'accepted' && post) {
      await addJob(tx, federatePostJob, { postId, authorId: post.authorId, kind: 'update' });
    }
    return row.postId;
  });
  if (changed) live.publish({ kind: 'post_changed', postId: changed });
}

const quoteAnswerOf = async (ctx: Context<CoreDeps>, activity: Accept | Reject) => {
  const postId = ourQuoteRequestOf(ctx, activity.objectId);
  return postId ? { about: postId } : null;
};

export const onQuoteAccepted: InboxHandler<Accept, string, 'known'> = {
  sender: 'known',
  find: quoteAnswerOf,
  async handle(ctx, accept, sender, postId) {
    const result = accept.resultId;
    // The stamp is the quoted author's server's own, as Mastodon requires of it.
    if (!result || result.origin !== sender.iri.origin) return;
    await answer(ctx, postId, sender.id, { state: 'accepted', authorizationIri: result.href });
  },
};

export const onQuoteRejected: InboxHandler<Reject, string, 'known'> = {
  sender: 'known',
  find: quoteAnswerOf,
  handle: (ctx, _reject, sender, postId) => answer(ctx, postId, sender.id, { state: 'rejected' }),
};

/** Whether a Delete names a quote authorization a quote here holds (federation.ts routes it here). */
export async function isQuoteAuthorization(ctx: Context<CoreDeps>, iri: URL): Promise<boolean> {
  const [row] = await ctx.data.db
    .select({ postId: postQuotes.postId })
    .from(postQuotes)
    .where(eq(postQuotes.authorizationIri, iri.href))
    .limit(1);
  return Boolean(row);
}

export const onQuoteAuthorizationDelete: InboxHandler<Delete, null, 'known'> = {
  sender: 'known',
  async handle(ctx, deletion, sender) {
    const iri = deletion.objectId;
    if (!iri || iri.origin !== sender.iri.origin) return;
    const { db, live } = ctx.data;
    const revoked = await db
      .update(postQuotes)
      .set({ state: 'revoked' })
      .where(
        and(
          eq(postQuotes.authorizationIri, iri.href),
          inArray(postQuotes.state, ['pending', 'accepted']),
          inArray(
            postQuotes.quotedPostId,
            db.select({ id: posts.id }).from(posts).where(eq(posts.authorId, sender.id)),
          ),
        ),
      )
      .returning({ postId: postQuotes.postId });
    for (const row of revoked) live.publish({ kind: 'post_changed', postId: row.postId });
  },
};
