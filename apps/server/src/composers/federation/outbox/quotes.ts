/**
 * The two steps of a quote's consent that start here (FEP-044f, as Mastodon 4.5 sends them), the
 * `federation_quote` job its row queues (core/federation-jobs.ts):
 * - `request`: a member quoted a remote account's post: QuoteRequest to that account, `object` the
 *   quoted Note, `instrument` the quoting Note embedded (a followers-only quote could not be
 *   fetched by the quoted author's server), its id `<member's actor id>#quote_requests/<post id>`
 *   so that the Accept or Reject names the post it answers (inbox/quotes.ts);
 * - `revoke`: a member withdrew their authorization of a remote post's quote: Delete of the
 *   QuoteAuthorization to the quoting account, and to the member's followers' servers, which may
 *   hold the quote too.
 * Fedify loads with the first job, not with the runner's task list (posts.ts).
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import type { CoreDeps } from '../../../core/deps.ts';
import { federateQuoteJob, type QuoteFederationPayload } from '../../../core/federation-jobs.ts';
import { federationPosts, postQuotes, posts, quoteAuthorizations } from '../../../db/schema.ts';
import { defineTask } from '../../../jobs/task.ts';
import { isPublishedLocal, remoteActorOf } from '../accounts.ts';
import { quoteRequestFragment } from '../objects/quote-request-id.ts';
import { recipientOf, remoteFollowersOf } from './recipients.ts';

export const federateQuoteTask = defineTask<QuoteFederationPayload, CoreDeps>({
  ...federateQuoteJob,
  async run(payload, deps) {
    if (deps.env.FEDERATION === 'off') return;
    if (payload.kind === 'request') await sendRequest(deps, payload.id);
    else await sendRevocation(deps, payload.id);
  },
});

async function sendRequest(deps: CoreDeps, postId: string) {
  const { db } = deps;
  const [row] = await db
    .select({
      authorId: posts.authorId,
      quotedIri: federationPosts.iri,
      quotedPostId: federationPosts.postId,
    })
    .from(postQuotes)
    .innerJoin(posts, eq(posts.id, postQuotes.postId))
    .innerJoin(federationPosts, eq(federationPosts.postId, postQuotes.quotedPostId))
    .where(and(eq(postQuotes.postId, postId), eq(postQuotes.state, 'pending')));
  // Answered, deleted or revoked before this ran: nothing to ask.
  if (!row || !(await isPublishedLocal(db, row.authorId))) return;
  const [quoted] = await db
    .select({ authorId: posts.authorId })
    .from(posts)
    .where(eq(posts.id, row.quotedPostId));
  const actor = quoted ? await remoteActorOf(db, quoted.authorId) : null;
  if (!actor) return;
  const [{ QuoteRequest }, { federationContext }, { noteOf }] = await Promise.all([
    import('@fedify/vocab'),
    import('../context.ts'),
    import('../objects/note.ts'),
  ]);
  const ctx = federationContext(deps);
  const me = ctx.getActorUri(row.authorId);
  const note = await noteOf(ctx, postId);
  if (!note) return;
  await ctx.sendActivity(
    { identifier: row.authorId },
    recipientOf(actor),
    new QuoteRequest({
      id: new URL(`#${quoteRequestFragment}${postId}`, me),
      actor: me,
      object: new URL(row.quotedIri),
      instrument: note,
    }),
  );
}

async function sendRevocation(deps: CoreDeps, authorizationId: string) {
  const { db } = deps;
  const [row] = await db
    .select({ authorId: posts.authorId, quoterId: quoteAuthorizations.quoterId })
    .from(quoteAuthorizations)
    .innerJoin(posts, eq(posts.id, quoteAuthorizations.quotedPostId))
    .where(and(eq(quoteAuthorizations.id, authorizationId), isNotNull(quoteAuthorizations.revokedAt)));
  if (!row || !(await isPublishedLocal(db, row.authorId))) return;
  const actor = await remoteActorOf(db, row.quoterId);
  if (!actor) return;
  const [{ Delete }, { federationContext }, { quoteAuthorizationUri }] = await Promise.all([
    import('@fedify/vocab'),
    import('../context.ts'),
    import('../objects/quote-authorization.ts'),
  ]);
  const ctx = federationContext(deps);
  const me = ctx.getActorUri(row.authorId);
  const recipients = await remoteFollowersOf(db, row.authorId);
  recipients.push(recipientOf(actor));
  await ctx.sendActivity(
    { identifier: row.authorId },
    recipients,
    new Delete({
      id: new URL(`#quote_authorizations/${authorizationId}/delete`, me),
      actor: me,
      object: quoteAuthorizationUri(ctx, authorizationId),
      to: new URL(actor.iri),
    }),
    { preferSharedInbox: true },
  );
}
