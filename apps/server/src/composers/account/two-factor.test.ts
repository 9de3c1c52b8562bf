/**
 * Two-factor through better-auth's plugin as the web app calls it: set up with the
 * password, confirm with a code computed from the otpauth URI (as an authenticator app would),
 * then sign-in asks for a code: a wrong one is refused, a right one signs in, a backup code works
 * once; Delete account then wants a code too. A code is good once (auth/totp-replay.ts), so the
 * clock moves one 30-second step on before each new code, as it would between real sign-ins.
 */
import { messages } from '@glimpse/shared';
import { eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.ts';
import { user } from '../../db/schema.ts';

let t: TestContext;
beforeAll(async () => {
  // Only Date is faked, and it keeps moving: better-auth and the test read the same clock.
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  t = await createTestContext();
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

/** The clock one TOTP step (30 s) on: the authenticator app shows a new code. */
const nextStep = () => vi.setSystemTime(Date.now() + 30_000);

const json = async <T>(response: Response) => (await response.json()) as T;

describe('two-factor', () => {
  it('is set up with the password and a first code, then asked for at sign-in', async () => {
    const member = await t.signUpWithProfile();
    expect((await member.post('/api/auth/two-factor/enable', { password: 'wrong password' })).status).toBe(
      400,
    );
    const enabled = await member.post('/api/auth/two-factor/enable', { password: member.password });
    expect(enabled.status).toBe(200);
    const { totpURI, backupCodes } = await json<{ totpURI: string; backupCodes: string[] }>(enabled);
    expect(backupCodes).toHaveLength(10);
    const totp = OTPAuth.URI.parse(totpURI) as OTPAuth.TOTP;
    expect(totp.issuer).toBe('Glimpse');

    // Not on until a first code confirms the app has the key.
    const [before] = await t.db
      .select({ on: user.twoFactorEnabled })
      .from(user)
      .where(eq(user.id, member.id));
    expect(before!.on).toBe(false);
    expect((await member.post('/api/auth/two-factor/verify-totp', { code: '000000' })).status).toBe(401);
    expect((await member.post('/api/auth/two-factor/verify-totp', { code: totp.generate() })).status).toBe(
      200,
    );
    const [after] = await t.db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, member.id));
    expect(after!.on).toBe(true);
    expect(await (await member.get('/api/me')).json()).toHaveProperty('user.id');

    // Sign-in: the password alone makes no session.
    const laptop = t.client();
    const first = await laptop.post('/api/auth/sign-in/email', {
      email: member.email,
      password: member.password,
    });
    expect(await json(first)).toMatchObject({ twoFactorRedirect: true });
    expect(await (await laptop.get('/api/me')).json()).toBeNull();
    expect((await laptop.post('/api/auth/two-factor/verify-totp', { code: '123456' })).status).toBe(401);
    expect(await (await laptop.get('/api/me')).json()).toBeNull();
    nextStep();
    expect((await laptop.post('/api/auth/two-factor/verify-totp', { code: totp.generate() })).status).toBe(
      200,
    );
    expect(await (await laptop.get('/api/me')).json()).toHaveProperty('user.id');

    // A backup code signs in once.
    const phone = t.client();
    await phone.post('/api/auth/sign-in/email', { email: member.email, password: member.password });
    expect(
      (await phone.post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[0] })).status,
    ).toBe(200);
    expect(await (await phone.get('/api/me')).json()).toHaveProperty('user.id');
    const tablet = t.client();
    await tablet.post('/api/auth/sign-in/email', { email: member.email, password: member.password });
    expect(
      (await tablet.post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[0] })).status,
    ).toBe(401);
    expect(await (await tablet.get('/api/me')).json()).toBeNull();

    // Delete account now needs a code as well.
    const noCode = await laptop.post('/api/account/delete', { password: member.password });
    expect(noCode.status).toBe(400);
    expect((await json<{ error: { fields: Record<string, string> } }>(noCode)).error.fields.code).toBe(
      messages.account.codeRequired,
    );
    const wrongCode = await laptop.post('/api/account/delete', { password: member.password, code: '000000' });
    expect((await json<{ error: { fields: Record<string, string> } }>(wrongCode)).error.fields.code).toBe(
      messages.account.codeWrong,
    );
    expect(await t.countRows(user, eq(user.id, member.id))).toBe(1);
    nextStep();
    const deleted = await laptop.post('/api/account/delete', {
      password: member.password,
      code: totp.generate(),
    });
    expect(deleted.status).toBe(204);
    expect(await t.countRows(user, eq(user.id, member.id))).toBe(0);
  });
});

