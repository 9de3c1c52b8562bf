/**
 * Whose key a key is. Fedify takes a key's account from the key's own document (a
 * CryptographicKey's `owner`, a Multikey's `controller`) and then checks only that this names the
 * activity's actor; anyone can publish a document saying their key is someone else's. So a key
 * counts for an account only by Mastodon's rule (ActivityPub::FetchRemoteKeyService): the
 * account's own actor document, fetched from the account's id, lists the key (`publicKey` or
 * `assertionMethod`); and, on top, the key lives on the account's origin. That rule holds for
 * every key Fedify uses, for HTTP signatures, Object Integrity Proofs and Linked Data signatures
 * alike: each passes through Fedify's key cache, our KV store under `ownedKeyPrefix`, and a freshly
 * fetched key is written there before Fedify uses it; the write confirms the owner first and throws
 * KeyNotOwned otherwise, which fails the verification, and the key is never kept.
 *
 * Confirming costs nothing for the usual key, a fragment of its actor's id (`…/users/eve#main-key`):
 * the document Fedify fetched for it is then the actor's own, from its id. Any other key is looked up
 * in the actor's stored key list (`federation_actors.public_keys`, written from its document), and
 * only a key not listed there makes us fetch the actor again (refreshing the list). Either way once
 * per key, not per activity: the key stays in the cache.
 */
import type { KeyCache, KvKey, KvStore } from '@fedify/fedify';
import { Object as ApObject, CryptographicKey, isActor, Multikey } from '@fedify/vocab';
import type { DocumentLoader } from '@fedify/vocab-runtime';
import { Temporal } from '@js-temporal/polyfill';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { federationActors } from '../../../db/schema.ts';
import { isOwnedKeyEntry, ownedKeyPrefix } from './kv.ts';
import { knownContextLoader } from './loader.ts';

/** A key that could not be had is not asked for again this soon (Fedify's own default). */
const unavailableKeyTtl = Temporal.Duration.from({ minutes: 10 });

export class KeyNotOwned extends Error {
  // Kept when an error crosses a process (the test runner reads it by name).
  override name = 'KeyNotOwned';
}

let lateRefusalsTolerated = false;

/**
 * Fedify's object-proof check starts fetching the key, hashes the proof, and only then awaits the
 * fetch (verifyProofInternal): a KeyNotOwned thrown from `set` in between is, for that moment, a
 * rejection nothing handles, and Node's default ends the process on one. A forged proof could so
 * end a worker. Fedify does handle it a moment later (the proof then fails), so such a rejection is
 * let pass; any other unhandled rejection still ends the process, as Node's default would.
 */
function tolerateLateHandledKeyRefusals() {
  if (lateRefusalsTolerated) return;
  lateRefusalsTolerated = true;
  process.on('unhandledRejection', (reason) => {
    if (reason instanceof KeyNotOwned) return;
    throw reason;
  });
}

const readOptions = { contextLoader: knownContextLoader, documentLoader: knownContextLoader };

/** A cached key's JSON-LD (as Fedify writes it) read back; undefined if it is neither kind. */
async function keyFromCache(value: unknown): Promise<CryptographicKey | Multikey | undefined> {
  try {
    return await CryptographicKey.fromJsonLd(value, readOptions);
  } catch {
    return Multikey.fromJsonLd(value, readOptions).catch(() => undefined);
  }
}

const withoutFragment = (url: string) => url.split('#')[0]!;
const originOf = (url: string) => new URL(url).origin;

/** Mastodon's rule and the origins (above): whether `key`, fetched for `requested`, is its owner's. */
export async function isOwnersKey(
  deps: { db: Db; documentLoader: DocumentLoader },
  requested: string,
  key: CryptographicKey | Multikey,
): Promise<boolean> {
  const keyId = key.id?.href;
  const owner = (key instanceof CryptographicKey ? key.ownerId : key.controllerId)?.href;
  if (!keyId || !owner) return false;
  if (originOf(owner) !== originOf(keyId) || originOf(owner) !== originOf(requested)) return false;
  // The document Fedify read the key from is the one served at the owner's id.
  if (withoutFragment(requested) === owner) return true;
  const [stored] = await deps.db
    .select({ publicKeys: federationActors.publicKeys })
    .from(federationActors)
    .where(eq(federationActors.iri, owner));
  if (listedKeys(stored?.publicKeys).includes(keyId)) return true;
  const listed = await keysListedBy(deps.documentLoader, owner);
  if (stored && listed) {
    await deps.db.update(federationActors).set({ publicKeys: listed }).where(eq(federationActors.iri, owner));
  }
  return listed?.includes(keyId) ?? false;
}

/** The key ids an actor's stored row lists (ids; rows written before keys were confirmed may hold objects). */
const listedKeys = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];

/** The keys the actor document at `actorId` lists, if it is an actor under that very id. */
async function keysListedBy(documentLoader: DocumentLoader, actorId: string): Promise<string[] | null> {
  try {
    const { document } = await documentLoader(actorId);
    const actor = await ApObject.fromJsonLd(document, { documentLoader, contextLoader: knownContextLoader });
    if (!isActor(actor) || actor.id?.href !== actorId) return null;
    return actorKeyIds(actor);
  } catch {
    return null;
  }
}

/** Every key an actor document lists: its `publicKey`s (HTTP signatures) and `assertionMethod`s (proofs). */
export const actorKeyIds = (actor: { publicKeyIds: URL[]; assertionMethodIds: URL[] }): string[] => [
  ...actor.publicKeyIds.map((id) => id.href),
  ...actor.assertionMethodIds.map((id) => id.href),
];

/**
 * Fedify's KV store with the rule above on every key it caches: a key whose owner does not confirm
 * it throws KeyNotOwned from `set`, so Fedify, which writes a fetched key before using it, never
 * uses it; and a `null` (unavailable) mark goes in its place, so that it is not fetched again at once.
 */
export function ownerConfirmingKv(store: KvStore, deps: { db: Db; documentLoader: DocumentLoader }): KvStore {
  tolerateLateHandledKeyRefusals();
  return {
    ...store,
    get: store.get.bind(store),
    delete: store.delete.bind(store),
    cas: store.cas?.bind(store),
    list: store.list?.bind(store),
    async set(key, value, options) {
      if (isOwnedKeyEntry(key) && value !== null) {
        const parsed = await keyFromCache(value);
        if (!parsed || !(await isOwnersKey(deps, String(key[2]), parsed))) {
          await store.set(key, null, { ttl: unavailableKeyTtl });
          throw new KeyNotOwned(`${String(key[2])} is not listed by the account it names`);
        }
      }
      await store.set(key, value, options);
    },
  };
}

/**
 * The same cache as Fedify's own (its KvKeyCache is not exported), for verifying a request before
 * Fedify sees it (door.ts): the same entries, so what one fetched the other finds.
 */
export function ownedKeyCache(kv: KvStore): KeyCache {
  const entry = (keyId: URL): KvKey => [...ownedKeyPrefix, keyId.href];
  return {
    async get(keyId) {
      const value = await kv.get(entry(keyId));
      if (value === undefined || value === null) return value;
      return keyFromCache(value);
    },
    async set(keyId, key) {
      if (key === null) await kv.set(entry(keyId), null, { ttl: unavailableKeyTtl });
      else await kv.set(entry(keyId), await key.toJsonLd(readOptions));
    },
  };
}
