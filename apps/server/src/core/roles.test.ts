/**
 * Roles on a new instance and accepted terms: without ADMIN_EMAILS the first account is the admin
 * (with the badge); with it, only those addresses, once confirmed, whoever signs up first; everyone
 * else is a member. Sign-up requires agreeing to the terms, and the account keeps when and to which
 * version.
 */
import type { MeDto } from '@glimpse/shared';
import { termsVersion } from '@glimpse/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.ts';
import { user } from '../db/schema.ts';
import { applyAdminEmails } from './roles.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ ADMIN_EMAILS: 'Boss@Example.com, other@example.com' }, { seedAdmin: false });
});
afterAll(() => t.close());

const me = async (member: { get: (path: string) => Promise<Response> }) =>
  (await (await member.get('/api/me')).json()) as MeDto;
const roleOf = async (context: TestContext, email: string) =>
  (await context.db.select({ role: user.role }).from(user).where(eq(user.email, email)))[0]?.role;

describe('roles', () => {
  it('with ADMIN_EMAILS, the first account is a member, and a listed address is admin only once confirmed', async () => {
    expect(t.admin).toBeNull();
    // Someone else signs up first on a fresh public instance: they win nothing.
    const first = await t.signUpWithProfile();
    expect(await me(first)).toMatchObject({ user: { role: 'member' }, profile: { isAdminUser: false } });
    expect((await first.get('/api/admin/reports')).status).toBe(404);

    // The listed address, signed up but not confirmed: not admin, even given a session somehow.
    const visitor = t.client();
    const signUp = await visitor.post('/api/auth/sign-up/email', {
      email: 'other@example.com',
      password: 'correct horse battery',
      name: 'Other',
      acceptTerms: true,
    });
    expect(signUp.status).toBe(200);
    expect(await roleOf(t, 'other@example.com')).toBe('member');
    const [unconfirmed] = await t.db.select().from(user).where(eq(user.email, 'other@example.com'));
    expect(unconfirmed!.emailVerified).toBe(false);
    await applyAdminEmails(t.db, unconfirmed!.id, t.deps.env.adminEmails);
    expect(await roleOf(t, 'other@example.com')).toBe('member');

    // Confirmed (the mailed link signs in): now the admin.
    await t.followConfirmationLink(visitor, 'other@example.com');
    expect(await roleOf(t, 'other@example.com')).toBe('admin');
  });

  it('without ADMIN_EMAILS, makes the first account the admin, with the badge; later accounts are members', async () => {
    const own = await createTestContext({ ADMIN_EMAILS: '' }, { seedAdmin: false });
    try {
      const first = await own.signUpWithProfile();
      const second = await own.signUpWithProfile();
      expect(await me(first)).toMatchObject({ user: { role: 'admin' }, profile: { isAdminUser: true } });
      expect(await me(second)).toMatchObject({ user: { role: 'member' }, profile: { isAdminUser: false } });
      expect((await first.get('/api/admin/reports')).status).toBe(200);
      expect((await second.get('/api/admin/reports')).status).toBe(404);
    } finally {
      await own.close();
    }
  });

  it('makes ADMIN_EMAILS accounts admins when they sign in, whatever the case of the address', async () => {
    const boss = await t.signUp({ email: 'boss@example.com' });
    expect((await me(boss)).user.role).toBe('admin');
    await t.db.update(user).set({ role: 'member' }).where(eq(user.id, boss.id));
    const again = await t
      .client()
      .post('/api/auth/sign-in/email', { email: boss.email, password: boss.password });
    expect(again.status).toBe(200);
    const [row] = await t.db.select().from(user).where(eq(user.id, boss.id));
    expect(row?.role).toBe('admin');
  });

  it('does not expose better-auth’s own admin endpoints', async () => {
    const [admin] = await t.db.select().from(user).where(eq(user.role, 'admin')).limit(1);
    const client = await t.signInAs(admin!.id);
    expect((await client.post('/api/auth/admin/ban-user', { userId: admin!.id })).status).toBe(404);
    expect((await client.get('/api/auth/admin/list-users')).status).toBe(404);
  });
});

describe('accepted terms', () => {
  it('stores when and which version the account agreed to', async () => {
    const member = await t.signUp();
    const [row] = await t.db.select().from(user).where(eq(user.id, member.id));
    expect(row?.termsVersion).toBe(termsVersion);
    expect(Date.now() - row!.termsAcceptedAt!.getTime()).toBeLessThan(60_000);
  });

  it('refuses a sign-up that did not agree, and creates no account', async () => {
    for (const acceptTerms of [undefined, false, 'yes']) {
      const email = `noterms-${String(acceptTerms)}@example.com`;
      const response = await t
        .client()
        .post('/api/auth/sign-up/email', { email, password: 'long enough password', name: 'x', acceptTerms });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(
        'Please agree to the Terms of Service and Community Guidelines.',
      );
      expect((await t.db.select().from(user).where(eq(user.email, email))).length).toBe(0);
    }
  });
});
