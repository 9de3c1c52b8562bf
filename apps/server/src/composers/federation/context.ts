/**
 * The one Fedify `Federation` of an app instance (Hollo's src/federation/federation.ts is the
 * model), built on first use for its dependencies and kept beside them, and the `Context` that
 * builds every URL we send or serve outside a request (Fedify's `getActorUri`, `getObjectUri`…:
 * ids from PUBLIC_URL, never from the Host a request came with, never concatenated). What sends
 * (outbox/), looks up (mirror/) or runs a job imports this module; the table of dispatchers and
 * listeners it registers is federation.ts.
 *
 * The transport is wired in here: our KV store (transport/kv.ts, every key Fedify caches confirmed
 * by its owner first: transport/key-owners.ts) and our job queue as its message queue
 * (transport/queue.ts), started by nobody: the job runner feeds it (transport/jobs.ts), so
 * NODE_TYPE=web processes only enqueue; every fetch through the outbound gate (transport/loader.ts;
 * deliveries in transport/deliver.ts).
 */
import './node-shims.ts';
import './transport/parsed-keys.ts';
import { createFederation, type KeyCache } from '@fedify/fedify';
import type { DocumentLoader } from '@fedify/vocab-runtime';
import { appVersion } from '@glimpse/shared';
import type { CoreDeps } from '../../core/deps.ts';
import { type GlimpseFederation, registerTable } from './federation.ts';
import { ownedKeyCache, ownerConfirmingKv } from './transport/key-owners.ts';
import { kvStoreOf, ownedKeyPrefix } from './transport/kv.ts';
import { gateAuthenticatedLoader, gateDocumentLoader, knownContextLoader } from './transport/loader.ts';
import { createJobMessageQueue } from './transport/queue.ts';

/** How we introduce ourselves to other servers, as Mastodon does: software/version (+our address). */
export const userAgentOf = (deps: CoreDeps) => `Glimpse/${appVersion} (+${deps.env.publicUrl})`;

/** What verifies an inbox request's signature: Fedify's loaders and its key cache (transport/key-owners.ts). */
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

/** The same loaders and key cache as that federation's, for the inbox's door (transport/door.ts). */
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
    // The door (transport/door.ts) has verified every inbox request's signature before Fedify sees
    // it; verifying again cost a millisecond of CPU per activity. The listeners check the actor.
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
  registerTable(federation);
  return {
    federation,
    verification: { documentLoader: loader, contextLoader: knownContextLoader, keyCache: ownedKeyCache(kv) },
  };
}
