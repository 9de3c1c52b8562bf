/**
 * Who may join, through the real sign-up and sign-in routes: each registration mode as a stranger,
 * an invitee with a good, used-up, expired and revoked code, a waiting account trying every way in
 * (password, the two-factor step, the confirmation link, an app's consent screen), a moderator
 * answering it (mail checked in the file mailbox), an admin changing the mode, and what NodeInfo and
 * the instance API say of it.
 */
import type { RegistrationAdminDto, RegistrationInfoDto, RegistrationMode } from '@glimpse/shared';
import { limits, messages } from '@glimpse/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.ts';
import { invites, notifications, rejectedSignUps, signUps, user } from '../../db/schema.ts';

let t: TestContext;
let admin: NonNullable<TestContext['admin']>;
let moderator: Awaited<ReturnType<TestContext['signInAs']>>;
let member: Awaited<ReturnType<TestContext['signInAs']>>;

beforeAll(async () => {
  t = await createTestContext({ REGISTRATIONS_WAITING_MAX: '3' });
  admin = t.admin!;
  const [moderatorId, memberId] = await t.insertMembers(2, 'Staff');
  await t.db.update(user).set({ role: 'moderator' }).where(eq(user.id, moderatorId!));
  moderator = await t.signInAs(moderatorId!);
  member = await t.signInAs(memberId!);
});
afterAll(() => t.close());

let counter = 0;
const freshEmail = () => `joiner${++counter}-${Date.now()}@example.com`;
const password = 'a brand new password';

async function setMode(mode: RegistrationMode) {
  const response = await admin.put('/api/admin/registrations', { mode });
  expect(response.status).toBe(200);
}

beforeEach(async () => {
  await setMode('open');
  // Each test starts with no one waiting, so the cap of 3 is each test's own.
  await t.db.update(signUps).set({ waiting: false });
});

function signUpAs(email: string, extra: Record<string, unknown> = {}) {
  return t
    .client()
    .post('/api/auth/sign-up/email', { email, password, name: 'Joiner', acceptTerms: true, ...extra });
}

async function errorOf(response: Response) {
  return (await response.json()) as { code?: string; message?: string };
}

/** Signs up and follows the mailed link; answers the visitor and where the link landed. */
async function signUpAndConfirm(email: string, extra: Record<string, unknown> = {}) {
  const visitor = t.client();
  const response = await visitor.post('/api/auth/sign-up/email', {
    email,
    password,
    name: 'Joiner',
    acceptTerms: true,
    ...extra,
  });
  expect(response.status, await response.clone().text()).toBe(200);
  const landed = await t.followConfirmationLink(visitor, email);
  return { visitor, landed: landed.headers.get('location') ?? '' };
}

async function userIdOf(email: string) {
  const [row] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return row?.id;
}

async function signIn(email: string) {
  const visitor = t.client();
  const response = await visitor.post('/api/auth/sign-in/email', { email, password });
  return { visitor, response };
}

async function makeInvite(fields: Partial<typeof invites.$inferInsert> = {}) {
  const code = `code-${++counter}-${Date.now()}`;
  await t.db.insert(invites).values({ code, inviterId: member.id, ...fields });
  return code;
}

describe('open', () => {
  it('lets a stranger sign up and sign in, and NodeInfo and the instance API say registrations are open', async () => {
    const email = freshEmail();
    const { visitor } = await signUpAndConfirm(email);
    expect(await (await visitor.get('/api/me')).json()).toMatchObject({ user: { email } });
    const info = (await (await t.client().get('/nodeinfo/2.1')).json()) as { openRegistrations: boolean };
    expect(info.openRegistrations).toBe(true);
    const v2 = (await (await t.client().get('/api/v2/instance')).json()) as { registrations: unknown };
    expect(v2.registrations).toMatchObject({ enabled: true, approval_required: false, message: null });
  });
});