describe('a TOTP code', () => {
  async function memberWithTwoFactor() {
    const member = await t.signUpWithProfile();
    const { totpURI, backupCodes } = await json<{ totpURI: string; backupCodes: string[] }>(
      await member.post('/api/auth/two-factor/enable', { password: member.password }),
    );
    const totp = OTPAuth.URI.parse(totpURI) as OTPAuth.TOTP;
    const enabling = totp.generate();
    expect((await member.post('/api/auth/two-factor/verify-totp', { code: enabling })).status).toBe(200);
    return { member, totp, enabling, backupCodes };
  }
  async function waitingForCode(member: { email: string; password: string }) {
    const device = t.client();
    const first = await device.post('/api/auth/sign-in/email', {
      email: member.email,
      password: member.password,
    });
    expect(await json(first)).toMatchObject({ twoFactorRedirect: true });
    return device;
  }
  const verify = (device: ReturnType<TestContext['client']>, code: string) =>
    device.post('/api/auth/two-factor/verify-totp', { code });

  it('signs in once: the same code, or one of an earlier step, is refused the second time', async () => {
    const { member, totp, enabling } = await memberWithTwoFactor();
    // The code that turned two-factor on cannot then sign in, though it is still within its window.
    const laptop = await waitingForCode(member);
    expect((await verify(laptop, enabling)).status).toBe(401);
    expect(await (await laptop.get('/api/me')).json()).toBeNull();
    nextStep();
    const fresh = totp.generate();
    expect((await verify(laptop, fresh)).status).toBe(200);
    expect(await (await laptop.get('/api/me')).json()).toHaveProperty('user.id');

    // Someone who saw that code, within the same minute and a half.
    const stranger = await waitingForCode(member);
    const replayed = await verify(stranger, fresh);
    expect(replayed.status).toBe(401);
    expect(await json(replayed)).toMatchObject({ code: 'INVALID_CODE' });
    // An unused code of the step before the one just used is no good either.
    expect((await verify(stranger, totp.generate({ timestamp: Date.now() - 30_000 }))).status).toBe(401);
    expect(await (await stranger.get('/api/me')).json()).toBeNull();
    nextStep();
    expect((await verify(stranger, totp.generate())).status).toBe(200);
  });

  it('lets only one of two sign-ins racing with the same code through', async () => {
    const { member, totp } = await memberWithTwoFactor();
    const [a, b] = [await waitingForCode(member), await waitingForCode(member)];
    nextStep();
    const code = totp.generate();
    const statuses = (await Promise.all([verify(a, code), verify(b, code)])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 401]);
  });

  it('that signed in cannot then confirm Delete account', async () => {
    const { member, totp } = await memberWithTwoFactor();
    const phone = await waitingForCode(member);
    nextStep();
    const code = totp.generate();
    expect((await verify(phone, code)).status).toBe(200);
    const refused = await phone.post('/api/account/delete', { password: member.password, code });
    expect((await json<{ error: { fields: Record<string, string> } }>(refused)).error.fields.code).toBe(
      messages.account.codeWrong,
    );
    expect(await t.countRows(user, eq(user.id, member.id))).toBe(1);
  });

  it('of another account is not spent by this one', async () => {
    const first = await memberWithTwoFactor();
    const second = await memberWithTwoFactor();
    nextStep();
    const [a, b] = [await waitingForCode(first.member), await waitingForCode(second.member)];
    expect((await verify(a, first.totp.generate())).status).toBe(200);
    expect((await verify(b, second.totp.generate())).status).toBe(200);
  });

  it('backup codes work once each, and a used one stays used', async () => {
    const { member, backupCodes } = await memberWithTwoFactor();
    const first = await waitingForCode(member);
    const backup = (device: typeof first, code: string) =>
      device.post('/api/auth/two-factor/verify-backup-code', { code });
    expect((await backup(first, backupCodes[3]!)).status).toBe(200);
    const second = await waitingForCode(member);
    expect((await backup(second, backupCodes[3]!)).status).toBe(401);
    expect((await backup(second, backupCodes[4]!)).status).toBe(200);
  });
});
