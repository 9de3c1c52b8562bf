/**
 * App tokens end with everything that ends a member's sign-in: a password change or reset, "Log
 * out other devices", a suspension and the account's deletion. Each test first uses the token, so
 * that the token check holds a copy in memory: the token must stop working at once anyway, which
 * only the `tokens_revoked` (or `account_status`) event makes true.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientApiClient, issueTestToken } from '#test/client-api.ts';
import { createTestContext, type TestContext } from '#test/context.ts';
import { oauthCodes, oauthTokens } from '../db/schema.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** A member (signed up with a password) with two app tokens, each used once. */
async function memberWithApps() {
  const member = await t.signUpWithProfile();
  const first = await issueTestToken(t, member.id, ['read']);
  const second = await issueTestToken(t, member.id, ['read', 'write']);
  const apis = [clientApiClient(t, first.token), clientApiClient(t, second.token)];
  for (const api of apis) expect((await api.get('/api/v1/accounts/verify_credentials')).status).toBe(200);
  return { member, apis };
}

async function expectEnded(member: { id: string }, apis: ReturnType<typeof clientApiClient>[]) {
  // The live event is delivered on the next turn of the event loop (the in-process transport).
  await new Promise((resolve) => setTimeout(resolve, 20));
  for (const api of apis) {
    const response = await api.get('/api/v1/accounts/verify_credentials');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'The access token is invalid' });
  }
  expect(await t.countRows(oauthTokens, eq(oauthTokens.userId, member.id))).toBe(0);
}

describe('app tokens end', () => {
  it('when the member changes the password', async () => {
    const { member, apis } = await memberWithApps();
    const bystander = await memberWithApps();
    const changed = await member.post('/api/auth/change-password', {
      currentPassword: member.password,
      newPassword: 'a changed password here',
    });
    expect(changed.status).toBe(200);
    await expectEnded(member, apis);
    // Another member's apps stay.
    for (const api of bystander.apis)
      expect((await api.get('/api/v1/accounts/verify_credentials')).status).toBe(200);
  });

  it('stay when a change of password is refused', async () => {
    const { member, apis } = await memberWithApps();
    const refused = await member.post('/api/auth/change-password', {
      currentPassword: 'not the password',
      newPassword: 'a changed password here',
    });
    expect(refused.status).toBe(400);
    for (const api of apis) expect((await api.get('/api/v1/accounts/verify_credentials')).status).toBe(200);
  });

  it('when the password is reset by the mailed link', async () => {
    const { member, apis } = await memberWithApps();
    expect((await t.client().post('/api/auth/request-password-reset', { email: member.email })).status).toBe(
      200,
    );
    const link = (await t.lastMailTo(member.email))?.link;
    const token = new URL(link!).searchParams.get('token')!;
    const reset = await t
      .client()
      .post('/api/auth/reset-password', { token, newPassword: 'a reset password' });
    expect(reset.status).toBe(200);
    await expectEnded(member, apis);
  });

  it('when the member logs out other devices, and a pending code with them', async () => {
    const { member, apis } = await memberWithApps();
    const [app] = await t.db
      .select({ appId: oauthTokens.appId })
      .from(oauthTokens)
      .where(eq(oauthTokens.userId, member.id));
    await t.db.insert(oauthCodes).values({
      codeHash: 'pending-code-hash',
      appId: app!.appId,
      userId: member.id,
      redirectUri: 'urn:ietf:wg:oauth:2.0:oob',
      scopes: ['read'],
      expiresAt: new Date(Date.now() + 60_000),
    });
    expect((await member.post('/api/auth/revoke-other-sessions', {})).status).toBe(200);
    await expectEnded(member, apis);
    expect(await t.countRows(oauthCodes, and(eq(oauthCodes.userId, member.id)))).toBe(0);
  });

  it('when a moderator suspends the account, and they stay ended once it is lifted', async () => {
    const { member, apis } = await memberWithApps();
    const reporter = await t.signUpWithProfile();
    const report = await reporter.post(`/api/users/${member.id}/reports`, { reason: 'spam' });
    const { id } = (await report.json()) as { id: string };
    expect((await t.admin!.post(`/api/admin/reports/${id}/suspend`, {})).status).toBe(200);
    await expectEnded(member, apis);
    expect((await t.admin!.post(`/api/admin/users/${member.id}/lift-suspension`, {})).status).toBe(200);
    for (const api of apis) expect((await api.get('/api/v1/accounts/verify_credentials')).status).toBe(401);
  });

  it('when the member deletes the account', async () => {
    const { member, apis } = await memberWithApps();
    expect((await member.post('/api/account/delete', { password: member.password })).status).toBe(204);
    await expectEnded(member, apis);
  });
});
