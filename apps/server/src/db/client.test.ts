/**
 * The app's connections to PostgreSQL: settings every connection of the pool carries.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('a connection of the pool', () => {
  it('has JIT compilation off, whatever the server’s default', async () => {
    const result = (await t.db.execute(sql`show jit`)) as unknown as { rows: { jit: string }[] };
    expect(result.rows[0]?.jit).toBe('off');
  });
});
