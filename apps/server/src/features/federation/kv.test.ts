/** Fedify's KV store on PostgreSQL: values, expiry, prefixes that match whole key parts, compare-and-swap. */
import { Temporal } from '@js-temporal/polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createPostgresKvStore, sweepFederationKv } from './kv.ts';

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
});
