/**
 * The VAPID pair made with node:crypto (vapid.ts) is one web-push accepts and signs with, and the
 * signature checks out against the public key as a push service would check it.
 */
import { createPublicKey, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { generateVapidKeys } from './vapid.ts';

describe('VAPID keys', () => {
  it('are a P-256 pair web-push signs with, verifiable with the public key', () => {
    const keys = generateVapidKeys();
    const point = Buffer.from(keys.publicKey, 'base64url');
    expect(point.length).toBe(65);
    expect(point[0]).toBe(4);
    expect(Buffer.from(keys.privateKey, 'base64url').length).toBe(32);

    const headers = webpush.getVapidHeaders(
      'https://push.example.com',
      'mailto:admin@example.com',
      keys.publicKey,
      keys.privateKey,
      'aes128gcm',
    );
    const [, token, publicKey] = /^vapid t=([^,]+), k=(.+)$/.exec(headers.Authorization)!;
    expect(publicKey).toBe(keys.publicKey);
    const [header, payload, signature] = token!.split('.');
    const jwk = {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    };
    const valid = verify(
      'sha256',
      Buffer.from(`${header}.${payload}`),
      { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature!, 'base64url'),
    );
    expect(valid).toBe(true);
  });
});
