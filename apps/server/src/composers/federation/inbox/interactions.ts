/**
 * What other servers' accounts do to our posts: Like and Undo(Like) move the like count and the
 * author's notice through the same statement as a member's like (posts/queries.ts, counters in
 * core/counters.ts); Announce and Undo(Announce) share and unshare as a member does (posts/shares.ts);
 * a public reply Note becomes a comment (the comment's statement: count and the author's notice), kept in
 * `federation_comments` for its Delete; Mention tags naming a member tell them. Blocks and mutes
 * hold as for a member: the like and comment statements see only posts the sender may see, and a
 * notice is written only when the recipient may see the sender (core/notify.ts).
 */
import type { InboxContext } from '@fedify/fedify';
import { type Activity, Announce, isActor, Like, Mention, Note, Page, type Undo } from '@fedify/vocab';
import { limits } from '@glimpse/shared';
import { and, eq } from 'drizzle-orm';
import { remoteActor } from '../../../core/actor.ts';
import type { CoreDeps } from '../../../core/deps.ts';
import { notify } from '../../../core/notify.ts';
import { withTransaction } from '../../../core/service.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { comments, federationComments, federationPosts, follows } from '../../../db/schema.ts';
import { addCommentIn } from '../../../features/posts/queries.ts';
import { deleteComment, setLike } from '../../../features/posts/service.ts';
import { setShare } from '../../../features/posts/shares.ts';
import { AppError } from '../../../lib/errors.ts';
import { isPublishedLocal, isPublishedLocalPost } from '../accounts.ts';
import { isDomainBlocked } from '../admin/domain-blocks.ts';
import { knownActorId, upsertRemoteActor } from '../mirror/remote-actors.ts';
import { storeRemoteNote } from '../mirror/remote-posts.ts';
import { audienceOfNote } from '../objects/audience.ts';
import { htmlToText, storableText } from '../objects/html.ts';
import { type Found, type InboxHandler, senderStandingWithPost } from './receive.ts';

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
export async function postIdOf(ctx: InboxContext<CoreDeps>, iri: URL | null): Promise<string | null> {
  if (!iri) return null;
  const localId = localPostIdOf(ctx, iri);
  if (localId === undefined) return storedPostIdOf(ctx, iri);
  return localId && (await isPublishedLocalPost(ctx.data.db, localId)) ? localId : null;
}

/**
 * The post a Like or an Announce (or its Undo) names: null when it is none to act on. For a post of
 * ours, the sender's standing is asked in the same statement (receive.ts `senderStandingWithPost`).
 */
async function namedPost(
  ctx: InboxContext<CoreDeps>,
  activity: Activity,
  iri: URL | null,
): Promise<Found<string> | null> {
  if (!iri || !activity.actorId) return null;
  const localId = localPostIdOf(ctx, iri);
  if (localId === null) return null;
  if (localId === undefined) {
    const postId = await storedPostIdOf(ctx, iri);
    return postId ? { about: postId } : null;
  }
  const { postPublished, ...standing } = await senderStandingWithPost(ctx.data.db, activity.actorId, localId);
  return postPublished ? { about: localId, standing } : null;
}

