/**
 * Roles on a new instance and accepted terms: the first account is the admin (with the badge),
 * ADMIN_EMAILS makes admins at sign-in, everyone else is a member; sign-up requires agreeing to the
 * terms, and the account keeps when and to which version.
 */
import type { MeDto } from '@glimpse/shared';
import { termsVersion } from '@glimpse/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../db/schema.ts';
import { createTestContext, type TestContext } from '../test/context.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ ADMIN_EMAILS: 'Boss@Example.com, other@example.com' }, { seedAdmin: false });
});
afterAll(() => t.close());

const me = async (member: { get: (path: string) => Promise<Response> }) =>
  (await (await member.get('/api/me')).json()) as MeDto;

describe('roles', () => {
  it('makes the first account the admin, with the badge; later accounts are members', async () => {
    expect(t.admin).toBeNull();
    const first = await t.signUpWithProfile();
    const second = await t.signUpWithProfile();
    expect(await me(first)).toMatchObject({ user: { role: 'admin' }, profile: { isAdminUser: true } });
    expect(await me(second)).toMatchObject({ user: { role: 'member' }, profile: { isAdminUser: false } });
    expect((await first.get('/api/admin/reports')).status).toBe(200);
    expect((await second.get('/api/admin/reports')).status).toBe(404);
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
