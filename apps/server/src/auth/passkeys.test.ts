/**
 * Passkeys end to end against the real WebAuthn checks, with a software authenticator
 * (test/soft-authenticator.ts) answering the ceremonies as a browser would: add, sign in (the
 * session works like a password one), and every refusal: a challenge used twice or never asked
 * for, another site's origin, a replayed counter, a removed passkey, a suspended account, someone
 * else's passkey removed, signed-out registration. Adding one is a step-up: the password
 * (and a current code with two-factor on) first, and the options it yields serve one registration
 * of that session.
 */
import { messages } from '@glimpse/shared';
import { eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, testOrigin } from '#test/context.ts';
import { addPasskey, passkeyOptions, SoftAuthenticator } from '#test/soft-authenticator.ts';
import { writeSuspension } from '../composers/moderation/suspension.ts';
import { withTransaction } from '../core/service.ts';
import { passkeys } from '../db/schema.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<TestContext['signUpWithProfile']>>;
type Client = ReturnType<TestContext['client']>;
const json = async <T>(response: Response) => (await response.json()) as T;
async function signInOptions(client: Client) {
  const answer = await client.post('/api/auth/passkey/sign-in-options', {});
  expect(answer.status).toBe(200);
  return json<{ challengeId: string; options: { challenge: string } }>(answer);
}

async function signInWith(client: Client, authenticator: SoftAuthenticator) {
  const { challengeId, options } = await signInOptions(client);
  return client.post('/api/auth/passkey/sign-in', {
    challengeId,
    response: authenticator.authenticate(options),
  });
}

describe('passkeys', () => {
  it('are added by a signed-in member and then sign in with a working session', async () => {
    const member = await t.signUpWithProfile();
    const authenticator = new SoftAuthenticator();
    const added = await addPasskey(member, authenticator);
    expect(added.status).toBe(200);
    const list = await json<{ passkeys: { id: string; name: string }[] }>(
      await member.get('/api/auth/passkey/list'),
    );
    expect(list.passkeys).toMatchObject([{ name: 'Laptop' }]);

    // The same credential cannot be added twice (to this or any account).
    expect((await addPasskey(member, authenticator)).status).toBe(400);

    const phone = t.client();
    expect(await (await phone.get('/api/me')).json()).toBeNull();
    const signedIn = await signInWith(phone, authenticator);
    expect(signedIn.status).toBe(200);
    const me = await json<{ user: { id: string } }>(await phone.get('/api/me'));
    expect(me.user.id).toBe(member.id);
    const [row] = await t.db.select().from(passkeys).where(eq(passkeys.userId, member.id));
    expect(row!.counter).toBe(1);
    expect(row!.lastUsedAt).not.toBeNull();
  });

  it('refuse a reused or unknown challenge, another origin, a replayed counter and a removed passkey', async () => {
    const member = await t.signUpWithProfile();
    const authenticator = new SoftAuthenticator();
    expect((await addPasskey(member, authenticator)).status).toBe(200);
    const visitor = t.client();

    // A challenge is answered once.
    const { challengeId, options } = await signInOptions(visitor);
    const answer = authenticator.authenticate(options);
    expect((await visitor.post('/api/auth/passkey/sign-in', { challengeId, response: answer })).status).toBe(
      200,
    );
    const again = await t.client().post('/api/auth/passkey/sign-in', { challengeId, response: answer });
    expect(again.status).toBe(400);
    expect((await json<{ message: string }>(again)).message).toBe(messages.passkeys.expired);
    const never = await t.client().post('/api/auth/passkey/sign-in', {
      challengeId: crypto.randomUUID(),
      response: answer,
    });
    expect(never.status).toBe(400);

    // An answer made for another site.
    const other = t.client();
    const fresh = await signInOptions(other);
    authenticator.origin = 'https://evil.example';
    const phished = await other.post('/api/auth/passkey/sign-in', {
      challengeId: fresh.challengeId,
      response: authenticator.authenticate(fresh.options),
    });
    authenticator.origin = testOrigin;
    expect(phished.status).toBe(401);
    expect(await (await other.get('/api/me')).json()).toBeNull();

    // A counter that does not move forward (a cloned authenticator).
    const cloned = await signInOptions(other);
    const replay = await other.post('/api/auth/passkey/sign-in', {
      challengeId: cloned.challengeId,
      response: authenticator.authenticate(cloned.options, 1),
    });
    expect(replay.status).toBe(401);
    expect(await (await other.get('/api/me')).json()).toBeNull();

    // Removed: someone else cannot, the owner can, and it signs in no more.
    const [row] = await t.db.select().from(passkeys).where(eq(passkeys.userId, member.id));
    const stranger = await t.signUpWithProfile();
    expect((await stranger.post('/api/auth/passkey/delete', { id: row!.id })).status).toBe(404);
    expect((await member.post('/api/auth/passkey/delete', { id: row!.id })).status).toBe(200);
    const removed = await signInWith(t.client(), authenticator);
    expect(removed.status).toBe(401);
    expect((await json<{ message: string }>(removed)).message).toBe(messages.passkeys.unknown);
  });

  it('do not sign in a suspended account, and need a session to be added', async () => {
    const member = await t.signUpWithProfile();
    const authenticator = new SoftAuthenticator();
    expect((await addPasskey(member, authenticator)).status).toBe(200);
    await withTransaction(t.db, (tx) => writeSuspension(tx, member.id, true, 'test'));
    const visitor = t.client();
    const refused = await signInWith(visitor, authenticator);
    expect(refused.status).toBe(403);
    expect((await json<{ message: string }>(refused)).message).toBe(messages.safety.suspended);
    expect(await (await visitor.get('/api/me')).json()).toBeNull();

    const visitor2 = t.client();
    expect((await visitor2.post('/api/account/passkeys/options', { password: member.password })).status).toBe(
      401,
    );
    expect(
      (
        await visitor2.post('/api/auth/passkey/register', {
          response: authenticator.register({ challenge: 'x' }),
        })
      ).status,
    ).toBe(401);
    expect((await t.client().get('/api/auth/passkey/list')).status).toBe(401);
  });

  it('go with the account when it is deleted', async () => {
    const member = await t.signUpWithProfile();
    expect((await addPasskey(member, new SoftAuthenticator())).status).toBe(200);
    expect((await member.post('/api/account/delete', { password: member.password })).status).toBe(204);
    expect(await t.db.select().from(passkeys).where(eq(passkeys.userId, member.id))).toHaveLength(0);
  });
});