/** The Like or Announce an Undo takes back, when it is the sender's own, and the post it names. */
async function undonePost(
  ctx: InboxContext<CoreDeps>,
  undo: Undo,
  type: typeof Like | typeof Announce,
): Promise<Found<string> | null> {
  const object = await undo.getObject();
  if (!(object instanceof type) || object.actorId?.href !== undo.actorId?.href) return null;
  return namedPost(ctx, undo, object.objectId);
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

export const onPostLike: InboxHandler<Like, string, 'anyone'> = {
  sender: 'anyone',
  find: (ctx, like) => namedPost(ctx, like, like.objectId),
  handle: (ctx, _like, sender, postId) => likeAs(ctx, sender.id, postId, true),
};

/** Undo of a Like, embedded (as Mastodon and Pixelfed send it) and the sender's own. */
export const onUndoPostLike: InboxHandler<Undo, string, 'known'> = {
  sender: 'known',
  find: (ctx, undo) => undonePost(ctx, undo, Like),
  handle: (ctx, _undo, sender, postId) => likeAs(ctx, sender.id, postId, false),
};

/**
 * A share (Announce) by another server's account, or its Undo: the same statement as a member's
 * Share (posts/shares.ts): the row, the count and the author's "shared your post" notice, and the
 * post in the home feed of the sender's followers here. A post the sender may not share (not
 * public, or hidden from them by a block) changes nothing, as the API answers 403 or 404.
 */
async function shareAs(ctx: InboxContext<CoreDeps>, sharerId: string, postId: string, shared: boolean) {
  const { db, live } = ctx.data;
  try {
    await setShare({ ctx: { db, live, actor: remoteActor(sharerId) }, input: { postId, shared } });
  } catch (error) {
    if (!(error instanceof AppError && (error.kind === 'NotFound' || error.kind === 'Forbidden')))
      throw error;
  }
}

/**
 * A remote post never seen here, shared by an account someone here follows: fetched (as every
 * document Fedify reads here, through the outbound gate), with its author, and stored as a post
 * from the past, so that the share brings it into the sharer's followers' feeds, as a reply's
 * parent would be. Only a public post that is its author's own (same server), from a domain that
 * is not blocked; for a sharer nobody here follows nothing is fetched (we are no relay).
 */
async function fetchedSharedPost(
  ctx: InboxContext<CoreDeps>,
  announce: Announce,
): Promise<Found<string> | null> {
  const iri = announce.objectId;
  if (!iri || !announce.actorId || localPostIdOf(ctx, iri) !== undefined) return null;
  const { db } = ctx.data;
  const sharerId = await knownActorId(db, announce.actorId.href);
  if (!sharerId) return null;
  const [followed] = await db
    .select({ id: follows.followerId })
    .from(follows)
    .where(eq(follows.followeeId, sharerId))
    .limit(1);
  if (!followed || (await isDomainBlocked(db, iri.host))) return null;
  const post = await announce.getObject({ suppressError: true }).catch(() => null);
  if (!(post instanceof Note || post instanceof Page) || !post.id || post.id.href !== iri.href) return null;
  if (post.attributionId?.origin !== post.id.origin || audienceOfNote(post, null) !== 'public') return null;
  const author = await post.getAttribution({ suppressError: true }).catch(() => null);
  if (!isActor(author) || author.id?.href !== post.attributionId.href) return null;
  const authorId = await upsertRemoteActor(ctx.data, author);
  const postId = await storeRemoteNote(ctx.data, authorId, post, { backfill: true });
  return postId ? { about: postId } : null;
}

export const onAnnounce: InboxHandler<Announce, string, 'anyone'> = {
  sender: 'anyone',
  find: async (ctx, announce) =>
    (await namedPost(ctx, announce, announce.objectId)) ?? (await fetchedSharedPost(ctx, announce)),
  handle: (ctx, _announce, sender, postId) => shareAs(ctx, sender.id, postId, true),
};

/** Undo of an Announce, embedded and the sender's own: the share is taken back. */
export const onUndoAnnounce: InboxHandler<Undo, string, 'known'> = {
  sender: 'known',
  find: (ctx, undo) => undonePost(ctx, undo, Announce),
  handle: (ctx, _undo, sender, postId) => shareAs(ctx, sender.id, postId, false),
};

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
 * A reply to post `postId` (create.ts found both) as a comment by `authorId`, its text from the
 * HTML. The same reply twice (a retry, two inboxes) is one comment.
 */
export async function storeReply(
  ctx: InboxContext<CoreDeps>,
  note: Note,
  postId: string,
  authorId: string,
): Promise<void> {
  const { db, live } = ctx.data;
  const [known] = await db
    .select({ id: federationComments.commentId })
    .from(federationComments)
    .where(eq(federationComments.iri, note.id!.href));
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
