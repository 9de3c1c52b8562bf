/** Fedify's KV store on PostgreSQL: values, expiry, prefixes that match whole key parts, compare-and-swap. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { KvKey } from '@fedify/fedify';
import { Temporal } from '@js-temporal/polyfill';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.ts';
import { federationKv } from '../../../db/schema.ts';
import { createPostgresKvStore, ownedKeyPrefix, sweepFederationKv } from './kv.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({}, { seedAdmin: false });
});
afterAll(() => t.close());

describe('the federation KV store', () => {
  it('keeps JSON values, forgets them when deleted or expired, and the sweep removes the expired', async () => {
    const kv = createPostgresKvStore(t.db);
    await kv.set(['a', 'b'], { n: 1, list: ['x'] });
    expect(await kv.get(['a', 'b'])).toEqual({ n: 1, list: ['x'] });
    await kv.set(['a', 'b'], 2);
    expect(await kv.get(['a', 'b'])).toBe(2);
    await kv.delete(['a', 'b']);
    expect(await kv.get(['a', 'b'])).toBeUndefined();
    await kv.set(['short'], 'lived', { ttl: Temporal.Duration.from({ milliseconds: 1 }) });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await kv.get(['short'])).toBeUndefined();
    expect(await sweepFederationKv(t.db)).toBe(1);
  });

  it('reads and writes asked for at once together, each caller answered for its own key', async () => {
    const kv = createPostgresKvStore(t.db);
    const soon = { ttl: Temporal.Duration.from({ hours: 1 }) };
    // Five writes at once, two of one key: the last asked wins, JSON null stays a value.
    await Promise.all([
      kv.set(['g', '1'], true, soon),
      kv.set(['g', '2'], { n: 2 }),
      kv.set(['g', '3'], 'first'),
      kv.set(['g', '3'], 'second'),
      kv.set(['g', '4'], null),
    ]);
    const read = await Promise.all([
      kv.get(['g', '1']),
      kv.get(['g', '2']),
      kv.get(['g', '3']),
      kv.get(['g', '4']),
      kv.get(['g', 'missing']),
      kv.get(['g', '2']),
    ]);
    expect(read).toEqual([true, { n: 2 }, 'second', null, undefined, { n: 2 }]);
    const [marked] = await t.db
      .select({ expiresAt: federationKv.expiresAt })
      .from(federationKv)
      .where(eq(federationKv.key, JSON.stringify(['g', '1'])));
    expect(marked!.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 59 * 60_000);
  });

  it('lists a prefix by whole key parts, wildcards taken as letters', async () => {
    const kv = createPostgresKvStore(t.db);
    await kv.set(['p', 'key'], 1);
    await kv.set(['p', 'key', 'x'], 2);
    await kv.set(['p', 'keyring'], 3);
    await kv.set(['p', 'k%y'], 4);
    const listed = async (prefix: [string, ...string[]]) => {
      const keys: unknown[] = [];
      for await (const entry of kv.list(prefix)) keys.push(entry.key);
      return keys.map((k) => JSON.stringify(k)).sort();
    };
    expect(await listed(['p', 'key'])).toEqual(['["p","key","x"]', '["p","key"]'].sort());
    expect(await listed(['p', 'k%y'])).toEqual(['["p","k%y"]']);
  });

  it('swaps only from the value expected, and creates only what does not exist', async () => {
    const kv = createPostgresKvStore(t.db);
    expect(await kv.cas!(['c'], undefined, 1)).toBe(true);
    expect(await kv.cas!(['c'], undefined, 9)).toBe(false);
    expect(await kv.cas!(['c'], 2, 3)).toBe(false);
    expect(await kv.cas!(['c'], 1, 3)).toBe(true);
    expect(await kv.get(['c'])).toBe(3);
    // Concurrent swaps from the same value: exactly one wins.
    const results = await Promise.all([kv.cas!(['c'], 3, 4), kv.cas!(['c'], 3, 5), kv.cas!(['c'], 3, 6)]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('keeps public keys in the process for a minute, writes through, and asks again after', async () => {
    const kv = createPostgresKvStore(t.db);
    const key = [...ownedKeyPrefix, 'https://remote.test/users/a#main-key'] as const;
    const stored = () =>
      t.db
        .select()
        .from(federationKv)
        .where(eq(federationKv.key, JSON.stringify(key)));
    await kv.set([...key], { pem: 'one' });
    expect(await kv.get([...key])).toEqual({ pem: 'one' });
    // Another process replaces it: this one still answers from memory, without a round trip.
    await t.db
      .update(federationKv)
      .set({ value: { pem: 'two' } })
      .where(eq(federationKv.key, JSON.stringify(key)));
    expect(await kv.get([...key])).toEqual({ pem: 'one' });
    // Its own writes and deletes are seen at once.
    await kv.set([...key], { pem: 'three' });
    expect(await kv.get([...key])).toEqual({ pem: 'three' });
    await kv.delete([...key]);
    expect(await kv.get([...key])).toBeUndefined();
    expect(await stored()).toEqual([]);
    // An unavailable key is stored as JSON null (it was refused as SQL NULL), and not kept past its expiry.
    await kv.set([...key], null, { ttl: Temporal.Duration.from({ milliseconds: 200 }) });
    expect(await kv.get([...key])).toBeNull();
    expect(await createPostgresKvStore(t.db).get([...key])).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await kv.get([...key])).toBeUndefined();
    // Other entries are never kept: an idempotence mark written elsewhere is seen at once.
    const mark: KvKey = [
      '_fedify',
      'activityIdempotence',
      'https://glimpse.test',
      'https://remote.test/likes/1',
    ];
    expect(await kv.get(mark)).toBeUndefined();
    await createPostgresKvStore(t.db).set(mark, true);
    expect(await kv.get(mark)).toBe(true);
  });

  it('sweeps the key cache written before key owners were confirmed, and keeps the confirmed one', async () => {
    const kv = createPostgresKvStore(t.db);
    const unconfirmed: KvKey = ['_fedify', 'publicKey', 'https://remote.test/users/b#main-key'];
    const confirmed: KvKey = [...ownedKeyPrefix, 'https://remote.test/users/b#main-key'];
    await kv.set(unconfirmed, { owner: 'https://elsewhere.test/users/victim' });
    await kv.set(confirmed, { owner: 'https://remote.test/users/b' });
    expect(await sweepFederationKv(t.db)).toBeGreaterThanOrEqual(1);
    expect(await createPostgresKvStore(t.db).get(unconfirmed)).toBeUndefined();
    expect(await createPostgresKvStore(t.db).get(confirmed)).toEqual({
      owner: 'https://remote.test/users/b',
    });
  });

  it('answers the accept-time idempotence read that Fedify never writes with a queue without asking', async () => {
    const kv = createPostgresKvStore(t.db);
    const acceptKey: KvKey = [
      '_fedify',
      'activityIdempotence',
      'https://glimpse.test\nhttps://remote.test/likes/2\nsharedInbox',
    ];
    await t.db.insert(federationKv).values({ key: JSON.stringify(acceptKey), value: true });
    expect(await kv.get(acceptKey)).toBeUndefined();
  });
});

/*
 * A KeyNotOwned that Fedify handles a moment late (its proof check awaits the key fetch after
 * hashing) must not end the process, as Node's default does for a rejection unhandled at the end of
 * a tick; any other unhandled rejection still does. Run in a process of its own, as the server's.
 */
const keyOwners = path.join(import.meta.dirname, 'key-owners.ts');

/** Runs `body` in a fresh Node (under tsx) after the server's federation KV was made. */
function runAfterKvMade(body: string) {
  const script = `
    const { KeyNotOwned, ownerConfirmingKv } = await import(${JSON.stringify(keyOwners)});
    ownerConfirmingKv({ get: async () => undefined, set: async () => {}, delete: async () => {} }, {});
    ${body}
  `;
  return spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('a key refused by its owner, handled late', () => {
  it('leaves the process running; any other unhandled rejection still ends it', () => {
    const late = runAfterKvMade(`
      const refused = Promise.reject(new KeyNotOwned('not listed'));
      await new Promise((resolve) => setTimeout(resolve, 20));
      await refused.catch(() => {});
      console.log('still here');
    `);
    expect(late.stdout).toContain('still here');
    expect(late.status).toBe(0);

    const other = runAfterKvMade(`
      Promise.reject(new Error('a real bug'));
      await new Promise((resolve) => setTimeout(resolve, 20));
      console.log('still here');
    `);
    expect(other.stdout).not.toContain('still here');
    expect(other.status).not.toBe(0);
    expect(other.stderr).toContain('a real bug');
  });
});
