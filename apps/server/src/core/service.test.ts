import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.ts';
import { feedback } from '../db/schema.ts';
import { withTransaction } from './service.ts';

let t: TestContext;
let authorId: string;
beforeAll(async () => {
  t = await createTestContext();
  [authorId] = (await t.insertMembers(1)) as [string];
});
afterAll(() => t.close());

const stored = async (body: string) =>
  (await t.db.select({ n: count() }).from(feedback).where(eq(feedback.body, body)))[0]!.n;

describe('withTransaction', () => {
  it('on a database: commits together, or stores nothing when the work throws', async () => {
    await withTransaction(t.db, async (tx) => {
      await tx.insert(feedback).values({ authorId, body: 'kept' });
    });
    await expect(
      withTransaction(t.db, async (tx) => {
        await tx.insert(feedback).values({ authorId, body: 'rolled back' });
        throw new Error('after the write');
      }),
    ).rejects.toThrow('after the write');
    expect(await stored('kept')).toBe(1);
    expect(await stored('rolled back')).toBe(0);
  });

  it("inside a transaction: runs in the caller's own (no savepoint), so its rollback takes the inner writes along", async () => {
    let inner: unknown;
    await expect(
      t.db.transaction(async (outer) => {
        await withTransaction(outer, async (tx) => {
          inner = tx;
          expect(tx).toBe(outer);
          await tx.insert(feedback).values({ authorId, body: 'inner write' });
        });
        throw new Error('outer fails');
      }),
    ).rejects.toThrow('outer fails');
    expect(inner).toBeDefined();
    expect(await stored('inner write')).toBe(0);
  });
});
