/**
 * Change email: it needs the password; the new address gets a link and nothing changes
 * until it is opened; the old address is told; an address that already has an account gets
 * nothing, and the answer and the old address's notice are the same as for a free one. Once the
 * change is made, the old address gets a "This wasn't me" link that puts it back and signs the
 * account out everywhere.
 */
import { type MeDto, messages, passkeyLimits } from '@glimpse/shared';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.ts';
import { decodeQuotedPrintable } from '#test/mail.ts';
import { addPasskey, SoftAuthenticator } from '#test/soft-authenticator.ts';
import { emailChangeUndos, passkeys, user } from '../../db/schema.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const me = async (member: { get: (p: string) => Promise<Response> }) =>
  (await (await member.get('/api/me')).json()) as MeDto;
const mailTo = async (address: string) => (await t.mailbox()).filter((m) => m.to === address);

describe('change email', () => {
  it('changes the address only when the link sent to the new one is opened', async () => {
    const member = await t.signUpWithProfile();
    // An account from before sign-up required a confirmed address, signed in unconfirmed.
    await t.db.update(user).set({ emailVerified: false }).where(eq(user.id, member.id));
    const newEmail = `moved-${member.id.slice(0, 8)}@example.com`.toLowerCase();

    const wrong = await member.post('/api/account/email', { newEmail, password: 'not my password' });
    expect(wrong.status).toBe(400);
    expect(await mailTo(newEmail)).toHaveLength(0);
    const same = await member.post('/api/account/email', {
      newEmail: member.email,
      password: member.password,
    });
    expect(same.status).toBe(400);
    expect((await same.json()).error.message).toBe(messages.changeEmail.same);

    const asked = await member.post('/api/account/email', { newEmail, password: member.password });
    expect(asked.status).toBe(202);
    expect((await me(member)).user).toMatchObject({ email: member.email, emailVerified: false });
    const [notice] = (await mailTo(member.email)).filter(
      (m) => m.subject === messages.changeEmail.noticeSubject,
    );
    expect(decodeQuotedPrintable(notice!.raw)).toContain(newEmail);
    const [link] = await mailTo(newEmail);
    expect(link!.subject).toBe(messages.changeEmail.verifySubject);

    const opened = await member.get(link!.link!.replace('http://localhost:3000', ''));
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe('/settings/account?emailChanged=1');
    // Opening the link proved the new address: confirmed, though the old one never was.
    expect((await me(member)).user).toMatchObject({ email: newEmail, emailVerified: true });

    // The new address signs in; the old one no longer does.
    const laptop = t.client();
    expect(
      (await laptop.post('/api/auth/sign-in/email', { email: member.email, password: member.password }))
        .status,
    ).toBe(401);
    expect(
      (await laptop.post('/api/auth/sign-in/email', { email: newEmail, password: member.password })).status,
    ).toBe(200);
  });

  it('answers the same for an address that already has an account, and mails it nothing', async () => {
    const member = await t.signUpWithProfile();
    const taken = await t.signUpWithProfile();
    const before = (await mailTo(taken.email)).length;
    const asked = await member.post('/api/account/email', {
      newEmail: taken.email,
      password: member.password,
    });
    expect(asked.status).toBe(202);
    expect(await asked.json()).toEqual({ message: messages.changeEmail.sent });
    expect(await mailTo(taken.email)).toHaveLength(before);
    expect((await mailTo(member.email)).some((m) => m.subject === messages.changeEmail.noticeSubject)).toBe(
      true,
    );
    expect((await me(member)).user.email).toBe(member.email);
  });

  it('needs a signed-in caller', async () => {
    const asked = await t
      .client()
      .post('/api/account/email', { newEmail: 'x@example.com', password: 'whatever' });
    expect(asked.status).toBe(401);
  });
});

