import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.ts';

let off: TestContext;
let on: TestContext;
beforeAll(async () => {
  off = await createTestContext();
  on = await createTestContext({ BENCH_ENDPOINTS: 'on' });
});
afterAll(async () => {
  await off.close();
  await on.close();
});

describe('benchmark endpoints', () => {
  it('do not exist unless BENCH_ENDPOINTS=on', async () => {
    const member = await off.signUp();
    expect((await member.get('/api/bench/static')).status).toBe(404);
  });

  it('answer the stored JSON byte for byte, to signed-in callers only', async () => {
    const member = await on.signUp();
    const page = JSON.stringify({ items: [{ id: 'x', caption: 'é' }], nextCursor: null });
    const stored = await member.request('/api/bench/static', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: page,
    });
    expect(stored.status).toBe(200);
    const answer = await member.get('/api/bench/static');
    expect(answer.headers.get('content-type')).toContain('application/json');
    expect(await answer.text()).toBe(page);
    expect((await on.client().get('/api/bench/static')).status).toBe(401);
  });
});
