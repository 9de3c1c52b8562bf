/**
 * The one Fedify `Federation` of an app instance (Hollo's src/federation/federation.ts is the
 * model), built on first use for its dependencies and kept beside them:
 * - our KV store (kv.ts) and our job queue as its message queue (queue.ts), started by nobody:
 *   the job runner feeds it (jobs.ts), so NODE_TYPE=web processes only enqueue;
 * - every fetch through the outbound gate (loader.ts; deliveries in deliver.ts);
 * - ids from PUBLIC_URL (`origin`), never from the Host a request came with;
 * - dispatchers: the actor at the profile page's URL (/userpublicfeed/{uid}) and the instance
 *   actor beside them (instance-actor.ts), a post's Note at
 *   /postdetail/{id}, collections (collections.ts), NodeInfo; and one inbox handler per activity
 *   type (inbox/*.ts), Fedify's listeners being the only way in.
 */
import './node-shims.ts';
import './parsed-keys.ts';
import { createFederation, type Federation, type KeyCache } from '@fedify/fedify';
import {
  Accept,
  Announce,
  Block,
  Create,
  Delete,
  Event,
  Flag,
  Follow,
  Join,
  Leave,
  Like,
  Move,
  Note,
  Reject,
  TentativeAccept,
  Undo,
  Update,
} from '@fedify/vocab';
import type { DocumentLoader } from '@fedify/vocab-runtime';
import { appVersion } from '@glimpse/shared';
import type { CoreDeps } from '../../core/deps.ts';
import { isPublishedLocal, localUserIdByUsername } from './accounts.ts';
import { isOpenEvent, isOpenPost, signedByFollowersServer } from './audience.ts';
import { registerCollections } from './collections.ts';
import { onAccept, onReject } from './inbox/accept.ts';
import { onBlock } from './inbox/block.ts';
import { onCreate } from './inbox/create.ts';
import { onDelete } from './inbox/delete.ts';
import { onEventLike } from './inbox/event-like.ts';
import { onFlag } from './inbox/flag.ts';
import { onFollow } from './inbox/follow.ts';
import { onAnnounce, onLike } from './inbox/interactions.ts';
import { onJoin, onLeave } from './inbox/join.ts';
import { onJoinAnswer } from './inbox/join-answer.ts';
import { onMove } from './inbox/move.ts';
import { fromItsSigner } from './inbox/signer.ts';
import { onUndo } from './inbox/undo.ts';
import { onUpdate } from './inbox/update.ts';
import { instanceActorIdentifier, instanceActorOf, instanceActorUsername } from './instance-actor.ts';
import { ownedKeyCache, ownerConfirmingKv } from './key-owners.ts';
import { farewellKeyPairsOf, instanceKeyPairsOf, keyPairsOf } from './keys.ts';
import { kvStoreOf } from './kv.ts';
import { gateAuthenticatedLoader, gateDocumentLoader, knownContextLoader } from './loader.ts';
import { nodeInfoOf } from './nodeinfo.ts';
import { eventOf } from './objects/event.ts';
import { noteOf } from './objects/note.ts';
import { personOf } from './objects/person.ts';
import { ownedKeyPrefix } from './owned-key-entries.ts';
import { createJobMessageQueue } from './queue.ts';

/** How we introduce ourselves to other servers, as Mastodon does: software/version (+our address). */
export const userAgentOf = (deps: CoreDeps) => `Glimpse/${appVersion} (+${deps.env.publicUrl})`;

export type GlimpseFederation = Federation<CoreDeps>;

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What verifies an inbox request's signature: Fedify's loaders and its key cache (key-owners.ts). */
export interface InboxVerification {
  documentLoader: DocumentLoader;
  contextLoader: DocumentLoader;
  keyCache: KeyCache;
}

const instances = new WeakMap<CoreDeps, { federation: GlimpseFederation; verification: InboxVerification }>();

function instanceOf(deps: CoreDeps) {
  let instance = instances.get(deps);
  if (!instance) {
    instance = buildFederation(deps);
    instances.set(deps, instance);
  }
  return instance;
}

/** The federation of these dependencies (one per app instance; a test may run two). */
export const federationOf = (deps: CoreDeps): GlimpseFederation => instanceOf(deps).federation;

/** The same loaders and key cache as that federation's, for the inbox's door (door.ts). */
export const inboxVerificationOf = (deps: CoreDeps): InboxVerification => instanceOf(deps).verification;

/** A Context outside any request (a job, a service): URLs from PUBLIC_URL, data = the deps. */
export const federationContext = (deps: CoreDeps) =>
  federationOf(deps).createContext(new URL(deps.env.publicUrl), deps);

function buildFederation(deps: CoreDeps) {
  // Fedify takes no userAgent beside custom loaders: ours send it themselves (userAgentOf).
  const loader = gateDocumentLoader(deps.outbound, userAgentOf(deps));
  // Every key Fedify caches (and so every key it verifies with) is confirmed by its owner first.
  const kv = ownerConfirmingKv(kvStoreOf(deps.db), { db: deps.db, documentLoader: loader });
  const federation = createFederation<CoreDeps>({
    // The door (door.ts) has verified every inbox request's signature before Fedify sees it;
    // verifying again cost a millisecond of CPU per activity. The listeners check the actor.
    skipSignatureVerification: true,
    kv,
    kvPrefixes: { publicKey: ownedKeyPrefix },
    queue: createJobMessageQueue(deps.db),
    manuallyStartQueue: true,
    origin: deps.env.publicUrl,
    documentLoaderFactory: () => loader,
    contextLoaderFactory: () => knownContextLoader,
    authenticatedDocumentLoaderFactory: (identity) =>
      gateAuthenticatedLoader(deps.outbound, userAgentOf(deps), identity),
  });

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

  // A followers-only post is a 404 unless a follower's server signed the fetch (audience.ts).
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

  registerCollections(federation);

  federation.setNodeInfoDispatcher('/nodeinfo/2.1', (ctx) => nodeInfoOf(ctx.data.db, ctx.data.env));

  // Every listener acts only for the account that signed the activity (inbox/signer.ts).
  federation
    .setInboxListeners('/ap/users/{identifier}/inbox', '/ap/inbox')
    .on(Follow, fromItsSigner(onFollow))
    .on(Accept, fromItsSigner(onAccept))
    .on(Reject, fromItsSigner(onReject))
    .on(Undo, fromItsSigner(onUndo))
    .on(Create, fromItsSigner(onCreate))
    .on(Update, fromItsSigner(onUpdate))
    .on(Delete, fromItsSigner(onDelete))
    .on(Join, fromItsSigner(onJoin))
    .on(Leave, fromItsSigner(onLeave))
    .on(
      TentativeAccept,
      fromItsSigner(async (ctx, answer) => void (await onJoinAnswer(ctx, answer, 'waitlisted'))),
    )
    // A Like of one of our events is Interested (inbox/event-like.ts); of a post, a like.
    .on(
      Like,
      fromItsSigner(async (ctx, like) => {
        if (await onEventLike(ctx, like)) return;
        await onLike(ctx, like);
      }),
    )
    .on(Announce, fromItsSigner(onAnnounce))
    .on(Block, fromItsSigner(onBlock))
    .on(Flag, fromItsSigner(onFlag))
    .on(Move, fromItsSigner(onMove))
    .onError((ctx, error) => ctx.data.logger.warn({ err: error }, 'inbox activity failed'));

  return {
    federation,
    verification: { documentLoader: loader, contextLoader: knownContextLoader, keyCache: ownedKeyCache(kv) },
  };
}
