import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.ts';
import { user } from '../db/schema.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('accounts', () => {
  it('signs up, keeps the session in a cookie and answers /api/me', async () => {
    const member = await t.signUp({ email: 'new@example.com' });
    const me = await member.get('/api/me');
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      user: { id: member.id, email: 'new@example.com' },
      profile: null,
    });
  });

  it('makes no second account with the same email (and says so only to its owner: sign-up-privacy.test.ts)', async () => {
    await t.signUp({ email: 'twice@example.com' });
    const response = await t.client().post('/api/auth/sign-up/email', {
      email: 'twice@example.com',
      password: 'another password',
      name: 'x',
      acceptTerms: true,
    });
    expect(response.status).toBe(200);
    expect(await t.countRows(user, eq(user.email, 'twice@example.com'))).toBe(1);
  });

  it('refuses a password shorter than the minimum', async () => {
    const response = await t.client().post('/api/auth/sign-up/email', {
      email: 'short@example.com',
      password: 'short',
      name: 'x',
      acceptTerms: true,
    });
    expect(response.status).toBe(400);
  });

  it('signs in with the right password and not with a wrong one', async () => {
    const { email, password } = await t.signUp();
    const visitor = t.client();
    const wrong = await visitor.post('/api/auth/sign-in/email', { email, password: 'wrong password' });
    expect(wrong.status).toBe(401);
    expect(await (await visitor.get('/api/me')).json()).toBeNull();

    const right = await visitor.post('/api/auth/sign-in/email', { email, password });
    expect(right.status).toBe(200);
    expect(await (await visitor.get('/api/me')).json()).toHaveProperty('user.id');
  });

  it('signs out, after which the old cookie no longer works', async () => {
    const member = await t.signUp();
    expect((await member.post('/api/auth/sign-out', {})).status).toBe(200);
    expect(await (await member.get('/api/me')).json()).toBeNull();
    const notices = await member.get('/api/notifications');
    expect(notices.status).toBe(401);
    expect(await notices.json()).toEqual({
      error: { kind: 'Unauthenticated', message: 'Please sign in to continue.' },
    });
  });

  it('sets the session cookie HttpOnly and SameSite=Lax', async () => {
    const { email, password } = await t.signUp({ email: 'cookie@example.com' });
    const response = await t.client().post('/api/auth/sign-in/email', { email, password });
    const cookie = response.headers.getSetCookie().find((c) => c.includes('session_token'));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });
});