describe('Add a passkey', () => {
  type Failure = { error: { message: string; fields?: Record<string, string> } };
  const listOf = async (member: Member) =>
    (await json<{ passkeys: { name: string }[] }>(await member.get('/api/auth/passkey/list'))).passkeys;
  /** The browser's answer to a ceremony this session never asked for. */
  const unaskedAnswer = (authenticator: SoftAuthenticator) =>
    authenticator.register({ challenge: 'bm90IGEgY2hhbGxlbmdlIGFza2VkIGZvcg' });

  it('asks for the password before any registration options are issued', async () => {
    const member = await t.signUpWithProfile();
    const authenticator = new SoftAuthenticator();
    // The options are no longer better-auth's to hand out over HTTP on a session alone.
    expect((await member.post('/api/auth/passkey/register-options', {})).status).toBe(404);

    const none = await member.post('/api/account/passkeys/options', {});
    expect(none.status).toBe(400);
    expect((await json<Failure>(none)).error.fields?.password).toBe('Password is required.');
    const wrong = await passkeyOptions(member, { password: 'not my password' });
    expect(wrong.status).toBe(400);
    expect((await json<Failure>(wrong)).error).toMatchObject({
      message: messages.account.passwordWrong,
      fields: { password: messages.account.passwordWrong },
    });
    // Nothing was kept for this session: no answer can be registered.
    const refused = await member.post('/api/auth/passkey/register', {
      response: unaskedAnswer(authenticator),
    });
    expect(refused.status).toBe(400);
    expect((await json<{ message: string }>(refused)).message).toBe(messages.passkeys.expired);
    expect(await listOf(member)).toEqual([]);

    const options = await passkeyOptions(member);
    expect(options.status).toBe(200);
    const added = await member.post('/api/auth/passkey/register', {
      response: authenticator.register(await json<{ challenge: string }>(options)),
      name: 'Laptop',
    });
    expect(added.status).toBe(200);
    expect(await listOf(member)).toMatchObject([{ name: 'Laptop' }]);
  });

  it('takes the options once, and only from the session that gave the password', async () => {
    const member = await t.signUpWithProfile();
    const laptop = t.client();
    expect(
      (await laptop.post('/api/auth/sign-in/email', { email: member.email, password: member.password }))
        .status,
    ).toBe(200);
    const stranger = await t.signUpWithProfile();
    const options = await json<{ challenge: string }>(await passkeyOptions(member));
    const register = (client: Client, authenticator: SoftAuthenticator) =>
      client.post('/api/auth/passkey/register', { response: authenticator.register(options) });

    // Another member, and another device of the same account, cannot spend this step-up.
    for (const client of [stranger, laptop]) {
      const refused = await register(client, new SoftAuthenticator());
      expect(refused.status).toBe(400);
      expect((await json<{ message: string }>(refused)).message).toBe(messages.passkeys.expired);
    }
    expect(await listOf(stranger)).toEqual([]);
    expect(await listOf(member)).toEqual([]);

    expect((await register(member, new SoftAuthenticator())).status).toBe(200);
    // Once: a second passkey needs the password again.
    const second = await register(member, new SoftAuthenticator());
    expect(second.status).toBe(400);
    expect((await json<{ message: string }>(second)).message).toBe(messages.passkeys.expired);
    expect(await listOf(member)).toHaveLength(1);
  });

  it('with two-factor on, also asks for a current code, good once', async () => {
    const member = await t.signUpWithProfile();
    const enabled = await member.post('/api/auth/two-factor/enable', { password: member.password });
    const totp = OTPAuth.URI.parse((await json<{ totpURI: string }>(enabled)).totpURI) as OTPAuth.TOTP;
    expect((await member.post('/api/auth/two-factor/verify-totp', { code: totp.generate() })).status).toBe(
      200,
    );

    const noCode = await passkeyOptions(member);
    expect(noCode.status).toBe(400);
    expect((await json<Failure>(noCode)).error.fields?.code).toBe(messages.account.codeRequired);
    const wrongCode = await passkeyOptions(member, { code: '000000' });
    expect((await json<Failure>(wrongCode)).error.fields?.code).toBe(messages.account.codeWrong);
    // The step after the one enabling used, as the app shows half a minute later.
    const code = totp.generate({ timestamp: Date.now() + 30_000 });
    const wrongPassword = await passkeyOptions(member, { password: 'not my password', code });
    expect((await json<Failure>(wrongPassword)).error.fields?.password).toBe(messages.account.passwordWrong);
    expect((await passkeyOptions(member, { code })).status).toBe(200);
    // The same code again is refused (auth/totp-replay.ts), like a wrong one.
    const replayed = await passkeyOptions(member, { code });
    expect(replayed.status).toBe(400);
    expect((await json<Failure>(replayed)).error.fields?.code).toBe(messages.account.codeWrong);
  });
});
