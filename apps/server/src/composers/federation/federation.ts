/**
 * The table: what other servers may fetch here and which handler takes each activity they send.
 * Fedify's dispatchers and listeners are the only ways in; context.ts builds the `Federation` they
 * are registered on.
 * - dispatchers: the actor at the profile page's URL (/userpublicfeed/{uid}) and the instance actor
 *   beside them (objects/instance-actor.ts), a post's Note at /postdetail/{id}, an event at
 *   /eventdetail/{id}, collections (objects/collections.ts), NodeInfo;
 * - inbox listeners: one handler per activity type (inbox/<activity>.ts), each received once
 *   (inbox/receive.ts: its signer, then its sender by the handler's rule); an activity that can be
 *   about several kinds of thing is routed here by its object's kind, so no handler asks another
 *   whether it took it.
 */
import type { Context, Federation } from '@fedify/fedify';
import {
  Accept,
  Announce,
  Block,
  Create,
  Delete,
  Event,
  Flag,
  Follow,
  isActor,
  Join,
  Leave,
  Like,
  Move,
  Note,
  QuoteAuthorization,
  QuoteRequest,
  Reject,
  TentativeAccept,
  Undo,
  Update,
} from '@fedify/vocab';
import type { CoreDeps } from '../../core/deps.ts';
import { putBackBuiltins } from '../../lib/native-json.ts';
import { isPublishedLocal, localUserIdByUsername } from './accounts.ts';
import { onFollowAccepted, onFollowRejected } from './inbox/accept.ts';
import { onBlock, onUndoBlock } from './inbox/block.ts';
import { onNote, onReply } from './inbox/create.ts';
import { onActorDelete, onNoteDelete } from './inbox/delete.ts';
import { onEventCreate, onEventDelete, onEventUpdate } from './inbox/event.ts';
import { onEventLike, onUndoEventLike } from './inbox/event-like.ts';
import { onFlag } from './inbox/flag.ts';
import { onFollow, onUndoFollow } from './inbox/follow.ts';
import { onAnnounce, onPostLike, onUndoAnnounce, onUndoPostLike } from './inbox/interactions.ts';
import { onJoin, onLeave, onUndoJoin } from './inbox/join.ts';
import { onJoinAccepted, onJoinRejected, onJoinWaitlisted, ourJoinOf } from './inbox/join-answer.ts';
import { onMove } from './inbox/move.ts';
import {
  isQuoteAuthorization,
  onQuoteAccepted,
  onQuoteAuthorizationDelete,
  onQuoteRejected,
  onQuoteRequest,
  ourQuoteRequestOf,
} from './inbox/quotes.ts';
import { byKind, receive } from './inbox/receive.ts';
import { onActorUpdate, onNoteUpdate } from './inbox/update.ts';
import { eventIdOfRemote } from './mirror/remote-events.ts';
import { isOpenEvent, isOpenPost, signedByFollowersServer } from './objects/audience.ts';
import { registerCollections } from './objects/collections.ts';
import { eventOf } from './objects/event.ts';
import { instanceActorIdentifier, instanceActorOf, instanceActorUsername } from './objects/instance-actor.ts';
import { nodeInfoOf } from './objects/nodeinfo.ts';
import { noteOf } from './objects/note.ts';
import { personOf } from './objects/person.ts';
import { quoteAuthorizationOf, quoteAuthorizationPath } from './objects/quote-authorization.ts';
import { farewellKeyPairsOf, instanceKeyPairsOf, keyPairsOf } from './transport/keys.ts';

// Fedify has loaded with this module: put back what it replaced (lib/native-json.ts).
putBackBuiltins();

export type GlimpseFederation = Federation<CoreDeps>;

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One of our events by its URL (a Like of it is Interested), else anything else (a post). */
const isEventUrl = (ctx: Context<CoreDeps>, iri: URL) => {
  const parsed = ctx.parseUri(iri);
  return parsed?.type === 'object' && parsed.class === Event;
};

/** What a Like likes: one of our events (Interested) or a post (ours, or a remote one kept here). */
const likedKind = (ctx: Context<CoreDeps>, like: Like): 'event' | 'post' =>
  like.objectId && isEventUrl(ctx, like.objectId) ? 'event' : 'post';

/** What an Undo takes back: the object it embeds (as Mastodon, Pixelfed and Mobilizon send it). */
async function undoneKind(
  ctx: Context<CoreDeps>,
  undo: Undo,
): Promise<'postLike' | 'eventLike' | 'announce' | 'follow' | 'block' | 'join' | null> {
  const object = await undo.getObject();
  if (object instanceof Like) return likedKind(ctx, object) === 'event' ? 'eventLike' : 'postLike';
  if (object instanceof Announce) return 'announce';
  if (object instanceof Follow) return 'follow';
  if (object instanceof Block) return 'block';
  if (object instanceof Join) return 'join';
  return null;
}

/**
 * What an answer answers: one of our QuoteRequests or Joins (their ids name them:
 * inbox/quotes.ts, inbox/join-answer.ts), or a Follow.
 */
const answeredKind = (ctx: Context<CoreDeps>, answer: Accept | Reject): 'quote' | 'join' | 'follow' =>
  ourQuoteRequestOf(ctx, answer.objectId) ? 'quote' : ourJoinOf(ctx, answer.objectId) ? 'join' : 'follow';

