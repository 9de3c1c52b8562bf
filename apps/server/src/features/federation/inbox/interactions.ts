/**
 * What other servers' accounts do to our posts: Like and Undo(Like) move the like count and the
 * author's notice through the same statement as a member's like (posts/queries.ts, counters in
 * core/counters.ts); Announce of a post anyone may see tells the author "boosted" (Undo takes it
 * back); a public reply Note becomes a comment (the comment's statement: count and the author's notice), kept in
 * `federation_comments` for its Delete; Mention tags naming a member tell them. Blocks and mutes
 * hold as for a member: the like and comment statements see only posts the sender may see, and a
 * notice is written only when the recipient may see the sender (core/notify.ts).
 */
import type { InboxContext } from '@fedify/fedify';
import {
  type Activity,
  type Announce,
  type Create,
  type Like,
  Mention,
  Note,
  type Undo,
} from '@fedify/vocab';
import { limits } from '@glimpse/shared';
import { and, eq } from 'drizzle-orm';
import { remoteActor } from '../../../core/actor.ts';
import type { CoreDeps } from '../../../core/deps.ts';
import { notify, retract } from '../../../core/notify.ts';
import { withTransaction } from '../../../core/service.ts';
import { contentVisibleTo } from '../../../core/visibility.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { comments, federationComments, federationPosts, posts } from '../../../db/schema.ts';
import { AppError } from '../../../lib/errors.ts';
import { addCommentIn } from '../../posts/queries.ts';
import { deleteComment, setLike } from '../../posts/service.ts';
import { isPublishedLocal, isPublishedLocalPost } from '../accounts.ts';
import { audienceOfNote } from '../audience.ts';
import { htmlToText, storableText } from '../objects/html.ts';
import { senderStandingWithPost } from './guard.ts';
import { senderOf } from './sender.ts';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The id of the post of ours that `iri` names by its URL (a well-formed id, not yet looked up), null
 * for a URL of ours that names none, undefined for another server's URL.
 */
function localPostIdOf(ctx: InboxContext<CoreDeps>, iri: URL): string | null | undefined {
  const parsed = ctx.parseUri(iri);
  if (parsed?.type !== 'object' || parsed.class !== Note) return undefined;
  const id = parsed.values.id ?? '';
  return uuid.test(id) ? id : null;
}

/** A remote post stored here by its id. */
async function storedPostIdOf(ctx: InboxContext<CoreDeps>, iri: URL): Promise<string | null> {
  const [stored] = await ctx.data.db
    .select({ postId: federationPosts.postId })
    .from(federationPosts)
    .where(eq(federationPosts.iri, iri.href));
  return stored?.postId ?? null;
}

/** The post that `iri` names: one of ours by its URL, or a remote post stored here by its id. */
async function postIdOf(ctx: InboxContext<CoreDeps>, iri: URL | null): Promise<string | null> {
  if (!iri) return null;
  const localId = localPostIdOf(ctx, iri);
  if (localId === undefined) return storedPostIdOf(ctx, iri);
  return localId && (await isPublishedLocalPost(ctx.data.db, localId)) ? localId : null;
}

/**
 * The post a Like or an Announce (or its Undo) names, and its sender: nulls when either is not one
 * to act on. For a post of ours, one statement asks about both (guard.ts `senderStandingWithPost`).
 */
async function postAndSender(
  ctx: InboxContext<CoreDeps>,
  activity: Activity,
  iri: URL | null,
): Promise<{ postId: string | null; senderId: string | null }> {
  const none = { postId: null, senderId: null };
  if (!iri || !activity.actorId) return none;
  const localId = localPostIdOf(ctx, iri);
  if (localId === null) return none;
  if (localId === undefined) {
    const postId = await storedPostIdOf(ctx, iri);
    return postId ? { postId, senderId: await senderOf(ctx, activity) } : none;
  }
  const standing = await senderStandingWithPost(ctx.data.db, activity.actorId, localId);
  if (!standing.postPublished) return none;
  return { postId: localId, senderId: await senderOf(ctx, activity, standing) };
}

/** A like by someone the post is hidden from (a block) changes nothing, as the API answers 404. */
async function likeAs(ctx: InboxContext<CoreDeps>, viewerId: string, postId: string, liked: boolean) {
  const { db, live } = ctx.data;
  try {
    await setLike({ ctx: { db, live, actor: remoteActor(viewerId) }, input: { postId, liked } });
  } catch (error) {
    if (!(error instanceof AppError && error.kind === 'NotFound')) throw error;
  }
}

export async function onLike(ctx: InboxContext<CoreDeps>, like: Like): Promise<void> {
  const { postId, senderId } = await postAndSender(ctx, like, like.objectId);
  if (postId && senderId) await likeAs(ctx, senderId, postId, true);
}

const authorOf = async (ctx: InboxContext<CoreDeps>, postId: string) =>
  (await ctx.data.db.select({ authorId: posts.authorId }).from(posts).where(eq(posts.id, postId)))[0]
    ?.authorId;

/**
 * The author of a post the sender may boost: one anyone may see (Mastodon boosts public and
 * unlisted statuses only), and not hidden from the sender (a block), as a like needs.
 */
