/**
 * Password reset through better-auth's endpoints as the web app calls them: the same
 * answer whether or not an address has an account, a single-use link valid for an hour stored only
 * as a digest, every session of the account ended at once (its signed copies too), the passkeys
 * added lately removed, rate limits per address.
 */
import { messages, passkeyLimits, rateLimits } from '@glimpse/shared';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.ts';
import { addPasskey, SoftAuthenticator } from '#test/soft-authenticator.ts';
import { passkeys, verification } from '../../db/schema.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const tokenOf = (link: string | null) => new URL(link!).searchParams.get('token')!;

async function requestReset(email: string) {
  const response = await t.client().post('/api/auth/request-password-reset', { email });
  return { status: response.status, body: await response.json() };
}

async function signIn(email: string, password: string) {
  const visitor = t.client();
  const response = await visitor.post('/api/auth/sign-in/email', { email, password });
  return { status: response.status, visitor };
}

describe('password reset', () => {
  it('answers an unknown address exactly as a known one, and mails only the known one', async () => {
    const member = await t.signUp();
    const before = (await t.mailbox()).length;
    const known = await requestReset(member.email);
    const unknown = await requestReset('nobody-here@example.com');
    expect(known).toEqual(unknown);
    expect(known.status).toBe(200);
    const mails = (await t.mailbox()).slice(before);
    expect(mails.map((m) => m.to)).toEqual([member.email]);
    expect(mails[0]!.subject).toBe(messages.mail.resetSubject);
    expect(mails[0]!.link).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=/);
  });

  it('stores the token only as a digest that expires in an hour', async () => {
    const member = await t.signUp();
    await requestReset(member.email);
    const token = tokenOf((await t.mailbox()).at(-1)!.link);
    const rows = await t.db.select().from(verification).where(eq(verification.value, member.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.identifier).not.toContain(token);
    const minutes = (rows[0]!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(58);
    expect(minutes).toBeLessThanOrEqual(60);
  });

  it('sets the new password once, ends every session at once, and the link cannot be used again', async () => {
    const member = await t.signUp();
    const laptop = await signIn(member.email, member.password);
    // Both clients hold a fresh signed copy of their session: it must not keep them signed in.
    expect(await (await member.get('/api/me')).json()).toHaveProperty('user.id');
    expect(await (await laptop.visitor.get('/api/me')).json()).toHaveProperty('user.id');
    await requestReset(member.email);
    const token = tokenOf((await t.mailbox()).at(-1)!.link);

    const reset = await t
      .client()
      .post('/api/auth/reset-password', { token, newPassword: 'a brand new secret' });
    expect(reset.status).toBe(200);
    expect(await (await member.get('/api/me')).json()).toBeNull();
    expect(await (await laptop.visitor.get('/api/me')).json()).toBeNull();

    expect((await signIn(member.email, member.password)).status).toBe(401);
    expect((await signIn(member.email, 'a brand new secret')).status).toBe(200);

    const again = await t
      .client()
      .post('/api/auth/reset-password', { token, newPassword: 'another new secret' });
    expect(again.status).toBe(400);
    expect((await signIn(member.email, 'another new secret')).status).toBe(401);
  });

  it(`removes the passkeys added in the last ${passkeyLimits.recoveryLookbackDays} days, and keeps older ones`, async () => {
    const member = await t.signUpWithProfile();
    expect((await addPasskey(member, new SoftAuthenticator(), 'Phone')).status).toBe(200);
    // The owner's phone has held its passkey for longer than the look-back.
    await t.db
      .update(passkeys)
      .set({ createdAt: sql`now() - ${passkeyLimits.recoveryLookbackDays + 1} * interval '1 day'` })
      .where(eq(passkeys.userId, member.id));
    // Whoever knew the password added one lately.
    expect((await addPasskey(member, new SoftAuthenticator(), 'Not mine')).status).toBe(200);

    await requestReset(member.email);
    const token = tokenOf((await t.mailbox()).at(-1)!.link);
    const reset = await t
      .client()
      .post('/api/auth/reset-password', { token, newPassword: 'a brand new secret' });
    expect(reset.status).toBe(200);
    const left = await t.db
      .select({ name: passkeys.name })
      .from(passkeys)
      .where(eq(passkeys.userId, member.id))
      .orderBy(asc(passkeys.createdAt));
    expect(left).toEqual([{ name: 'Phone' }]);
  });

  it('refuses an expired link and a made-up one', async () => {
    const member = await t.signUp();
    await requestReset(member.email);
    const token = tokenOf((await t.mailbox()).at(-1)!.link);
    await t.db
      .update(verification)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(verification.value, member.id));
    const expired = await t
      .client()
      .post('/api/auth/reset-password', { token, newPassword: 'a brand new secret' });
    expect(expired.status).toBe(400);
    const madeUp = await t.client().post('/api/auth/reset-password', {
      token: 'x'.repeat(24),
      newPassword: 'a brand new secret',
    });
    expect(madeUp.status).toBe(400);
    expect((await signIn(member.email, member.password)).status).toBe(200);
  });
});