/** What a Create brings: an Event, a Note replying to something (a comment), or a Note (a post). */
async function createdKind(
  _ctx: Context<CoreDeps>,
  create: Create,
): Promise<'event' | 'reply' | 'note' | null> {
  const object = await create.getObject();
  if (object instanceof Event) return 'event';
  if (object instanceof Note) return object.replyTargetId ? 'reply' : 'note';
  return null;
}

/** What an Update changes: an Event, a Note, or an actor (the sender's own profile). */
async function updatedKind(
  _ctx: Context<CoreDeps>,
  update: Update,
): Promise<'event' | 'note' | 'actor' | null> {
  const object = await update.getObject();
  if (object instanceof Event) return 'event';
  if (object instanceof Note) return 'note';
  return object && isActor(object) ? 'actor' : null;
}

/**
 * What a Delete removes, by the id it names: the sender's own account, an event kept here, a quote
 * authorization a quote here holds (its revocation), else a Note.
 */
async function deletedKind(
  ctx: Context<CoreDeps>,
  deletion: Delete,
): Promise<'actor' | 'event' | 'quoteAuthorization' | 'note' | null> {
  if (!deletion.objectId) return null;
  if (deletion.objectId.href === deletion.actorId?.href) return 'actor';
  if (await eventIdOfRemote(ctx.data, deletion.objectId.href)) return 'event';
  return (await isQuoteAuthorization(ctx, deletion.objectId)) ? 'quoteAuthorization' : 'note';
}

export function registerTable(federation: GlimpseFederation): void {
  federation
    .setActorDispatcher('/userpublicfeed/{identifier}', (ctx, userId) =>
      userId === instanceActorIdentifier ? instanceActorOf(ctx) : personOf(ctx, userId),
    )
    .setKeyPairsDispatcher(async (ctx, userId) => {
      if (userId === instanceActorIdentifier) return instanceKeyPairsOf(ctx.data.db);
      return (await isPublishedLocal(ctx.data.db, userId))
        ? keyPairsOf(ctx.data.db, userId)
        : farewellKeyPairsOf(ctx.data.db, userId);
    })
    .mapHandle((ctx, username) =>
      username.toLowerCase() === instanceActorUsername(ctx)
        ? instanceActorIdentifier
        : localUserIdByUsername(ctx.data.db, username),
    );

  // A followers-only post is a 404 unless a follower's server signed the fetch (objects/audience.ts).
  federation.setObjectDispatcher(Note, '/postdetail/{id}', async (ctx, { id }) => {
    if (!uuid.test(id)) return null;
    const note = await noteOf(ctx, id);
    if (!note || (await isOpenPost(ctx.data.db, id))) return note;
    const authorId = note.attributionId ? ctx.parseUri(note.attributionId) : null;
    return authorId?.type === 'actor' && (await signedByFollowersServer(ctx, authorId.identifier))
      ? note
      : null;
  });
  federation.setObjectDispatcher(Event, '/eventdetail/{id}', async (ctx, { id }) => {
    if (!uuid.test(id)) return null;
    const event = await eventOf(ctx, id);
    if (!event || (await isOpenEvent(ctx.data.db, id))) return event;
    const hostId = event.attributionId ? ctx.parseUri(event.attributionId) : null;
    return hostId?.type === 'actor' && (await signedByFollowersServer(ctx, hostId.identifier)) ? event : null;
  });

  federation.setObjectDispatcher(QuoteAuthorization, quoteAuthorizationPath, (ctx, { id }) =>
    uuid.test(id) ? quoteAuthorizationOf(ctx, id) : null,
  );

  registerCollections(federation);

  federation.setNodeInfoDispatcher('/nodeinfo/2.1', (ctx) => nodeInfoOf(ctx.data.db, ctx.data.env));

  federation
    .setInboxListeners('/ap/users/{identifier}/inbox', '/ap/inbox')
    .on(Follow, receive(onFollow))
    .on(
      Accept,
      receive(
        byKind(answeredKind, { follow: onFollowAccepted, join: onJoinAccepted, quote: onQuoteAccepted }),
      ),
    )
    .on(TentativeAccept, receive(onJoinWaitlisted))
    .on(
      Reject,
      receive(
        byKind(answeredKind, { follow: onFollowRejected, join: onJoinRejected, quote: onQuoteRejected }),
      ),
    )
    .on(QuoteRequest, receive(onQuoteRequest))
    .on(Create, receive(byKind(createdKind, { note: onNote, reply: onReply, event: onEventCreate })))
    .on(
      Update,
      receive(byKind(updatedKind, { note: onNoteUpdate, actor: onActorUpdate, event: onEventUpdate })),
    )
    .on(
      Delete,
      receive(
        byKind(deletedKind, {
          note: onNoteDelete,
          actor: onActorDelete,
          event: onEventDelete,
          quoteAuthorization: onQuoteAuthorizationDelete,
        }),
      ),
    )
    .on(Join, receive(onJoin))
    .on(Leave, receive(onLeave))
    .on(Like, receive(byKind(likedKind, { post: onPostLike, event: onEventLike })))
    .on(Announce, receive(onAnnounce))
    .on(Block, receive(onBlock))
    .on(Flag, receive(onFlag))
    .on(Move, receive(onMove))
    .on(
      Undo,
      receive(
        byKind(undoneKind, {
          follow: onUndoFollow,
          postLike: onUndoPostLike,
          eventLike: onUndoEventLike,
          announce: onUndoAnnounce,
          block: onUndoBlock,
          join: onUndoJoin,
        }),
      ),
    )
    .onError((ctx, error) => ctx.data.logger.warn({ err: error }, 'inbox activity failed'));
}
