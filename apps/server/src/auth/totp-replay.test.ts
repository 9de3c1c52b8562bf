/** Which time step a code belongs to, checked against otpauth (an independent TOTP implementation). */
import * as OTPAuth from 'otpauth';
import { describe, expect, it } from 'vitest';
import { totpStepOf } from './totp-replay.ts';

const now = Date.UTC(2026, 10, 25, 12, 0, 10);
const step = Math.floor(now / 30_000);

describe('totpStepOf', () => {
  it('finds the step of a code made from a secret stored as text, within one step either side', () => {
    const secret = 'generated-by-better-auth-0123456789';
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromUTF8(secret) });
    for (const offset of [-1, 0, 1]) {
      const code = totp.generate({ timestamp: now + offset * 30_000 });
      expect(totpStepOf(secret, code, now)).toBe(step + offset);
    }
    expect(totpStepOf(secret, totp.generate({ timestamp: now - 60_000 }), now)).toBeNull();
    expect(totpStepOf(secret, totp.generate({ timestamp: now + 60_000 }), now)).toBeNull();
  });

  it('reads a secret imported as base32', () => {
    const imported = new OTPAuth.Secret({ size: 20 });
    const totp = new OTPAuth.TOTP({ secret: imported });
    expect(totpStepOf(`base32:${imported.base32}`, totp.generate({ timestamp: now }), now)).toBe(step);
  });

  it('answers null for anything that is not a six-digit code', () => {
    const secret = 'generated-by-better-auth-0123456789';
    const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromUTF8(secret) }).generate({ timestamp: now });
    for (const given of ['', '12345', `${code}0`, 'éééééé', code.slice(0, 5)]) {
      expect(totpStepOf(secret, given, now)).toBeNull();
    }
  });
});
