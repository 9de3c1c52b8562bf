import { describe, expect, it } from 'vitest';
import { sha256Hex } from './sha256.ts';

const webCryptoHex = async (text: string) =>
  Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');

describe('sha256Hex', () => {
  it('matches WebCrypto for empty, one-block, two-block and non-ASCII texts', async () => {
    const texts = ['', 'abc', 'a'.repeat(55), 'a'.repeat(56), 'b'.repeat(64), 'c'.repeat(130), 'ñ日本🙂'];
    for (const text of texts) expect(sha256Hex(text)).toBe(await webCryptoHex(text));
  });
});