const authorOfBoostable = async (ctx: InboxContext<CoreDeps>, postId: string, senderId: string) =>
  (
    await ctx.data.db
      .select({ authorId: posts.authorId })
      .from(posts)
      .where(
        and(
          eq(posts.id, postId),
          contentVisibleTo(posts.authorId, posts.audience, senderId, { publicOnly: true }),
        ),
      )
  )[0]?.authorId;

export async function onAnnounce(ctx: InboxContext<CoreDeps>, announce: Announce): Promise<void> {
  const { postId, senderId } = await postAndSender(ctx, announce, announce.objectId);
  if (!postId || !senderId) return;
  const authorId = await authorOfBoostable(ctx, postId, senderId);
  if (!authorId) return;
  const told = await notify(ctx.data.db, {
    type: 'post_boost',
    recipientId: authorId,
    actorId: senderId,
    postId,
  });
  if (told) ctx.data.live.publish({ kind: 'notification', recipientId: authorId });
}

/** Undo of a Like or an Announce, embedded (as Mastodon and Pixelfed send it) and the sender's own. */
export async function onUndoInteraction(
  ctx: InboxContext<CoreDeps>,
  undo: Undo,
  object: Like | Announce,
  kind: 'like' | 'announce',
): Promise<void> {
  if (object.actorId?.href !== undo.actorId?.href) return;
  const { postId, senderId } = await postAndSender(ctx, undo, object.objectId);
  if (!postId || !senderId) return;
  if (kind === 'like') return likeAs(ctx, senderId, postId, false);
  const authorId = await authorOf(ctx, postId);
  if (authorId)
    await retract(ctx.data.db, { type: 'post_boost', recipientId: authorId, actorId: senderId, postId });
}

/** Members a Note's Mention tags name (by their actor id here), each told once. */
async function notifyMentions(
  ctx: InboxContext<CoreDeps>,
  note: Note,
  actorId: string,
  subject: { postId: string; commentId?: string },
  alreadyTold: string | null,
) {
  const told = new Set<string>(alreadyTold ? [alreadyTold] : []);
  for await (const tag of note.getTags()) {
    if (!(tag instanceof Mention) || !tag.href) continue;
    const parsed = ctx.parseUri(tag.href);
    if (parsed?.type !== 'actor' || told.has(parsed.identifier)) continue;
    if (!(await isPublishedLocal(ctx.data.db, parsed.identifier))) continue;
    told.add(parsed.identifier);
    if (await notify(ctx.data.db, { type: 'mention', recipientId: parsed.identifier, actorId, ...subject })) {
      ctx.data.live.publish({ kind: 'notification', recipientId: parsed.identifier });
    }
  }
}

/** A remote post just stored (create.ts): the members it mentions are told. */
export const notifyPostMentions = (
  ctx: InboxContext<CoreDeps>,
  note: Note,
  authorId: string,
  postId: string,
) => notifyMentions(ctx, note, authorId, { postId }, null);

/**
 * A reply Note to a post we have: a comment by the remote account (fetched and stored if it is new
 * here), its text from the HTML. The same reply twice (a retry, two inboxes) is one comment. A
 * comment is shown to everyone who sees the post, so only a reply anyone may read becomes one: a
 * direct or followers-only reply (Mastodon shows it to the people it names, or to its author's
 * followers) is not stored.
 */
export async function storeReply(ctx: InboxContext<CoreDeps>, create: Create, note: Note): Promise<void> {
  if (!note.id || audienceOfNote(note, null, create) !== 'public') return;
  const postId = await postIdOf(ctx, note.replyTargetId);
  if (!postId) return;
  const authorId = await senderOf(ctx, create);
  if (!authorId) return;
  const { db, live } = ctx.data;
  const [known] = await db
    .select({ id: federationComments.commentId })
    .from(federationComments)
    .where(eq(federationComments.iri, note.id.href));
  if (known) return;
  const body = storableText(htmlToText(note.content?.toString() ?? ''), limits.commentMax);
  if (!body) return;
  let added: { id: string; postAuthorId: string; notified: boolean } | undefined;
  try {
    added = await withTransaction(db, async (tx) => {
      const row = await addCommentIn(tx, { viewerId: authorId, postId, body });
      if (!row) return undefined;
      await tx.insert(federationComments).values({ commentId: row.id, iri: note.id!.href });
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'federation_comments_iri_uq')) return;
    throw error;
  }
  // Hidden from the sender (a block): no comment, as the API answers 404.
  if (!added) return;
  live.publish({ kind: 'post_changed', postId });
  if (added.notified) live.publish({ kind: 'notification', recipientId: added.postAuthorId });
  await notifyMentions(ctx, note, authorId, { postId, commentId: added.id }, added.postAuthorId);
}

/** Delete of a reply the sender wrote: its comment goes (the count with it). True when it was one. */
export async function deleteReply(
  ctx: InboxContext<CoreDeps>,
  authorId: string,
  iri: string,
): Promise<boolean> {
  const { db, live } = ctx.data;
  const [row] = await db
    .select({ commentId: federationComments.commentId })
    .from(federationComments)
    .innerJoin(comments, eq(comments.id, federationComments.commentId))
    .where(and(eq(federationComments.iri, iri), eq(comments.authorId, authorId)));
  if (!row) return false;
  try {
    await deleteComment({
      ctx: { db, live, actor: remoteActor(authorId) },
      input: { commentId: row.commentId },
    });
  } catch (error) {
    if (!(error instanceof AppError && error.kind === 'NotFound')) throw error;
  }
  return true;
}
