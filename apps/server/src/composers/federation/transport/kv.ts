/**
 * Fedify's key–value store on our PostgreSQL (table `federation_kv`, migration 0015): Fedify keeps
 * its public-key cache, inbox idempotence marks and the delivery circuit breaker here. A key is
 * Fedify's key array written as JSON text, so listing a prefix is a `LIKE` on the text before its
 * closing bracket and a comma. Expired rows read as missing and are deleted by the hourly sweep
 * (`federation_kv_sweep`), so no timer runs in any process.
 */
import type { KvKey, KvStore, KvStoreListEntry, KvStoreSetOptions } from '@fedify/fedify';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { federationKv } from '../../../db/schema.ts';
import { groupedWhileBusy } from '../../../lib/grouped.ts';
import { federationStatements, liveKv } from '../queries.ts';

/**
 * Fedify's public-key cache, under a prefix of our own (`kvPrefixes.publicKey`, key-owners.ts): keys
 * cached before owners were confirmed, under Fedify's default `["_fedify","publicKey"]`, are never
 * read again (the sweep below deletes them).
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

const encode = (key: KvKey) => JSON.stringify(key);
const expiry = (options?: KvStoreSetOptions) =>
  options?.ttl ? new Date(Date.now() + options.ttl.total('millisecond')) : null;
/**
 * A value as jsonb: JSON `null` (Fedify's mark for a key that could not be fetched) must be stored
 * as the JSON value, not as SQL NULL, which the column refuses.
 */
const jsonb = (value: unknown) => (value === null ? sql`'null'::jsonb` : value);
/** `%`, `_` and `\` in a key are letters, not LIKE wildcards. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/**
 * Fedify (2.3.6) reads `["_fedify","activityIdempotence", <key>]` when it accepts an activity, but
 * writes that form only when it processes activities without a queue; with ours it marks them done
 * under `[…, origin, activity id]` once processed (and checks that before processing). The read at
 * accept time therefore always misses: answered here without a round trip. Should a later Fedify
 * write it, the processing-time check still drops a duplicate; only an extra job would be queued.
 */
const neverWrittenWithAQueue = (key: KvKey) =>
  key.length === 3 && key[0] === '_fedify' && key[1] === 'activityIdempotence';

/**
 * Remote actors' public keys are read on every signed request (Fedify's key cache, key-owners.ts):
 * kept in this process for `keyMemoryMs` as well. A key replaced in another process is seen here
 * after that at most; in this one at once (writes go through). Fedify refetches a key that fails to verify.
 */
const rememberedInProcess = isOwnedKeyEntry;
const keyMemoryMs = 60_000;
const keyMemoryEntries = 5_000;

interface KvRow {
  key: string;
  value: unknown;
  expiresAt: Date | null;
}

/**
 * Reads and writes of single keys, grouped while one is under way (lib/grouped.ts): the job worker
 * runs several incoming activities at once, and each reads its idempotence mark before and writes
 * it after; together they take one round trip and one commit.
 */
function groupedRows(db: Db) {
  const read = groupedWhileBusy<string, KvRow | undefined>(async (keys) => {
    const rows = await federationStatements(db).kvGetMany.execute({ keys: [...new Set(keys)] });
    const byKey = new Map(rows.map((row) => [row.key, row]));
    return keys.map((key) => byKey.get(key));
  });
  const write = groupedWhileBusy<KvRow, void>(async (rows) => {
    // One row per key (the last asked wins): a statement may not change the same row twice.
    const last = [...new Map(rows.map((row) => [row.key, row])).values()];
    // Values go as JSON text, so that JSON null (Fedify's "could not fetch" mark) stays a value.
    await db.execute(sql`insert into ${federationKv} (key, value, expires_at)
      select key, value::jsonb, expires_at
      from unnest(${sql.param(last.map((row) => row.key))}::text[],
        ${sql.param(last.map((row) => JSON.stringify(row.value)))}::text[],
        ${sql.param(last.map((row) => row.expiresAt?.toISOString() ?? null))}::timestamptz[]) as t(key, value, expires_at)
      on conflict (key) do update set value = excluded.value, expires_at = excluded.expires_at`);
    return rows.map(() => undefined);
  });
  return { read, write };
}

