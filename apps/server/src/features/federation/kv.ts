/**
 * Fedify's key–value store on our PostgreSQL (table `federation_kv`, migration 0015): Fedify keeps
 * its public-key cache, inbox idempotence marks and the delivery circuit breaker here. A key is
 * Fedify's key array written as JSON text, so listing a prefix is a `LIKE` on the text before its
 * closing bracket and a comma. Expired rows read as missing and are deleted by the hourly sweep
 * (`federation_kv_sweep`), so no timer runs in any process.
 */
import type { KvKey, KvStore, KvStoreListEntry, KvStoreSetOptions } from '@fedify/fedify';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { federationKv } from '../../db/schema.ts';

const encode = (key: KvKey) => JSON.stringify(key);
const live = () => or(isNull(federationKv.expiresAt), sql`${federationKv.expiresAt} > now()`);
const expiry = (options?: KvStoreSetOptions) =>
  options?.ttl ? new Date(Date.now() + options.ttl.total('millisecond')) : null;
/** `%`, `_` and `\` in a key are letters, not LIKE wildcards. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

export function createPostgresKvStore(db: Db): KvStore {
  return {
    async get<T = unknown>(key: KvKey): Promise<T | undefined> {
      const [row] = await db
        .select({ value: federationKv.value })
        .from(federationKv)
        .where(and(eq(federationKv.key, encode(key)), live()));
      return row ? (row.value as T) : undefined;
    },
    async set(key, value, options) {
      const expiresAt = expiry(options);
      await db
        .insert(federationKv)
        .values({ key: encode(key), value, expiresAt })
        .onConflictDoUpdate({ target: federationKv.key, set: { value, expiresAt } });
    },
    async delete(key) {
      await db.delete(federationKv).where(eq(federationKv.key, encode(key)));
    },
    /** Compare-and-swap in one statement: the row lock makes concurrent swaps take turns. */
    async cas(key, expectedValue, newValue, options) {
      const expiresAt = expiry(options);
      const k = encode(key);
      if (expectedValue === undefined) {
        const inserted = await db
          .insert(federationKv)
          .values({ key: k, value: newValue, expiresAt })
          .onConflictDoUpdate({
            target: federationKv.key,
            set: { value: newValue, expiresAt },
            // Only an expired row may be replaced when nothing was expected.
            setWhere: sql`${federationKv.expiresAt} is not null and ${federationKv.expiresAt} <= now()`,
          })
          .returning({ key: federationKv.key });
        return inserted.length > 0;
      }
      const updated = await db
        .update(federationKv)
        .set({ value: newValue, expiresAt })
        .where(
          and(
            eq(federationKv.key, k),
            live(),
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
            live(),
          )
        : live();
      const rows = await db.select().from(federationKv).where(where);
      for (const row of rows) yield { key: JSON.parse(row.key) as KvKey, value: row.value };
    },
  };
}

/** Deletes expired entries; the hourly maintenance job calls it. */
export async function sweepFederationKv(db: Db): Promise<number> {
  const removed = await db
    .delete(federationKv)
    .where(lt(federationKv.expiresAt, sql`now()`))
    .returning({ key: federationKv.key });
  return removed.length;
}