describe('closed', () => {
  it('refuses every sign-up alike, new address or taken, and says so to /signup', async () => {
    await setMode('closed');
    for (const email of [freshEmail(), admin.email]) {
      const response = await signUpAs(email);
      expect(response.status).toBe(403);
      expect(await errorOf(response)).toMatchObject({
        code: 'REGISTRATIONS_CLOSED',
        message: messages.registrations.closed,
      });
    }
    const shown = (await (await t.client().get('/api/registrations')).json()) as RegistrationInfoDto;
    expect(shown.mode).toBe('closed');
    // The admin has a profile: the contact is their account.
    expect(shown.contact.profileId).toBe(admin.id);
    const info = (await (await t.client().get('/nodeinfo/2.1')).json()) as { openRegistrations: boolean };
    expect(info.openRegistrations).toBe(false);
    const v1 = (await (await t.client().get('/api/v1/instance')).json()) as { registrations: boolean };
    expect(v1.registrations).toBe(false);
  });

  it('turns an invite away too', async () => {
    await setMode('closed');
    const response = await signUpAs(freshEmail(), { inviteCode: await makeInvite() });
    expect(response.status).toBe(403);
    expect(await errorOf(response)).toMatchObject({ code: 'REGISTRATIONS_CLOSED' });
  });
});

