/**
 * Two-factor (issue 14) through better-auth's plugin as the web app calls it: set up with the
 * password, confirm with a code computed from the otpauth URI (as an authenticator app would),
 * then sign-in asks for a code: a wrong one is refused, a right one signs in, a backup code works
 * once; Delete account then wants a code too.
 */
import { messages } from '@glimpse/shared';
import { eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

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
    expect((await member.get('/api/me')).status).toBe(200);

    // Sign-in: the password alone makes no session.
    const laptop = t.client();
    const first = await laptop.post('/api/auth/sign-in/email', {
      email: member.email,
      password: member.password,
    });
    expect(await json(first)).toMatchObject({ twoFactorRedirect: true });
    expect((await laptop.get('/api/me')).status).toBe(401);
    expect((await laptop.post('/api/auth/two-factor/verify-totp', { code: '123456' })).status).toBe(401);
    expect((await laptop.get('/api/me')).status).toBe(401);
    expect((await laptop.post('/api/auth/two-factor/verify-totp', { code: totp.generate() })).status).toBe(
      200,
    );
    expect((await laptop.get('/api/me')).status).toBe(200);

    // A backup code signs in once.
    const phone = t.client();
    await phone.post('/api/auth/sign-in/email', { email: member.email, password: member.password });
    expect(
      (await phone.post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[0] })).status,
    ).toBe(200);
    expect((await phone.get('/api/me')).status).toBe(200);
    const tablet = t.client();
    await tablet.post('/api/auth/sign-in/email', { email: member.email, password: member.password });
    expect(
      (await tablet.post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[0] })).status,
    ).toBe(401);
    expect((await tablet.get('/api/me')).status).toBe(401);

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
    const deleted = await laptop.post('/api/account/delete', {
      password: member.password,
      code: totp.generate(),
    });
    expect(deleted.status).toBe(204);
    expect(await t.countRows(user, eq(user.id, member.id))).toBe(0);
  });
});
