/**
 * Quote posts (FEP-044f, as Mastodon 4.5): a member's new post may embed another post as a card
 * (author, first photo, caption). Consent comes from the quoted post's `quote_policy`: anyone, the
 * author's approved followers, or nobody but the author (who may always quote their own post, as
 * on Mastodon). Only a post open to anyone can be quoted at all, so a followers-only post, or any
 * post of a private account, never is; a hidden post (block either way, suspension) is a 404 as
 * everywhere else. The card is read for each viewer with the post itself (`quoteColumns` in
 * `selectPostsForViewer`), so a quoted post later deleted, made followers-only, or whose author
 * has since blocked the quoter shows "This post is unavailable" instead of its words.
 *
 * Every accepted quote of a local post has its authorization (`quote_authorizations`), which other
 * servers fetch to check the quote (objects/quote-authorization.ts). A quote of a remote account's
 * post is `pending` until its server's QuoteAuthorization comes back (outbox/quotes.ts sends the
 * QuoteRequest, inbox/quotes.ts takes the answer); the remote post's own `canQuote` decided its
 * `quote_policy` here. The quoted author may revoke a quote of their post at any time (`revokeQuote`).
 */
import type { PostQuoteDto, QuotePolicy } from '@glimpse/shared';
import { messages } from '@glimpse/shared';
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { quoteRequestDelivery, quoteRevocationDelivery } from '../../core/federation-jobs.ts';
import { type ImageDtoRow, toImageDto, type VideoDtoRow } from '../../core/images.ts';
import { notify } from '../../core/notify.ts';
import { withTransaction } from '../../core/service.ts';
import { contentVisibleTo, openToAnyone, type ViewerId, visibleTo } from '../../core/visibility.ts';
import type { Db } from '../../db/client.ts';
import {
  federationActors,
  federationPosts,
  follows,
  postQuotes,
  posts,
  profiles,
  quoteAuthorizations,
} from '../../db/schema.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { LiveHub } from '../../live/hub.ts';
import type { Storage } from '../../storage/storage.ts';

const quoted = alias(posts, 'quoted_post');
const quotedAuthor = alias(profiles, 'quoted_author');

/**
 * True when the viewer may quote the post in `post` now: it is open to anyone and its policy lets
 * the viewer in (a remote post's policy is what its Note's `canQuote` said; its server has the last
 * word when it answers the QuoteRequest). The viewer may be a remote account (an incoming
 * QuoteRequest). Visibility to the viewer (blocks, suspension) is the caller's: the select it sits
 * in, or `requireQuotable`'s own check.
 */
export function mayQuote(post: typeof posts | typeof quoted, viewerId: ViewerId): SQL {
  const follower = sql`exists (select 1 from ${follows} where ${follows.followerId} = ${viewerId} and ${follows.followeeId} = ${post.authorId})`;
  return sql`(${openToAnyone(post.authorId, post.audience)}
    and (${post.authorId} = ${viewerId} or ${post.quotePolicy} = 'anyone'
      or (${post.quotePolicy} = 'followers' and ${follower})))`;
}

interface QuotedCardRow {
  id: string;
  caption: string;
  contentWarning: string;
  sensitive: boolean;
  photo: (ImageDtoRow & { altText: string; video?: VideoDtoRow | null }) | null;
  createdAt: string;
  userId: string;
  username: string;
  firstName: string;
  lastName: string;
}

export interface QuoteRow {
  state: 'pending' | 'accepted' | 'rejected' | 'revoked';
  card: QuotedCardRow | null;
}

/**
 * The columns `selectPostsForViewer` adds for quotes: the post's policy, whether the viewer may
 * quote it, and its quote (null when it quotes nothing) with the quoted post's card only while
 * the viewer may see that post, it is still open to anyone, and neither author hides the other.
 */
export function quoteColumns(viewerId: ViewerId) {
  const cardVisible = and(
    eq(quoted.id, postQuotes.quotedPostId),
    contentVisibleTo(quoted.authorId, quoted.audience, viewerId, { publicOnly: true }),
    visibleTo(quoted.authorId, posts.authorId),
  );
  const card = sql`(select json_build_object(
      'id', ${quoted.id}, 'caption', ${quoted.caption}, 'contentWarning', ${quoted.contentWarning},
      'sensitive', ${quoted.sensitive}, 'photo', ${quoted.photos}->0, 'createdAt', ${quoted.createdAt},
      'userId', ${quotedAuthor.userId}, 'username', ${quotedAuthor.username},
      'firstName', ${quotedAuthor.firstName}, 'lastName', ${quotedAuthor.lastName})
    from ${posts} ${sql.identifier('quoted_post')}
      join ${profiles} ${sql.identifier('quoted_author')} on ${quotedAuthor.userId} = ${quoted.authorId}
    where ${cardVisible})`;
  return {
    quotePolicy: sql<QuotePolicy>`${posts.quotePolicy}`,
    quotable: sql<boolean>`${mayQuote(posts, viewerId)}`,
    quote: sql<QuoteRow | null>`(select json_build_object('state', ${postQuotes.state}, 'card', ${card})
      from ${postQuotes} where ${postQuotes.postId} = ${posts.id})`,
  };
}

