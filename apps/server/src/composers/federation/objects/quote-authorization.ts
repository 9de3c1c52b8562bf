/**
 * A member's consent to one quote of their post, as FEP-044f's `QuoteAuthorization` (Mastodon 4.5's
 * QuoteAuthorizationSerializer): served at /ap/quote-authorizations/{id}, `attributedTo` the quoted
 * author, `interactingObject` the quoting Note, `interactionTarget` the quoted one. Another server
 * fetches it to check a quote it received; revoked (or its quoted post no longer open to anyone,
 * or its author gone), it answers 404, as Mastodon's does once the quote is rejected.
 */
import type { Context } from '@fedify/fedify';
import { Note, QuoteAuthorization } from '@fedify/vocab';
import { and, eq, isNull } from 'drizzle-orm';
import type { CoreDeps } from '../../../core/deps.ts';
import { federationPosts, posts, quoteAuthorizations } from '../../../db/schema.ts';
import { isPublishedLocal } from '../accounts.ts';
import { isOpenPost } from './audience.ts';

export const quoteAuthorizationPath = '/ap/quote-authorizations/{id}';

export const quoteAuthorizationUri = (ctx: Context<CoreDeps>, id: string) =>
  ctx.getObjectUri(QuoteAuthorization, { id });

export async function quoteAuthorizationOf(
  ctx: Context<CoreDeps>,
  id: string,
): Promise<QuoteAuthorization | null> {
  const { db } = ctx.data;
  const [row] = await db
    .select({
      quotedPostId: quoteAuthorizations.quotedPostId,
      authorId: posts.authorId,
      quotingPostId: quoteAuthorizations.quotingPostId,
      quotingIri: quoteAuthorizations.quotingIri,
      mirroredIri: federationPosts.iri,
    })
    .from(quoteAuthorizations)
    .innerJoin(posts, eq(posts.id, quoteAuthorizations.quotedPostId))
    .leftJoin(federationPosts, eq(federationPosts.postId, quoteAuthorizations.quotingPostId))
    .where(and(eq(quoteAuthorizations.id, id), isNull(quoteAuthorizations.revokedAt)));
  if (!row || !(await isPublishedLocal(db, row.authorId)) || !(await isOpenPost(db, row.quotedPostId))) {
    return null;
  }
  const quoting =
    row.quotingIri ??
    row.mirroredIri ??
    (row.quotingPostId ? ctx.getObjectUri(Note, { id: row.quotingPostId }).href : null);
  if (!quoting) return null;
  return new QuoteAuthorization({
    id: quoteAuthorizationUri(ctx, id),
    attribution: ctx.getActorUri(row.authorId),
    interactingObject: new URL(quoting),
    interactionTarget: ctx.getObjectUri(Note, { id: row.quotedPostId }),
  });
}