describe('undo of an email change', () => {
  const appPath = (link: string) => link.replace('http://localhost:3000', '');
  const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

  /** Asks for a change with the password and follows the link mailed to the new address. */
  async function changeEmail(member: Awaited<ReturnType<TestContext['signUp']>>, newEmail: string) {
    expect((await member.post('/api/account/email', { newEmail, password: member.password })).status).toBe(
      202,
    );
    const link = (await mailTo(newEmail)).at(-1)!.link!;
    expect((await t.client().get(appPath(link))).status).toBe(302);
    return link;
  }
  async function undoLinkTo(address: string) {
    const mails = (await mailTo(address)).filter((m) => m.subject === messages.changeEmail.undoSubject);
    return mails.at(-1);
  }
  const undo = (token: string) => t.client().post('/api/account/email/undo', { token });
  const storedEmail = async (id: string) =>
    (
      await t.db.select({ email: user.email, verified: user.emailVerified }).from(user).where(eq(user.id, id))
    )[0]!;

  it('mails the old address a link that puts it back, signs out every device and ends pending links', async () => {
    const member = await t.signUpWithProfile();
    const laptop = t.client();
    await laptop.post('/api/auth/sign-in/email', { email: member.email, password: member.password });
    const newEmail = `thief-${member.id.slice(0, 8)}@example.com`.toLowerCase();
    expect(await undoLinkTo(member.email)).toBeUndefined();
    await changeEmail(member, newEmail);
    expect((await storedEmail(member.id)).email).toBe(newEmail);

    // The old address is told the change was made, with the way back; the new one gets no such link.
    const mail = await undoLinkTo(member.email);
    expect(mail).toBeDefined();
    expect(mail!.raw).toContain(newEmail);
    expect(mail!.link).toMatch(/^http:\/\/localhost:3000\/email-change\/undo\?token=/);
    expect(await undoLinkTo(newEmail)).toBeUndefined();
    // Only a digest of the token is stored, and it works at least 72 hours.
    const [row] = await t.db.select().from(emailChangeUndos).where(eq(emailChangeUndos.userId, member.id));
    expect(row!.tokenDigest).not.toContain(tokenOf(mail!.link!));
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(72 * 60 * 60 * 1000);

    // Whoever made the change asks for a reset link at the new address.
    await t.client().post('/api/auth/request-password-reset', { email: newEmail });
    const resetLink = (await mailTo(newEmail)).at(-1)!.link!;
    expect(resetLink).toContain('/reset-password?token=');

    // The owner follows "This wasn't me" from a signed-out browser.
    const undone = await undo(tokenOf(mail!.link!));
    expect(undone.status).toBe(200);
    expect(await undone.json()).toEqual({
      email: member.email,
      message: messages.changeEmail.undone(member.email),
      passkeysRemoved: 0,
    });
    expect(await storedEmail(member.id)).toEqual({ email: member.email, verified: true });
    expect(await (await member.get('/api/me')).json()).toBeNull();
    expect(await (await laptop.get('/api/me')).json()).toBeNull();
    const reset = await t.client().post('/api/auth/reset-password', {
      token: tokenOf(resetLink),
      newPassword: 'set by whoever took it',
    });
    expect(reset.status).toBe(400);
    const signIn = (email: string) =>
      t.client().post('/api/auth/sign-in/email', { email, password: member.password });
    expect((await signIn(newEmail)).status).toBe(401);
    expect((await signIn(member.email)).status).toBe(200);

    // Once only.
    const again = await undo(tokenOf(mail!.link!));
    expect(again.status).toBe(400);
    expect((await again.json()).error.message).toBe(messages.changeEmail.undoLinkInvalid);
  });

  it('refuses an expired link and a made-up one, and changes nothing', async () => {
    const member = await t.signUpWithProfile();
    const newEmail = `later-${member.id.slice(0, 8)}@example.com`.toLowerCase();
    await changeEmail(member, newEmail);
    const token = tokenOf((await undoLinkTo(member.email))!.link!);
    await t.db
      .update(emailChangeUndos)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(emailChangeUndos.userId, member.id));
    for (const attempt of [token, 'x'.repeat(43)]) {
      const refused = await undo(attempt);
      expect(refused.status).toBe(400);
      expect((await refused.json()).error.message).toBe(messages.changeEmail.undoLinkInvalid);
    }
    expect((await storedEmail(member.id)).email).toBe(newEmail);
    expect(await (await member.get('/api/me')).json()).toHaveProperty('user.id');
  });

  it('refuses a change-email link issued before the undo', async () => {
    const member = await t.signUpWithProfile();
    const newEmail = `twice-${member.id.slice(0, 8)}@example.com`.toLowerCase();
    expect((await member.post('/api/account/email', { newEmail, password: member.password })).status).toBe(
      202,
    );
    const spare = (await mailTo(newEmail)).at(-1)!.link!;
    await changeEmail(member, newEmail);
    expect((await undo(tokenOf((await undoLinkTo(member.email))!.link!))).status).toBe(200);

    const followed = await t.client().get(appPath(spare));
    expect(followed.status).toBe(302);
    expect(followed.headers.get('location')).toContain('error=INVALID_TOKEN');
    expect((await storedEmail(member.id)).email).toBe(member.email);
  });

  it('keeps the old address for the account while the link works', async () => {
    const member = await t.signUpWithProfile();
    const newEmail = `kept-${member.id.slice(0, 8)}@example.com`.toLowerCase();
    await changeEmail(member, newEmail);
    const signUp = () =>
      t.client().post('/api/auth/sign-up/email', {
        email: member.email,
        password: 'someone else entirely',
        name: 'x',
        acceptTerms: true,
      });
    // Answered like every sign-up (sign-up names nobody), and nothing is stored.
    const held = await signUp();
    expect(held.status).toBe(200);
    expect(await held.json()).toEqual({ status: true });
    expect(await t.countRows(user, eq(user.email, member.email))).toBe(0);
    // Once the link can no longer be used, the address is free like any other.
    await t.db
      .update(emailChangeUndos)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(emailChangeUndos.userId, member.id));
    expect((await signUp()).status).toBe(200);
    expect(await t.countRows(user, eq(user.email, member.email))).toBe(1);
  });

  it(`removes the passkeys added in the ${passkeyLimits.recoveryLookbackDays} days before the change or since`, async () => {
    const member = await t.signUpWithProfile();
    const names = async () =>
      (
        await t.db
          .select({ name: passkeys.name })
          .from(passkeys)
          .where(eq(passkeys.userId, member.id))
          .orderBy(asc(passkeys.createdAt))
      ).map((p) => p.name);
    expect((await addPasskey(member, new SoftAuthenticator(), 'Phone')).status).toBe(200);
    await t.db
      .update(passkeys)
      .set({ createdAt: sql`now() - ${passkeyLimits.recoveryLookbackDays + 1} * interval '1 day'` })
      .where(eq(passkeys.userId, member.id));
    // Whoever knows the password adds a passkey, changes the address, and adds another.
    expect((await addPasskey(member, new SoftAuthenticator(), 'Before')).status).toBe(200);
    await changeEmail(member, `keeper-${member.id.slice(0, 8)}@example.com`.toLowerCase());
    const after = new SoftAuthenticator();
    expect((await addPasskey(member, after, 'After')).status).toBe(200);
    expect(await names()).toEqual(['Phone', 'Before', 'After']);

    const undone = await undo(tokenOf((await undoLinkTo(member.email))!.link!));
    expect(undone.status).toBe(200);
    expect(await undone.json()).toMatchObject({ email: member.email, passkeysRemoved: 2 });
    expect(await names()).toEqual(['Phone']);
    // The removed passkey signs in no more.
    const visitor = t.client();
    const { challengeId, options } = (await (
      await visitor.post('/api/auth/passkey/sign-in-options', {})
    ).json()) as { challengeId: string; options: { challenge: string } };
    const signIn = await visitor.post('/api/auth/passkey/sign-in', {
      challengeId,
      response: after.authenticate(options),
    });
    expect(signIn.status).toBe(401);
  });

  it('ends the other undo links of the account', async () => {
    const member = await t.signUpWithProfile();
    const first = `first-${member.id.slice(0, 8)}@example.com`.toLowerCase();
    const second = `second-${member.id.slice(0, 8)}@example.com`.toLowerCase();
    await changeEmail(member, first);
    await changeEmail(member, second);
    const fromOriginal = (await undoLinkTo(member.email))!.link!;
    const fromFirst = (await undoLinkTo(first))!.link!;
    expect((await undo(tokenOf(fromOriginal))).status).toBe(200);
    // The address the change went to cannot move the account back to itself.
    expect((await undo(tokenOf(fromFirst))).status).toBe(400);
    expect((await storedEmail(member.id)).email).toBe(member.email);
  });
});
