/**
 * The VAPID key pair that signs web pushes: VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY (several instances
 * must share one pair), or a pair generated once into DATA_DIR/vapid.json. The primary process
 * loads it before forking so workers never race to generate two (as with auth/secret.ts).
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Env } from '../../env.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** mailto: or https: contact for push services. */
  subject: string;
}

const loaded = new Map<string, Promise<VapidKeys>>();

/**
 * A P-256 pair in web-push's encoding (the public key as an uncompressed point, the private key as
 * its 32 bytes, both base64url), made with node:crypto: the primary, which makes it, never loads
 * web-push (each process's memory counts at start).
 */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const { x, y } = publicKey.export({ format: 'jwk' });
  const { d } = privateKey.export({ format: 'jwk' });
  const point = Buffer.concat([Buffer.from([4]), Buffer.from(x!, 'base64url'), Buffer.from(y!, 'base64url')]);
  return { publicKey: point.toString('base64url'), privateKey: d! };
}

async function readOrCreate(env: Env): Promise<{ publicKey: string; privateKey: string }> {
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY };
  }
  const file = path.join(env.DATA_DIR, 'vapid.json');
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch {
    const keys = generateVapidKeys();
    await mkdir(env.DATA_DIR, { recursive: true });
    // wx: if another process wrote it first, read theirs instead of overwriting.
    try {
      await writeFile(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
      return keys;
    } catch {
      return JSON.parse(await readFile(file, 'utf8'));
    }
  }
}

/** Cached per data folder for the life of the process. */
export function vapidKeys(env: Env): Promise<VapidKeys> {
  const key = env.VAPID_PUBLIC_KEY ?? env.DATA_DIR;
  let keys = loaded.get(key);
  if (!keys) {
    keys = readOrCreate(env).then((pair) => ({
      ...pair,
      subject: env.VAPID_SUBJECT ?? defaultSubject(env.publicUrl),
    }));
    loaded.set(key, keys);
  }
  return keys;
}

/** Push services accept only https: or mailto: contacts; a plain-http site gets a mailto. */
const defaultSubject = (publicUrl: string) =>
  publicUrl.startsWith('https://') ? publicUrl : `mailto:webmaster@${new URL(publicUrl).hostname}`;
