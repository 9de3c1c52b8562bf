/**
 * A member's like or comment on a remote account's post, or block of a remote account, to that
 * account's server: the `federation_like`, `federation_comment` and `federation_block` jobs that
 * the like, comment or block row queues in its own statement (core/federation-jobs.ts). Like / Undo(Like) (the Like embedded, as Mastodon
 * matches it by actor and object), and a comment as a reply Note (`inReplyTo` the post's id there)
 * or, deleted, a Delete with a Tombstone.
 *
 * Ids: a Like is `<member's actor id>#likes/<post id>` (one like per member and post, so the Undo
 * names the same id), a comment `<member's actor id>#comments/<comment id>` (as Follows are
 * `#follows/<uuid>`: Fedify has one Note dispatcher, posts'), a Block `#blocks/<account's id here>`.
 * A Block goes only to the blocked account (Mastodon sends it there alone too), Undo(Block) with it
 * embedded.
 *
 * Fedify loads with the first job, not with the runner's task list (posts.ts).
 */
import type { Context } from '@fedify/fedify';
import { eq } from 'drizzle-orm';
import type { CoreDeps } from '../../../core/deps.ts';
import {
  type CommentFederationPayload,
  federateBlockJob,
  federateCommentJob,
  federateLikeJob,
} from '../../../core/federation-jobs.ts';
import { comments, federationPosts, posts } from '../../../db/schema.ts';
import { defineTask } from '../../../jobs/task.ts';
import { isPublishedLocal, remoteActorOf } from '../accounts.ts';
import { escapeHtml } from '../objects/html.ts';
import { recipientOf } from './recipients.ts';

export const likeIdOf = (ctx: Context<CoreDeps>, userId: string, postId: string) =>
  new URL(`#likes/${postId}`, ctx.getActorUri(userId));
export const commentIdOf = (ctx: Context<CoreDeps>, userId: string, commentId: string) =>
  new URL(`#comments/${commentId}`, ctx.getActorUri(userId));

/** The remote post's id there and its author's inbox, or null when either is gone. */
async function remoteTarget(deps: CoreDeps, postId: string, postAuthorId: string) {
  const [post] = await deps.db
    .select({ iri: federationPosts.iri })
    .from(federationPosts)
    .where(eq(federationPosts.postId, postId));
  const actor = await remoteActorOf(deps.db, postAuthorId);
  return post && actor ? { noteIri: new URL(post.iri), actor } : null;
}

export const federateLikeTask = defineTask<{ postId: string; userId: string; liked: boolean }, CoreDeps>({
  ...federateLikeJob,
  async run({ postId, userId, liked }, deps) {
    if (deps.env.FEDERATION === 'off' || !(await isPublishedLocal(deps.db, userId))) return;
    const [post] = await deps.db.select({ authorId: posts.authorId }).from(posts).where(eq(posts.id, postId));
    const target = post ? await remoteTarget(deps, postId, post.authorId) : null;
    if (!target) return;
    const [{ Like, Undo }, { federationContext }] = await Promise.all([
      import('@fedify/vocab'),
      import('../context.ts'),
    ]);
    const ctx = federationContext(deps);
    const me = ctx.getActorUri(userId);
    const like = new Like({ id: likeIdOf(ctx, userId, postId), actor: me, object: target.noteIri });
    const activity = liked
      ? like
      : new Undo({ id: new URL(`#undo/${crypto.randomUUID()}`, me), actor: me, object: like });
    await ctx.sendActivity({ identifier: userId }, recipientOf(target.actor), activity);
  },
});

export const federateCommentTask = defineTask<CommentFederationPayload, CoreDeps>({
  ...federateCommentJob,
  async run({ commentId, postId, authorId, postAuthorId, kind }, deps) {
    if (deps.env.FEDERATION === 'off' || !(await isPublishedLocal(deps.db, authorId))) return;
    const target = await remoteTarget(deps, postId, postAuthorId);
    if (!target) return;
    const [vocab, { Temporal }, { federationContext }] = await Promise.all([
      import('@fedify/vocab'),
      import('@js-temporal/polyfill'),
      import('../context.ts'),
    ]);
    const { Create, Delete, Note, PUBLIC_COLLECTION, Tombstone } = vocab;
    const ctx = federationContext(deps);
    const me = ctx.getActorUri(authorId);
    const id = commentIdOf(ctx, authorId, commentId);
    const to = [PUBLIC_COLLECTION, new URL(target.actor.iri)];
    const sender = { identifier: authorId };
    const recipient = recipientOf(target.actor);
    if (kind === 'delete') {
      await ctx.sendActivity(
        sender,
        recipient,
        new Delete({
          id: new URL(`#delete/${crypto.randomUUID()}`, id),
          actor: me,
          object: new Tombstone({ id }),
          tos: to,
        }),
      );
      return;
    }
    const [comment] = await deps.db.select().from(comments).where(eq(comments.id, commentId));
    // Written and deleted before this ran: the delete's own job says so.
    if (!comment) return;
    const published = Temporal.Instant.from(comment.createdAt.toISOString());
    const note = new Note({
      id,
      attribution: me,
      tos: to,
      cc: ctx.getFollowersUri(authorId),
      replyTarget: target.noteIri,
      content: comment.body
        .split(/\n{2,}/)
        .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
        .join(''),
      published,
    });
    await ctx.sendActivity(
      sender,
      recipient,
      new Create({
        id: new URL(`#comments/${commentId}/create`, me),
        actor: me,
        object: note,
        tos: to,
        published,
      }),
    );
  },
});

export const federateBlockTask = defineTask<
  { blockerId: string; blockedId: string; blocked: boolean },
  CoreDeps
>({
  ...federateBlockJob,
  async run({ blockerId, blockedId, blocked }, deps) {
    if (deps.env.FEDERATION === 'off' || !(await isPublishedLocal(deps.db, blockerId))) return;
    const actor = await remoteActorOf(deps.db, blockedId);
    if (!actor) return;
    const [{ Block, Undo }, { federationContext }] = await Promise.all([
      import('@fedify/vocab'),
      import('../context.ts'),
    ]);
    const ctx = federationContext(deps);
    const me = ctx.getActorUri(blockerId);
    const block = new Block({
      id: new URL(`#blocks/${blockedId}`, me),
      actor: me,
      object: new URL(actor.iri),
    });
    const activity = blocked
      ? block
      : new Undo({ id: new URL(`#undo/${crypto.randomUUID()}`, me), actor: me, object: block });
    await ctx.sendActivity({ identifier: blockerId }, recipientOf(actor), activity);
  },
});
