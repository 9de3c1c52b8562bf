/**
 * A software authenticator for server tests of passkeys: a resident P-256 credential with "none"
 * attestation, answering the WebAuthn ceremonies as a browser would, so tests add and use passkeys
 * through `app.request()` without a browser (the e2e suite uses Chromium's virtual authenticator).
 */
import { createHash, createSign, generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';
import { testOrigin } from './context.ts';

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
export class SoftAuthenticator {
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

interface Member {
  post: (path: string, json?: unknown) => Promise<Response>;
  password: string;
}

/** The registration options, after the step-up of Add a passkey (the caller's password). */
export async function passkeyOptions(member: Member, stepUp: { password?: string; code?: string } = {}) {
  return member.post('/api/account/passkeys/options', { password: member.password, ...stepUp });
}

/** Add a passkey as the settings screen does: the password, then the authenticator's answer. */
export async function addPasskey(member: Member, authenticator: SoftAuthenticator, name = 'Laptop') {
  const options = await passkeyOptions(member);
  if (options.status !== 200) throw new Error(`passkey options: ${options.status} ${await options.text()}`);
  return member.post('/api/auth/passkey/register', {
    response: authenticator.register((await options.json()) as { challenge: string }),
    name,
  });
}
