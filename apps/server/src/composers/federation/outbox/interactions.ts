/**
 * A member's like or comment on a remote account's post, share of any public post, or block of a
 * remote account, to that account's server (a share also to the member's remote followers): the
 * `federation_like`, `federation_share`, `federation_comment` and `federation_block` jobs that
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
  federateShareJob,
} from '../../../core/federation-jobs.ts';
import { comments, federationPosts, posts } from '../../../db/schema.ts';
import { defineTask } from '../../../jobs/task.ts';
import { isPublishedLocal, remoteActorOf } from '../accounts.ts';
import { escapeHtml } from '../objects/html.ts';
import { recipientOf, remoteFollowersOf } from './recipients.ts';

/** One share per member and post: the Undo names the same id. */
export const shareIdOf = (ctx: Context<CoreDeps>, userId: string, postId: string) =>
  new URL(`#shares/${postId}`, ctx.getActorUri(userId));

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

/**
 * A member's share of a post, theirs or anyone's: Announce (or Undo of it, embedded) to their
 * followers on other servers and to the post's author when remote, as Mastodon sends a reblog
 * (to Public, cc the author and the sharer's followers). The post is named by its id: ours, or
 * the remote one's id there.
 */
export const federateShareTask = defineTask<{ postId: string; userId: string; shared: boolean }, CoreDeps>({
  ...federateShareJob,
  async run({ postId, userId, shared }, deps) {
    if (deps.env.FEDERATION === 'off' || !(await isPublishedLocal(deps.db, userId))) return;
    const [post] = await deps.db.select({ authorId: posts.authorId }).from(posts).where(eq(posts.id, postId));
    if (!post) return;
    const [{ Announce, Note, PUBLIC_COLLECTION, Undo }, { federationContext }] = await Promise.all([
      import('@fedify/vocab'),
      import('../context.ts'),
    ]);
    const ctx = federationContext(deps);
    const remote = await remoteTarget(deps, postId, post.authorId);
    const noteIri = remote?.noteIri ?? ctx.getObjectUri(Note, { id: postId });
    const authorIri = remote ? new URL(remote.actor.iri) : ctx.getActorUri(post.authorId);
    const recipients = await remoteFollowersOf(deps.db, userId);
    if (remote) recipients.push(recipientOf(remote.actor));
    if (recipients.length === 0) return;
    const me = ctx.getActorUri(userId);
    const announce = new Announce({
      id: shareIdOf(ctx, userId, postId),
      actor: me,
      object: noteIri,
      to: PUBLIC_COLLECTION,
      ccs: [authorIri, ctx.getFollowersUri(userId)],
    });
    const activity = shared
      ? announce
      : new Undo({ id: new URL(`#undo/${crypto.randomUUID()}`, me), actor: me, object: announce });
    await ctx.sendActivity({ identifier: userId }, recipients, activity, { preferSharedInbox: true });
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
