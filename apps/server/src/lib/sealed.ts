/**
 * Secrets the server must read back later (a queued mail's link, an app's token for its pushes),
 * sealed with AES-256-GCM under a key derived from the auth secret, which is not in the database: a
 * copy of the database alone opens none of them. Each purpose has its own key, so a sealed value
 * of one kind is never accepted as another.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

export interface Sealed {
  iv: string;
  data: string;
  tag: string;
}

export interface Sealer {
  seal(text: string): Sealed;
  /** Throws when `sealed` was not made by this sealer's key (another purpose, another secret, altered). */
  open(sealed: Sealed): string;
  /** Hex HMAC-SHA256 of `text` under the purpose's own signing key: for what is handed out and comes back (a challenge). */
  sign(text: string): string;
}

export function createSealer(secret: string, purpose: string): Sealer {
  const key = Buffer.from(hkdfSync('sha256', secret, purpose, 'aes-256-gcm', 32));
  const signingKey = Buffer.from(hkdfSync('sha256', secret, purpose, 'hmac-sha256', 32));
  return {
    sign: (text) => createHmac('sha256', signingKey).update(text).digest('hex'),
    seal(text) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
      return {
        iv: iv.toString('base64'),
        data: data.toString('base64'),
        tag: cipher.getAuthTag().toString('base64'),
      };
    },
    open(sealed) {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64'));
      decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

/** One sealer per purpose, made once. */
export function sealersOf(secret: string): (purpose: string) => Sealer {
  const made = new Map<string, Sealer>();
  return (purpose) => {
    const sealer = made.get(purpose) ?? createSealer(secret, purpose);
    made.set(purpose, sealer);
    return sealer;
  };
}
