/**
 * Each local member's two key pairs (and the instance actor's): RSA (HTTP Signatures, what Mastodon verifies) and Ed25519
 * (Object Integrity Proofs, FEP-8b32). Made the first time anything needs them (the actor document,
 * a delivery) and kept in `federation_keys`; never made again, since other servers cache the public
 * keys by id. Concurrent first requests race on the primary key and all read the one that won.
 */
import { exportJwk, generateCryptoKeyPair, importJwk } from '@fedify/fedify';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { federationFarewells, federationInstanceKeys, federationKeys } from '../../../db/schema.ts';

async function newKeys(): Promise<StoredKeys> {
  const [rsa, ed25519] = await Promise.all([
    generateCryptoKeyPair('RSASSA-PKCS1-v1_5'),
    generateCryptoKeyPair('Ed25519'),
  ]);
  return {
    rsaPublic: await exportJwk(rsa.publicKey),
    rsaPrivate: await exportJwk(rsa.privateKey),
    ed25519Public: await exportJwk(ed25519.publicKey),
    ed25519Private: await exportJwk(ed25519.privateKey),
  };
}

/**
 * A member's pairs, read once per process: they never change (above), and every delivery of a
 * fan-out signs with them. Whether the member may still send (suspended, deleted) is the key pairs
 * dispatcher's question each time (federation.ts), not this memory's.
 */
const pairsByMember = new Map<string, Promise<CryptoKeyPair[]>>();
const rememberedMembers = 2_000;

export const keyPairsOf = (db: Db, userId: string): Promise<CryptoKeyPair[]> =>
  remembered(pairsByMember, rememberedMembers, userId, () => readOrMakeKeyPairs(db, userId));

async function readOrMakeKeyPairs(db: Db, userId: string): Promise<CryptoKeyPair[]> {
  let [row] = await db.select().from(federationKeys).where(eq(federationKeys.userId, userId));
  if (!row) {
    await db
      .insert(federationKeys)
      .values({ userId, ...(await newKeys()) })
      .onConflictDoNothing();
    [row] = await db.select().from(federationKeys).where(eq(federationKeys.userId, userId));
  }
  if (!row) throw new Error(`no key pairs for ${userId}`);
  return pairsOf(row);
}

/** The instance actor's pairs (objects/instance-actor.ts), made once in the table's only row. */
export async function instanceKeyPairsOf(db: Db): Promise<CryptoKeyPair[]> {
  let [row] = await db.select().from(federationInstanceKeys);
  if (!row) {
    await db
      .insert(federationInstanceKeys)
      .values(await newKeys())
      .onConflictDoNothing();
    [row] = await db.select().from(federationInstanceKeys);
  }
  if (!row) throw new Error('no key pairs for the instance actor');
  return pairsOf(row);
}

type StoredKeys = Pick<
  typeof federationKeys.$inferSelect,
  'rsaPublic' | 'rsaPrivate' | 'ed25519Public' | 'ed25519Private'
>;

const imported = new Map<string, Promise<CryptoKey>>();
const importedEntries = 2_000;

/**
 * `importJwk`, once per key in this process: every delivery job used to import the sender's four
 * keys and then the RSA one again to sign (a fifth of a delivery's CPU, docs/performance.md). The
 * keys never change (above); the map holds nothing the job's own memory did not hold a moment.
 */
export const importJwkOnce = (jwk: JsonWebKey, type: 'public' | 'private'): Promise<CryptoKey> =>
  remembered(imported, importedEntries, `${type}:${JSON.stringify(jwk)}`, () => importJwk(jwk, type));

/**
 * `make()`'s promise, kept in `kept` under `key`, the oldest entry going first past `limit` (a Map
 * iterates in insertion order). One that fails is not kept: the next call tries again.
 */
function remembered<T>(kept: Map<string, Promise<T>>, limit: number, key: string, make: () => Promise<T>) {
  let value = kept.get(key);
  if (!value) {
    if (kept.size >= limit) kept.delete(kept.keys().next().value!);
    value = make();
    value.catch(() => kept.delete(key));
    kept.set(key, value);
  }
  return value;
}

async function pairsOf(row: StoredKeys): Promise<CryptoKeyPair[]> {
  const pair = async (publicJwk: unknown, privateJwk: unknown): Promise<CryptoKeyPair> => ({
    publicKey: await importJwkOnce(publicJwk as JsonWebKey, 'public'),
    privateKey: await importJwkOnce(privateJwk as JsonWebKey, 'private'),
  });
  return [await pair(row.rsaPublic, row.rsaPrivate), await pair(row.ed25519Public, row.ed25519Private)];
}

/** A deleted member's keys while their Delete(Person) goes out (outbox/farewell.ts); none otherwise. */
export async function farewellKeyPairsOf(db: Db, userId: string): Promise<CryptoKeyPair[]> {
  const [row] = await db.select().from(federationFarewells).where(eq(federationFarewells.userId, userId));
  return row ? pairsOf(row) : [];
}
