/**
 * The names of Fedify's public-key cache entries under our own prefix (key-owners.ts), apart from
 * it so that kv.ts, loaded at start by every process, reads them without loading Fedify
 * (docs/performance.md, "Memory"; start-footprint.test.ts).
 */
import type { KvKey } from '@fedify/fedify';

/**
 * Fedify's public-key cache, under a prefix of our own (`kvPrefixes.publicKey`): keys cached before
 * owners were confirmed, under Fedify's default `["_fedify","publicKey"]`, are never read again
 * (kv.ts's sweep deletes them).
 */
export const ownedKeyPrefix = ['glimpse', 'ownedKey'] as const;
/** Fedify's own mark, in that cache, for a key it failed to fetch. */
const fetchErrorMark = '__fetchError';

/** A cached key of ours: `["glimpse","ownedKey",<key id>]`, not a fetch-error mark. */
export const isOwnedKeyEntry = (key: KvKey) =>
  key.length === ownedKeyPrefix.length + 1 &&
  key[0] === ownedKeyPrefix[0] &&
  key[1] === ownedKeyPrefix[1] &&
  key[2] !== fetchErrorMark;
