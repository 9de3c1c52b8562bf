/**
 * A remote Note that quotes (FEP-044f `quote`, or the `quoteUrl` / `_misskey_quote` / `quoteUri`
 * others send, which Fedify reads as one), kept as the post's quote with a consent checked here:
 * - a quote of the author's own post needs no authorization (as on Mastodon);
 * - of one of our posts: our own record (`quote_authorizations`, written when we accepted its
 *   QuoteRequest); none yet is `pending`, and the Accept we send later turns it `accepted`;
 * - of another remote post: its `quoteAuthorization`, fetched through the federation's loader
 *   (the outbound gate), must be a QuoteAuthorization from the quoted author's server, attributed
 *   to that author, naming this Note and the quoted Note; a forged or mismatched one is `rejected`,
 *   none (or one that cannot be fetched now) is `pending`. Only `accepted` shows the card.
 * A quoted post not kept here is no quote here (nothing to show). The post's own `canQuote`
 * becomes its quote policy, so that members here know whether to ask.
 */
import type { InboxContext } from '@fedify/fedify';
import { type Note, PUBLIC_COLLECTION, QuoteAuthorization } from '@fedify/vocab';
import { and, eq, isNull } from 'drizzle-orm';
import type { CoreDeps } from '../../../core/deps.ts';
import { notify } from '../../../core/notify.ts';
import { contentVisibleTo } from '../../../core/visibility.ts';
import {
  federationActors,
  federationPosts,
  postQuotes,
  posts,
  quoteAuthorizations,
} from '../../../db/schema.ts';
import { postIdOf } from '../inbox/interactions.ts';
import { followersCollectionOf } from '../objects/audience.ts';

type QuoteState = 'pending' | 'accepted' | 'rejected';

/** The Note's `canQuote` as one of our policies: Public anyone, the followers collection followers, else nobody. */
export async function quotePolicyOfNote(
  db: CoreDeps['db'],
  authorId: string,
  note: Note,
): Promise<'anyone' | 'followers' | 'nobody'> {
  const rule = note.interactionPolicy?.canQuote;
  if (!rule) return 'nobody';
  const allowed = [...rule.automaticApprovals, ...rule.manualApprovals].map((iri) => iri.href);
  if (allowed.some((iri) => iri === PUBLIC_COLLECTION.href || iri === 'as:Public' || iri === 'Public')) {
    return 'anyone';
  }
  const followers = await followersCollectionOf(db, authorId);
  return followers && allowed.includes(followers) ? 'followers' : 'nobody';
}

async function remoteConsent(
  note: Note,
  quotedIri: string,
  quotedAuthorIri: string,
): Promise<{ state: QuoteState; authorizationIri?: string }> {
  const stampIri = note.quoteAuthorizationId;
  if (!stampIri) return { state: 'pending' };
  if (stampIri.origin !== new URL(quotedAuthorIri).origin) return { state: 'rejected' };
  const stamp = await note.getQuoteAuthorization({ suppressError: true }).catch(() => null);
  if (!stamp) return { state: 'pending' };
  const matches =
    stamp instanceof QuoteAuthorization &&
    stamp.id?.href === stampIri.href &&
    stamp.attributionId?.href === quotedAuthorIri &&
    stamp.interactingObjectId?.href === note.id?.href &&
    stamp.interactionTargetId?.href === quotedIri;
  return matches ? { state: 'accepted', authorizationIri: stampIri.href } : { state: 'rejected' };
}

/**
 * Writes the quote of the remote post `postId` (stored from `note`): on a new post, or on an
 * Update, where only a quote still waiting (or newly named) changes: a revocation stays.
 */
export async function syncRemoteQuote(
  ctx: InboxContext<CoreDeps>,
  postId: string,
  authorId: string,
  note: Note,
): Promise<void> {
  const { db } = ctx.data;
  await db
    .update(posts)
    .set({ quotePolicy: await quotePolicyOfNote(db, authorId, note) })
    .where(eq(posts.id, postId));
  const quotedIri = note.quoteId ?? note.quoteUrl;
  if (!quotedIri || !note.id) return;
  const quotedPostId = await postIdOf(ctx, quotedIri);
  if (!quotedPostId) return;
  const [quoted] = await db
    .select({ authorId: posts.authorId, remoteIri: federationPosts.iri, authorIri: federationActors.iri })
    .from(posts)
    .leftJoin(federationPosts, eq(federationPosts.postId, posts.id))
    .leftJoin(federationActors, eq(federationActors.userId, posts.authorId))
    .where(eq(posts.id, quotedPostId));
  if (!quoted) return;
  let consent: { state: QuoteState; authorizationIri?: string; authorizationId?: string };
  if (quoted.authorId === authorId) {
    consent = { state: 'accepted' };
  } else if (!quoted.remoteIri) {
    const [ours] = await db
      .select({ id: quoteAuthorizations.id })
      .from(quoteAuthorizations)
      .where(
        and(
          eq(quoteAuthorizations.quotingIri, note.id.href),
          eq(quoteAuthorizations.quotedPostId, quotedPostId),
          eq(quoteAuthorizations.quoterId, authorId),
          isNull(quoteAuthorizations.revokedAt),
        ),
      );
    consent = ours ? { state: 'accepted', authorizationId: ours.id } : { state: 'pending' };
  } else if (quoted.authorIri) {
    consent = await remoteConsent(note, quoted.remoteIri, quoted.authorIri);
  } else {
    return;
  }
  const [existing] = await db
    .select({ state: postQuotes.state, quotedPostId: postQuotes.quotedPostId })
    .from(postQuotes)
    .where(eq(postQuotes.postId, postId));
  if (existing && existing.quotedPostId === quotedPostId && existing.state !== 'pending') return;
  const values = {
    quotedPostId,
    state: consent.state,
    authorizationId: consent.authorizationId ?? null,
    authorizationIri: consent.authorizationIri ?? null,
  };
  await db
    .insert(postQuotes)
    .values({ postId, ...values })
    .onConflictDoUpdate({ target: postQuotes.postId, set: values });
  if (existing) ctx.data.live.publish({ kind: 'post_changed', postId });
  // The QuoteRequest usually overtakes the Note: our Accept found no copy to tell the member
  // about then, so the copy accepted by our record tells them now (once: it is no longer pending).
  if (consent.authorizationId && (await quotedAuthorTold(db, postId, quoted.authorId, authorId))) {
    ctx.data.live.publish({ kind: 'notification', recipientId: quoted.authorId });
  }
}

/** "quoted your post" to our member, when they may read the quoting post. */
async function quotedAuthorTold(db: CoreDeps['db'], postId: string, recipientId: string, actorId: string) {
  const [readable] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.id, postId), contentVisibleTo(posts.authorId, posts.audience, recipientId)));
  return Boolean(readable) && (await notify(db, { type: 'post_quote', recipientId, actorId, postId }));
}