export function toQuoteDto(storage: Storage, row: QuoteRow | null): PostQuoteDto | null {
  if (!row) return null;
  if (row.state !== 'accepted') return { state: row.state, post: null };
  const card = row.card;
  if (!card) return { state: 'unavailable', post: null };
  const { altText, ...image } = card.photo ?? { altText: '' };
  return {
    state: 'accepted',
    post: {
      id: card.id,
      author: {
        userId: card.userId,
        username: card.username,
        firstName: card.firstName,
        lastName: card.lastName,
      },
      caption: card.caption,
      contentWarning: card.contentWarning,
      sensitive: card.sensitive,
      // Only a post open to anyone has a card, so its photo's address is the open one.
      photo: card.photo ? { image: toImageDto(storage, image as ImageDtoRow), altText } : null,
      createdAt: new Date(card.createdAt).toISOString(),
    },
  };
}

/**
 * Refuses a quote the member may not make: 404 when the quoted post is missing or hidden from
 * them (as any hidden post is), 403 when they may see it but not quote it. Returns its author.
 */
export async function requireQuotable(db: Db, actorId: string, quotedPostId: string): Promise<string> {
  const [row] = await db
    .select({ authorId: posts.authorId, allowed: sql<boolean>`${mayQuote(posts, actorId)}` })
    .from(posts)
    .where(and(eq(posts.id, quotedPostId), contentVisibleTo(posts.authorId, posts.audience, actorId)));
  if (!row) throw notFound(messages.post.notFound);
  if (!row.allowed) throw forbidden(messages.quotes.notQuotable);
  return row.authorId;
}

/**
 * Records the new post's quote (the policy was checked in the same transaction): of a local post,
 * accepted with its authorization, and the quoted author told when they may read the quote; of a
 * remote post, pending, its QuoteRequest queued with the row. True when the quoted author was told.
 */
export async function addQuote(
  tx: Db,
  {
    postId,
    quotedPostId,
    quotedAuthorId,
    actorId,
  }: {
    postId: string;
    quotedPostId: string;
    quotedAuthorId: string;
    actorId: string;
  },
): Promise<boolean> {
  const [remote] = await tx
    .select({ userId: federationActors.userId })
    .from(federationActors)
    .where(eq(federationActors.userId, quotedAuthorId));
  if (remote) {
    await tx
      .insert(postQuotes)
      .values({ postId, quotedPostId, state: 'pending' })
      .returning({ delivery: quoteRequestDelivery });
    return false;
  }
  const [authorization] = await tx
    .insert(quoteAuthorizations)
    .values({ quotedPostId, quoterId: actorId, quotingPostId: postId })
    .returning({ id: quoteAuthorizations.id });
  await tx
    .insert(postQuotes)
    .values({ postId, quotedPostId, state: 'accepted', authorizationId: authorization!.id });
  const [readable] = await tx
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.id, postId), contentVisibleTo(posts.authorId, posts.audience, quotedAuthorId)));
  if (!readable) return false;
  return notify(tx, { type: 'post_quote', recipientId: quotedAuthorId, actorId, postId });
}

/**
 * The quoted author withdraws their consent to a quote of their post (Mastodon 4.5's revoke):
 * the quote shows no card any more, here and, through the Delete of the authorization, on the
 * quoting server. 404 when the post quotes nothing the member can see, 403 when the quoted post
 * is not theirs. True when something changed.
 */
export async function revokeQuote(
  { db, live }: { db: Db; live: LiveHub },
  actorId: string,
  { quotingPostId, quotedPostId }: { quotingPostId: string; quotedPostId?: string },
): Promise<boolean> {
  const changed = await withTransaction(db, async (tx) => {
    const [row] = await tx
      .select({ quotedPostId: postQuotes.quotedPostId, quotedAuthorId: quoted.authorId })
      .from(postQuotes)
      .innerJoin(posts, eq(posts.id, postQuotes.postId))
      .innerJoin(quoted, eq(quoted.id, postQuotes.quotedPostId))
      .where(
        and(eq(postQuotes.postId, quotingPostId), contentVisibleTo(posts.authorId, posts.audience, actorId)),
      )
      .for('update', { of: postQuotes });
    if (!row || (quotedPostId !== undefined && row.quotedPostId !== quotedPostId)) {
      throw notFound(messages.post.notFound);
    }
    if (row.quotedAuthorId !== actorId) throw forbidden(messages.quotes.onlyQuotedAuthorRevokes);
    const [changed] = await tx
      .update(postQuotes)
      .set({ state: 'revoked' })
      .where(and(eq(postQuotes.postId, quotingPostId), inArray(postQuotes.state, ['pending', 'accepted'])))
      .returning({ postId: postQuotes.postId });
    const remoteIri = tx
      .select({ iri: federationPosts.iri })
      .from(federationPosts)
      .where(eq(federationPosts.postId, quotingPostId));
    await tx
      .update(quoteAuthorizations)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(quoteAuthorizations.quotedPostId, row.quotedPostId!),
          isNull(quoteAuthorizations.revokedAt),
          or(
            eq(quoteAuthorizations.quotingPostId, quotingPostId),
            inArray(quoteAuthorizations.quotingIri, remoteIri),
          ),
        ),
      )
      .returning({ delivery: quoteRevocationDelivery });
    return Boolean(changed);
  });
  if (changed) live.publish({ kind: 'post_changed', postId: quotingPostId });
  return changed;
}

/** A new post's quote policy when its author chose none for it: the account's (/settings/account). */
export async function accountQuotePolicy(db: Db, authorId: string): Promise<QuotePolicy> {
  const [row] = await db
    .select({ quotePolicy: profiles.quotePolicy })
    .from(profiles)
    .where(eq(profiles.userId, authorId));
  return row?.quotePolicy ?? 'followers';
}