describe('invite only', () => {
  it('refuses a stranger without a code, and lets an invitee in without approval', async () => {
    await setMode('invite');
    const refused = await signUpAs(freshEmail());
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toMatchObject({ code: 'INVITE_REQUIRED' });

    const code = await makeInvite({ maxUses: 1 });
    const state = (await (
      await t.client().get(`/api/registrations?invite=${code}`)
    ).json()) as RegistrationInfoDto;
    expect(state.invite).toEqual({ state: 'valid', inviterName: 'Staff Member1' });
    const email = freshEmail();
    const { visitor } = await signUpAndConfirm(email, { inviteCode: code });
    expect(await (await visitor.get('/api/me')).json()).toMatchObject({ user: { email } });
    const [row] = await t.db
      .select()
      .from(signUps)
      .where(eq(signUps.userId, (await userIdOf(email))!));
    expect(row).toMatchObject({ waiting: false, inviterId: member.id });
    const [used] = await t.db.select({ uses: invites.uses }).from(invites).where(eq(invites.code, code));
    expect(used?.uses).toBe(1);
  });

  it('refuses a used-up, an expired, a revoked and an unknown code, each in its words, and stores nothing', async () => {
    await setMode('invite');
    const cases = [
      ['INVITE_USED_UP', messages.registrations.inviteUsedUp, await makeInvite({ maxUses: 1, uses: 1 })],
      [
        'INVITE_EXPIRED',
        messages.registrations.inviteExpired,
        await makeInvite({ expiresAt: new Date(Date.now() - 1000) }),
      ],
      ['INVITE_REVOKED', messages.registrations.inviteRevoked, await makeInvite({ revokedAt: new Date() })],
      ['INVITE_UNKNOWN', messages.registrations.inviteUnknown, 'no-such-code'],
    ] as const;
    for (const [code, message, inviteCode] of cases) {
      const email = freshEmail();
      const response = await signUpAs(email, { inviteCode });
      expect(response.status, code).toBe(400);
      expect(await errorOf(response)).toEqual(expect.objectContaining({ code, message }));
      expect(await userIdOf(email)).toBeUndefined();
      const shown = (await (
        await t.client().get(`/api/registrations?invite=${inviteCode}`)
      ).json()) as RegistrationInfoDto;
      expect(shown.invite?.state).toBe(code.replace('INVITE_', '').toLowerCase());
    }
  });

  it('gives the last use of an invite to one of two sign-ups at once', async () => {
    await setMode('invite');
    const code = await makeInvite({ maxUses: 1 });
    const answers = await Promise.all([
      signUpAs(freshEmail(), { inviteCode: code }),
      signUpAs(freshEmail(), { inviteCode: code }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
    const [row] = await t.db.select({ uses: invites.uses }).from(invites).where(eq(invites.code, code));
    expect(row?.uses).toBe(1);
  });
});

describe('approval required', () => {
  it('asks a reason, up to the limit', async () => {
    await setMode('approval');
    const missing = await signUpAs(freshEmail());
    expect(missing.status).toBe(400);
    expect(await errorOf(missing)).toMatchObject({
      code: 'REASON_REQUIRED',
      message: messages.registrations.reasonRequired,
    });
    const long = await signUpAs(freshEmail(), { reason: 'x'.repeat(limits.registrationReasonMax + 1) });
    expect(long.status).toBe(400);
  });

  it('makes the account wait: no way in until a moderator approves it, then the password signs in', async () => {
    await setMode('approval');
    const email = freshEmail();
    const { visitor, landed } = await signUpAndConfirm(email, {
      reason: 'I photograph the harbour every morning.',
    });
    // The confirmation link confirms the address but signs nobody in.
    expect(landed).toBe(`${t.deps.env.publicUrl}/login?waiting=1`);
    expect(await (await visitor.get('/api/me')).text()).toBe('null');
    const userId = (await userIdOf(email))!;

    // The password, right: refused with the waiting words, and no session.
    const first = await signIn(email);
    expect(first.response.status).toBe(403);
    expect(await errorOf(first.response)).toMatchObject({
      code: 'ACCOUNT_WAITING',
      message: messages.registrations.waitingForApproval,
    });
    expect(await (await first.visitor.get('/api/me')).text()).toBe('null');
    // A wrong password says nothing of the waiting.
    const wrong = await t.client().post('/api/auth/sign-in/email', { email, password: 'not the password' });
    expect(wrong.status).toBe(401);
    // With two-factor on, the password step still makes no session and asks for no code.
    await t.db.update(user).set({ twoFactorEnabled: true }).where(eq(user.id, userId));
    const twoFactor = await signIn(email);
    expect(twoFactor.response.status).toBe(403);
    expect(await errorOf(twoFactor.response)).toMatchObject({ code: 'ACCOUNT_WAITING' });
    await t.db.update(user).set({ twoFactorEnabled: false }).where(eq(user.id, userId));
    // A passkey sign-in ends in the same session hook; without a session there is no consent screen for apps.
    const consent = await first.visitor.get(
      '/api/oauth/authorize?client_id=x&redirect_uri=urn:ietf:wg:oauth:2.0:oob&response_type=code',
    );
    expect(consent.status).toBe(401);
    // Any API route: signed out.
    expect((await first.visitor.get('/api/feed')).status).toBe(401);

    // Staff were told, in the app and by mail.
    const told = await t.db.select().from(notifications).where(eq(notifications.type, 'sign_ups_waiting'));
    expect(told.map((n) => n.recipientId).sort()).toEqual([admin.id, moderator.id].sort());
    const staffMail = await t.lastMailTo(moderator.email);
    expect(staffMail?.subject).toBe(messages.registrations.waitingSubject);

    // The moderator sees it, with its reason, and approves.
    const list = (await (await moderator.get('/api/admin/registrations')).json()) as RegistrationAdminDto;
    expect(list.canEdit).toBe(false);
    expect(list.waiting).toEqual([
      expect.objectContaining({
        userId,
        email,
        reason: 'I photograph the harbour every morning.',
        sameNetworkLastDay: expect.any(Number),
      }),
    ]);
    expect((await moderator.post(`/api/admin/registrations/${userId}/approve`)).status).toBe(204);
    // A second answer finds nothing waiting.
    expect((await admin.post(`/api/admin/registrations/${userId}/reject`)).status).toBe(404);
    const approved = await t.lastMailTo(email);
    expect(approved?.subject).toBe(messages.registrations.approvedSubject);

    const after = await signIn(email);
    expect(after.response.status).toBe(200);
    expect(await (await after.visitor.get('/api/me')).json()).toMatchObject({ user: { email } });
  });

  it('tells staff at most once an hour', async () => {
    await setMode('approval');
    const before = await t.countRows(notifications, eq(notifications.recipientId, admin.id));
    await signUpAndConfirm(freshEmail(), { reason: 'First' });
    await signUpAndConfirm(freshEmail(), { reason: 'Second' });
    // The first test's notice was within the hour: neither sign-up told anyone again.
    expect(await t.countRows(notifications, eq(notifications.recipientId, admin.id))).toBe(before);
  });

  it('rejects: the account goes, the address is told, and may not sign up again for 7 days', async () => {
    await setMode('approval');
    const email = freshEmail();
    await signUpAndConfirm(email, { reason: 'Hello' });
    const userId = (await userIdOf(email))!;
    expect((await admin.post(`/api/admin/registrations/${userId}/reject`)).status).toBe(204);
    expect(await userIdOf(email)).toBeUndefined();
    expect((await t.lastMailTo(email))?.subject).toBe(messages.registrations.rejectedSubject);

    const again = await signUpAs(email, { reason: 'Please' });
    expect(again.status).toBe(403);
    expect(await errorOf(again)).toMatchObject({
      code: 'REJECTED_RECENTLY',
      message: messages.registrations.rejectedRecently(7),
    });
    await t.db
      .update(rejectedSignUps)
      .set({ rejectedAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(rejectedSignUps.email, email));
    expect((await signUpAs(email, { reason: 'Please' })).status).toBe(200);
  });

  it('pauses sign-ups once the waiting list is full', async () => {
    await setMode('approval');
    for (let i = 0; i < 3; i++) expect((await signUpAs(freshEmail(), { reason: 'Me too' })).status).toBe(200);
    const paused = await signUpAs(freshEmail(), { reason: 'And me' });
    expect(paused.status).toBe(403);
    expect(await errorOf(paused)).toMatchObject({
      code: 'SIGN_UPS_PAUSED',
      message: messages.registrations.paused,
    });
    expect(((await (await t.client().get('/api/registrations')).json()) as RegistrationInfoDto).paused).toBe(
      true,
    );
    // An invitee skips the waiting list, and so the pause.
    expect((await signUpAs(freshEmail(), { inviteCode: await makeInvite() })).status).toBe(200);
  });

  it('lets an invitee skip approval', async () => {
    await setMode('approval');
    const email = freshEmail();
    const { visitor } = await signUpAndConfirm(email, { inviteCode: await makeInvite() });
    expect(await (await visitor.get('/api/me')).json()).toMatchObject({ user: { email } });
  });

  it('is told to apps and NodeInfo', async () => {
    await setMode('approval');
    const v2 = (await (await t.client().get('/api/v2/instance')).json()) as { registrations: unknown };
    expect(v2.registrations).toMatchObject({ enabled: true, approval_required: true });
    const v1 = (await (await t.client().get('/api/v1/instance')).json()) as Record<string, unknown>;
    expect(v1).toMatchObject({ registrations: true, approval_required: true });
    const info = (await (await t.client().get('/nodeinfo/2.1')).json()) as { openRegistrations: boolean };
    expect(info.openRegistrations).toBe(false);
  });
});

describe('the settings', () => {
  it('are admins’ to change; a moderator and a member find no such route, and nothing changes', async () => {
    for (const caller of [moderator, member]) {
      const response = await caller.put('/api/admin/registrations', { mode: 'closed' });
      expect(response.status).toBe(404);
    }
    expect((await member.get('/api/admin/registrations')).status).toBe(404);
    expect((await t.client().get('/api/admin/registrations')).status).toBe(401);
    const shown = (await (await t.client().get('/api/registrations')).json()) as RegistrationInfoDto;
    expect(shown.mode).toBe('open');
  });

  it('let admins keep invites to staff: a member may not create one, a moderator may', async () => {
    expect((await admin.put('/api/admin/registrations', { invitesBy: 'staff' })).status).toBe(200);
    const refused = await member.post('/api/invites', { maxUses: null, expiresIn: 'never' });
    expect(refused.status).toBe(403);
    expect(((await (await member.get('/api/invites')).json()) as { mayCreate: boolean }).mayCreate).toBe(
      false,
    );
    expect((await moderator.post('/api/invites', { expiresIn: '1d' })).status).toBe(201);
    expect((await admin.put('/api/admin/registrations', { invitesBy: 'members' })).status).toBe(200);
  });
});
