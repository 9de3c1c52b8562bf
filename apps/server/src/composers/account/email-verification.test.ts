/**
 * Email verification: sign-up mails a confirmation link and signs nobody in;
 * following the link confirms the address and signs in; Resend email (signed out, from the
 * check-your-email screen) mails a new link, limited per address.
 */
import { type MeDto, messages, rateLimits } from '@glimpse/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const signUpBody = (email: string) => ({
  email,
  password: 'correct horse battery',
  name: email,
  acceptTerms: true,
});

describe('email verification', () => {
  it('mails a link at sign-up; following it confirms the address and signs in', async () => {
    const visitor = t.client();
    expect((await visitor.post('/api/auth/sign-up/email', signUpBody('confirm-me@example.com'))).status).toBe(
      200,
    );
    expect(await (await visitor.get('/api/me')).json()).toBeNull();
    const mail = (await t.lastMailTo('confirm-me@example.com'))!;
    expect(mail.subject).toBe(messages.mail.verifySubject);
    expect(mail.link).toMatch(/^http:\/\/localhost:3000\/api\/auth\/verify-email\?token=/);

    const opened = await t.followConfirmationLink(visitor, 'confirm-me@example.com');
    expect(opened.headers.get('location')).toBe('/setupProfile');
    const me = (await (await visitor.get('/api/me')).json()) as MeDto;
    expect(me.user).toMatchObject({ email: 'confirm-me@example.com', emailVerified: true });
  });

  it('sends a new link on Resend email, and refuses a made-up token', async () => {
    const visitor = t.client();
    await visitor.post('/api/auth/sign-up/email', signUpBody('resend-me@example.com'));
    const before = (await t.mailbox()).filter((m) => m.to === 'resend-me@example.com').length;
    const resend = await visitor.post('/api/auth/send-verification-email', {
      email: 'resend-me@example.com',
      callbackURL: '/setupProfile',
    });
    expect(resend.status).toBe(200);
    expect((await t.mailbox()).filter((m) => m.to === 'resend-me@example.com')).toHaveLength(before + 1);
    const forged = await visitor.get('/api/auth/verify-email?token=not-a-token&callbackURL=%2F');
    expect([302, 401]).toContain(forged.status);
    expect(await (await visitor.get('/api/me')).json()).toBeNull();
    // The newest link works.
    await t.followConfirmationLink(visitor, 'resend-me@example.com');
    expect(await (await visitor.get('/api/me')).json()).toHaveProperty('user.id');
  });
});

describe('email verification rate limits', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestContext({ RATE_LIMITS: 'on' });
  });
  afterAll(() => limited.close());

  it(`mails at most ${rateLimits.mailPerAddress.max} emails an hour to one address, sign-up included`, async () => {
    const visitor = limited.client();
    const email = 'flooded@example.com';
    expect((await visitor.post('/api/auth/sign-up/email', signUpBody(email))).status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < rateLimits.mailPerAddress.max; i++) {
      const response = await visitor.post('/api/auth/send-verification-email', { email });
      statuses.push(response.status);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((s) => s === 200)).toHaveLength(rateLimits.mailPerAddress.max - 1);
  });
});
