/**
 * Sign-up does not tell who has an account: a new address and one that already has an
 * account get the same status, body and headers, and no session either way; the owner of the
 * existing address is told by email, the new address gets its confirmation link, and following
 * that link is what signs in. Nothing is stored for the existing address.
 */
import { messages } from '@glimpse/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.ts';
import { account, user } from '../db/schema.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const signUpBody = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  password: 'a brand new password',
  name: 'Someone',
  acceptTerms: true,
  ...extra,
});

/** Headers that differ between any two answers (the time, the request's id) are left out. */
function comparableHeaders(response: Response): string[] {
  const kept: string[] = [];
  response.headers.forEach((value, name) => {
    if (name !== 'date' && name !== 'x-request-id') kept.push(`${name}: ${value}`);
  });
  return kept.sort();
}

describe('sign-up with an address that has an account, and with one that has not', () => {
  it('answers both alike, with no session; the owner is told by email and nothing is stored', async () => {
    const owner = await t.signUp({ email: 'taken@example.com', password: 'the owner password' });
    const usersBefore = await t.countRows(user);
    const accountsBefore = await t.countRows(account);

    const visitor = t.client();
    const existing = await visitor.post('/api/auth/sign-up/email', signUpBody('taken@example.com'));
    const fresh = await t.client().post('/api/auth/sign-up/email', signUpBody('fresh@example.com'));

    expect(existing.status).toBe(200);
    expect(fresh.status).toBe(existing.status);
    expect(await existing.json()).toEqual(await fresh.json());
    expect(comparableHeaders(existing)).toEqual(comparableHeaders(fresh));
    expect(existing.headers.getSetCookie()).toEqual([]);
    expect(fresh.headers.getSetCookie()).toEqual([]);
    expect(await (await visitor.get('/api/me')).json()).toBeNull();

    // The owner's mailbox says someone tried, with the ways back in; no link to confirm anything.
    const notice = await t.lastMailTo('taken@example.com');
    expect(notice?.subject).toBe(messages.mail.existingAccountSubject);
    expect(notice?.raw).toContain('http://localhost:3000/login');
    expect(notice?.raw).toContain('http://localhost:3000/forgot-password');
    expect(notice?.link).toBeNull();
    // The new address gets its confirmation link.
    const confirmation = await t.lastMailTo('fresh@example.com');
    expect(confirmation?.subject).toBe(messages.mail.verifySubject);
    expect(confirmation?.link).toMatch(/\/api\/auth\/verify-email\?token=.+&callbackURL=%2FsetupProfile$/);

    // One new account (the fresh one); the owner's account and password are as they were.
    expect(await t.countRows(user)).toBe(usersBefore + 1);
    expect(await t.countRows(account)).toBe(accountsBefore + 1);
    expect(await t.countRows(user, eq(user.email, 'taken@example.com'))).toBe(1);
    const withNewPassword = await t
      .client()
      .post('/api/auth/sign-in/email', { email: 'taken@example.com', password: 'a brand new password' });
    expect(withNewPassword.status).toBe(401);
    const withOwnPassword = await t
      .client()
      .post('/api/auth/sign-in/email', { email: owner.email, password: owner.password });
    expect(withOwnPassword.status).toBe(200);
  });

  it('signs the new account in only when the mailed link is followed, then goes to /setupProfile', async () => {
    const visitor = t.client();
    expect((await visitor.post('/api/auth/sign-up/email', signUpBody('newcomer@example.com'))).status).toBe(
      200,
    );
    expect(await (await visitor.get('/api/me')).json()).toBeNull();

    const opened = await t.followConfirmationLink(visitor, 'newcomer@example.com');
    expect(opened.headers.get('location')).toBe('/setupProfile');
    expect(opened.headers.getSetCookie().some((c) => c.includes('session_token'))).toBe(true);
    const me = await visitor.get('/api/me');
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      user: { email: 'newcomer@example.com', emailVerified: true },
      profile: null,
    });
  });

  it('refuses a sign-in before the address is confirmed only for the right password, and mails a new link', async () => {
    const visitor = t.client();
    await visitor.post('/api/auth/sign-up/email', signUpBody('unconfirmed@example.com'));
    const mailsBefore = (await t.mailbox()).filter((m) => m.to === 'unconfirmed@example.com').length;

    const wrong = await visitor.post('/api/auth/sign-in/email', {
      email: 'unconfirmed@example.com',
      password: 'not the password',
    });
    expect(wrong.status).toBe(401);
    const right = await visitor.post('/api/auth/sign-in/email', {
      email: 'unconfirmed@example.com',
      password: 'a brand new password',
    });
    expect(right.status).toBe(403);
    expect(await right.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    expect(right.headers.getSetCookie().some((c) => c.includes('session_token'))).toBe(false);
    const mails = (await t.mailbox()).filter((m) => m.to === 'unconfirmed@example.com');
    expect(mails).toHaveLength(mailsBefore + 1);

    await t.followConfirmationLink(visitor, 'unconfirmed@example.com');
    expect(await (await visitor.get('/api/me')).json()).toHaveProperty('user.id');
  });

  it('refuses a sign-up without the terms the same way for both, storing nothing', async () => {
    await t.signUp({ email: 'has-terms@example.com' });
    const usersBefore = await t.countRows(user);
    const existing = await t
      .client()
      .post('/api/auth/sign-up/email', signUpBody('has-terms@example.com', { acceptTerms: false }));
    const fresh = await t
      .client()
      .post('/api/auth/sign-up/email', signUpBody('no-terms@example.com', { acceptTerms: false }));
    expect(existing.status).toBe(400);
    expect(fresh.status).toBe(400);
    expect(await existing.json()).toEqual(await fresh.json());
    expect(await t.countRows(user)).toBe(usersBefore);
  });
});