describe('outstanding reset links', () => {
  const resetLinksTo = async (email: string) =>
    (await t.mailbox())
      .filter((m) => m.to === email && m.subject === messages.mail.resetSubject)
      .map((m) => tokenOf(m.link));
  async function twoLinks(email: string) {
    await requestReset(email);
    const [older] = await resetLinksTo(email);
    await requestReset(email);
    const newer = (await resetLinksTo(email)).find((token) => token !== older);
    expect(older).toBeDefined();
    expect(newer).toBeDefined();
    return { older: older!, newer: newer! };
  }
  const reset = (token: string, newPassword: string) =>
    t.client().post('/api/auth/reset-password', { token, newPassword });

  it('end when any one of them is used', async () => {
    const member = await t.signUp();
    const { older, newer } = await twoLinks(member.email);
    expect((await reset(newer, 'the newer link set this')).status).toBe(200);
    expect((await reset(older, 'the older link set this')).status).toBe(400);
    expect((await signIn(member.email, 'the older link set this')).status).toBe(401);
    expect((await signIn(member.email, 'the newer link set this')).status).toBe(200);
  });

  it('end when the password is changed on the settings screen', async () => {
    const member = await t.signUp();
    const { older, newer } = await twoLinks(member.email);
    const changed = await member.post('/api/auth/change-password', {
      currentPassword: member.password,
      newPassword: 'changed on the settings screen',
      revokeOtherSessions: true,
    });
    expect(changed.status).toBe(200);
    for (const token of [older, newer]) expect((await reset(token, 'a link set this')).status).toBe(400);
    expect((await signIn(member.email, 'changed on the settings screen')).status).toBe(200);
  });

  it('stay when a change of password is refused, and belong to their own account only', async () => {
    const member = await t.signUp();
    const other = await t.signUp();
    const { newer } = await twoLinks(member.email);
    const othersLink = (await twoLinks(other.email)).newer;
    const refused = await member.post('/api/auth/change-password', {
      currentPassword: 'not the password',
      newPassword: 'never set',
      revokeOtherSessions: false,
    });
    expect(refused.status).toBe(400);
    // The other account changing its password leaves this account's links alone, and the other way round.
    await other.post('/api/auth/change-password', {
      currentPassword: other.password,
      newPassword: 'other account changed',
      revokeOtherSessions: false,
    });
    expect((await reset(newer, 'still works after all')).status).toBe(200);
    expect((await reset(othersLink, 'the other link')).status).toBe(400);
  });
});

describe('password reset rate limits', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestContext({ RATE_LIMITS: 'on' });
  });
  afterAll(() => limited.close());

  it(`sends at most ${rateLimits.mailPerAddress.max} emails an hour to one address, known or not`, async () => {
    for (const email of ['limit-me@example.com', 'nobody-limit@example.com']) {
      const statuses: number[] = [];
      for (let i = 0; i <= rateLimits.mailPerAddress.max; i++) {
        const response = await limited.client().post('/api/auth/request-password-reset', { email });
        statuses.push(response.status);
        if (response.status === 429) {
          expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
            messages.account.tooManyEmails,
          );
          expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
        }
      }
      expect(statuses).toEqual([...Array(rateLimits.mailPerAddress.max).fill(200), 429]);
    }
    // Another address from the same client still gets its email.
    const other = await limited
      .client()
      .post('/api/auth/request-password-reset', { email: 'fresh@example.com' });
    expect(other.status).toBe(200);
  });
});
