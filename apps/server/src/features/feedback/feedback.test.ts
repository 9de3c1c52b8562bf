import { limits } from '@glimpse/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.ts';
import { feedback } from '../../db/schema.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const feedbackOf = (authorId: string) => t.db.select().from(feedback).where(eq(feedback.authorId, authorId));

describe('feedback', () => {
  it('stores the text, trimmed, with its author and time, and answers 201 with its id', async () => {
    const member = await t.signUpWithProfile();
    const before = Date.now();
    const response = await member.post('/api/feedback', { body: '  Love the events page!  ' });
    expect(response.status).toBe(201);
    const receipt = (await response.json()) as { id: string; createdAt: string };
    expect(receipt.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(receipt.createdAt).getTime()).toBeGreaterThanOrEqual(before - 1000);

    const rows = await feedbackOf(member.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: receipt.id, authorId: member.id, body: 'Love the events page!' });
  });

  it('authors feedback as the caller, whatever the body says', async () => {
    const someone = await t.signUpWithProfile();
    const member = await t.signUpWithProfile();
    const response = await member.post('/api/feedback', {
      body: 'Signed by me',
      authorId: someone.id,
      uid: someone.id,
    });
    expect(response.status).toBe(201);
    expect(await feedbackOf(someone.id)).toHaveLength(0);
    expect(await feedbackOf(member.id)).toHaveLength(1);
  });

  it('refuses a signed-out visitor with 401 and stores nothing', async () => {
    const count = (await t.db.select().from(feedback)).length;
    const response = await t.client().post('/api/feedback', { body: 'Anonymous note' });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { kind: 'Unauthenticated' } });
    expect(await t.db.select().from(feedback)).toHaveLength(count);
  });

  it('refuses empty or blank feedback with a clear message and stores nothing', async () => {
    const member = await t.signUpWithProfile();
    for (const body of [{ body: '' }, { body: '   \n ' }, {}]) {
      const response = await member.post('/api/feedback', body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        error: {
          kind: 'Invalid',
          message: 'Please write your feedback before sending it.',
          fields: { body: 'Please write your feedback before sending it.' },
        },
      });
    }
    expect(await feedbackOf(member.id)).toHaveLength(0);
  });

  it('refuses feedback over the length limit and stores nothing', async () => {
    const member = await t.signUpWithProfile();
    const response = await member.post('/api/feedback', { body: 'x'.repeat(limits.feedbackMax + 1) });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { kind: 'Invalid', message: 'Feedback must be at most 2,000 characters.' },
    });
    expect(await feedbackOf(member.id)).toHaveLength(0);

    const atLimit = await member.post('/api/feedback', { body: 'x'.repeat(limits.feedbackMax) });
    expect(atLimit.status).toBe(201);
  });

  it('refuses feedback from another site', async () => {
    const member = await t.signUpWithProfile();
    const response = await member.request('/api/feedback', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ body: 'Cross-site' }),
    });
    expect(response.status).toBe(403);
    expect(await feedbackOf(member.id)).toHaveLength(0);
  });
});
