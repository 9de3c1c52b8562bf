/**
 * Email verification (issue 14): sign-up mails a confirmation link; the app works before it is
 * followed (/api/me says emailVerified: false); following it confirms the address; Resend email
 * mails a new link, limited per address.
 */
import { type MeDto, messages, rateLimits } from '@glimpse/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const me = async (member: { get: (p: string) => Promise<Response> }) =>
  (await (await member.get('/api/me')).json()) as MeDto;

describe('email verification', () => {
  it('mails a link at sign-up; following it confirms the address', async () => {
    const member = await t.signUpWithProfile();
    expect((await me(member)).user.emailVerified).toBe(false);
    const mail = (await t.mailbox()).filter((m) => m.to === member.email).at(-1)!;
    expect(mail.subject).toBe(messages.mail.verifySubject);
    expect(mail.link).toMatch(/^http:\/\/localhost:3000\/api\/auth\/verify-email\?token=/);

    const opened = await member.get(mail.link!.replace('http://localhost:3000', ''));
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe('/?emailVerified=1');
    expect((await me(member)).user.emailVerified).toBe(true);
  });

  it('sends a new link on Resend email, and refuses a made-up token', async () => {
    const member = await t.signUpWithProfile();
    const before = (await t.mailbox()).filter((m) => m.to === member.email).length;
    const resend = await member.post('/api/auth/send-verification-email', {
      email: member.email,
      callbackURL: '/?emailVerified=1',
    });
    expect(resend.status).toBe(200);
    expect((await t.mailbox()).filter((m) => m.to === member.email)).toHaveLength(before + 1);
    const forged = await member.get('/api/auth/verify-email?token=not-a-token&callbackURL=%2F');
    expect([302, 401]).toContain(forged.status);
    expect((await me(member)).user.emailVerified).toBe(false);
  });
});

describe('email verification rate limits', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestContext({ RATE_LIMITS: 'on' });
  });
  afterAll(() => limited.close());

  it(`resends at most ${rateLimits.mailPerAddress.max} emails an hour to one address`, async () => {
    const member = await limited.signUp();
    const statuses: number[] = [];
    for (let i = 0; i < rateLimits.mailPerAddress.max + 1; i++) {
      const response = await member.post('/api/auth/send-verification-email', { email: member.email });
      statuses.push(response.status);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(rateLimits.mailPerAddress.max);
  });
});
