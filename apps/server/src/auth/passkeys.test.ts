/**
 * Passkeys (issue 14) end to end against the real WebAuthn checks, with a software authenticator
 * (a P-256 key, "none" attestation) answering the ceremonies as a browser would: add, sign in (the
 * session works like a password one), and every refusal: a challenge used twice or never asked
 * for, another site's origin, a replayed counter, a removed passkey, a suspended account, someone
 * else's passkey removed, signed-out registration.
 */
import { createHash, createSign, generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto';
import { messages } from '@glimpse/shared';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passkeys } from '../db/schema.ts';
import { writeSuspension } from '../features/safety/suspension.ts';
import { withTransaction } from '../lib/service.ts';
import { createTestContext, type TestContext, testOrigin } from '../test/context.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<TestContext['signUpWithProfile']>>;
type Client = ReturnType<TestContext['client']>;
const json = async <T>(response: Response) => (await response.json()) as T;
const b64 = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes));
const sha256 = (data: Uint8Array | string) => new Uint8Array(createHash('sha256').update(data).digest());
const u32 = (n: number) => new Uint8Array([(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

/** A resident-key authenticator holding one P-256 credential. */
class SoftAuthenticator {
  readonly credentialId = new Uint8Array(randomBytes(32));
  private readonly key: { privateKey: KeyObject; publicKey: KeyObject } = generateKeyPairSync('ec', {
    namedCurve: 'P-256',
  });
  counter = 0;
  /** The page asking, as the browser reports it in the client data. */
  origin = testOrigin;

  private clientData(type: string, challenge: string) {
    return new TextEncoder().encode(
      JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }),
    );
  }

  private rpIdHash() {
    return sha256(new URL(this.origin).hostname);
  }

  register(options: { challenge: string }) {
    const jwk = this.key.publicKey.export({ format: 'jwk' });
    const coseKey = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, isoBase64URL.toBuffer(jwk.x!)],
      [-3, isoBase64URL.toBuffer(jwk.y!)],
    ]);
    const authData = concat(
      this.rpIdHash(),
      new Uint8Array([0x45]), // user present, user verified, attested credential data
      u32(this.counter),
      new Uint8Array(16), // AAGUID
      new Uint8Array([0, this.credentialId.length]),
      this.credentialId,
      isoCBOR.encode(coseKey),
    );
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]) as Parameters<typeof isoCBOR.encode>[0],
    );
    return {
      id: b64(this.credentialId),
      rawId: b64(this.credentialId),
      type: 'public-key',
      response: {
        clientDataJSON: b64(this.clientData('webauthn.create', options.challenge)),
        attestationObject: b64(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  authenticate(options: { challenge: string }, counter = ++this.counter) {
    const clientDataJSON = this.clientData('webauthn.get', options.challenge);
    const authenticatorData = concat(this.rpIdHash(), new Uint8Array([0x05]), u32(counter));
    const signature = createSign('sha256')
      .update(concat(authenticatorData, sha256(clientDataJSON)))
      .sign(this.key.privateKey);
    return {
      id: b64(this.credentialId),
      rawId: b64(this.credentialId),
      type: 'public-key',
      response: {
        clientDataJSON: b64(clientDataJSON),
        authenticatorData: b64(authenticatorData),
        signature: b64(new Uint8Array(signature)),
      },
      clientExtensionResults: {},
    };
  }
}

async function addPasskey(member: Member, authenticator: SoftAuthenticator) {
  const options = await json<{ challenge: string }>(
    await member.post('/api/auth/passkey/register-options', {}),
  );
  return member.post('/api/auth/passkey/register', {
    response: authenticator.register(options),
    name: 'Laptop',
  });
}

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
    expect((await phone.get('/api/me')).status).toBe(401);
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
    expect((await other.get('/api/me')).status).toBe(401);

    // A counter that does not move forward (a cloned authenticator).
    const cloned = await signInOptions(other);
    const replay = await other.post('/api/auth/passkey/sign-in', {
      challengeId: cloned.challengeId,
      response: authenticator.authenticate(cloned.options, 1),
    });
    expect(replay.status).toBe(401);
    expect((await other.get('/api/me')).status).toBe(401);

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
    expect((await visitor.get('/api/me')).status).toBe(401);

    expect((await t.client().post('/api/auth/passkey/register-options', {})).status).toBe(401);
    expect((await t.client().get('/api/auth/passkey/list')).status).toBe(401);
  });

  it('go with the account when it is deleted', async () => {
    const member = await t.signUpWithProfile();
    expect((await addPasskey(member, new SoftAuthenticator())).status).toBe(200);
    expect((await member.post('/api/account/delete', { password: member.password })).status).toBe(204);
    expect(await t.db.select().from(passkeys).where(eq(passkeys.userId, member.id))).toHaveLength(0);
  });
});