export function createPostgresKvStore(db: Db): KvStore {
  const rows = groupedRows(db);
  const remembered = new Map<string, { value: unknown; until: number }>();
  const remember = (k: string, value: unknown, expiresAt: Date | null) => {
    remembered.delete(k);
    // Map order is insertion order: the oldest entry goes first.
    if (remembered.size >= keyMemoryEntries) remembered.delete(remembered.keys().next().value!);
    remembered.set(k, { value, until: Math.min(Date.now() + keyMemoryMs, expiresAt?.getTime() ?? Infinity) });
  };
  return {
    async get<T = unknown>(key: KvKey): Promise<T | undefined> {
      if (neverWrittenWithAQueue(key)) return undefined;
      const k = encode(key);
      const kept = rememberedInProcess(key) ? remembered.get(k) : undefined;
      if (kept && kept.until > Date.now()) return kept.value as T;
      const row = await rows.read(k);
      if (row && rememberedInProcess(key)) remember(k, row.value, row.expiresAt);
      return row ? (row.value as T) : undefined;
    },
    async set(key, value, options) {
      const expiresAt = expiry(options);
      const k = encode(key);
      remembered.delete(k);
      await rows.write({ key: k, value, expiresAt });
      if (rememberedInProcess(key)) remember(k, value, expiresAt);
    },
    async delete(key) {
      remembered.delete(encode(key));
      await db.delete(federationKv).where(eq(federationKv.key, encode(key)));
    },
    /** Compare-and-swap in one statement: the row lock makes concurrent swaps take turns. */
    async cas(key, expectedValue, newValue, options) {
      const expiresAt = expiry(options);
      const k = encode(key);
      remembered.delete(k);
      if (expectedValue === undefined) {
        const inserted = await db
          .insert(federationKv)
          .values({ key: k, value: jsonb(newValue), expiresAt })
          .onConflictDoUpdate({
            target: federationKv.key,
            set: { value: jsonb(newValue), expiresAt },
            // Only an expired row may be replaced when nothing was expected.
            setWhere: sql`${federationKv.expiresAt} is not null and ${federationKv.expiresAt} <= now()`,
          })
          .returning({ key: federationKv.key });
        return inserted.length > 0;
      }
      const updated = await db
        .update(federationKv)
        .set({ value: jsonb(newValue), expiresAt })
        .where(
          and(
            eq(federationKv.key, k),
            liveKv(),
            sql`${federationKv.value} = ${JSON.stringify(expectedValue)}::jsonb`,
          ),
        )
        .returning({ key: federationKv.key });
      return updated.length > 0;
    },
    async *list(prefix?: KvKey): AsyncIterable<KvStoreListEntry> {
      // `["a","b"` followed by `,` (a longer key) or by `]` (the prefix itself), never `["a","bc"]`.
      const where = prefix
        ? and(
            or(
              eq(federationKv.key, encode(prefix)),
              sql`${federationKv.key} like ${`${escapeLike(encode(prefix).slice(0, -1))},%`}`,
            ),
            liveKv(),
          )
        : liveKv();
      const rows = await db.select().from(federationKv).where(where);
      for (const row of rows) yield { key: JSON.parse(row.key) as KvKey, value: row.value };
    },
  };
}

const stores = new WeakMap<Db, KvStore>();

/**
 * The one store of a database in this process: Fedify's, a delivery's and a backfill's share their
 * groups of statements and the public keys kept in memory.
 */
export function kvStoreOf(db: Db): KvStore {
  const kept = stores.get(db);
  if (kept) return kept;
  const store = createPostgresKvStore(db);
  stores.set(db, store);
  return store;
}

/**
 * Fedify's key cache as it was before key owners were confirmed (key-owners.ts): no longer read,
 * and kept without an expiry, so the sweep deletes it.
 */
const unconfirmedKeyCache = `${escapeLike(encode(['_fedify', 'publicKey']).slice(0, -1))},%`;

/** Deletes expired entries, and the unconfirmed key cache; the hourly maintenance job calls it. */
export async function sweepFederationKv(db: Db): Promise<number> {
  const removed = await db
    .delete(federationKv)
    .where(or(lt(federationKv.expiresAt, sql`now()`), sql`${federationKv.key} like ${unconfirmedKeyCache}`))
    .returning({ key: federationKv.key });
  return removed.length;
}
