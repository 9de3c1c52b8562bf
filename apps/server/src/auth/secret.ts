/**
 * The secret that signs session cookies: BETTER_AUTH_SECRET, or in embedded mode a generated one
 * kept in DATA_DIR/auth-secret so sessions survive restarts. Its own module so the primary process
 * can create it before forking (workers must never race to create two different ones) without
 * loading better-auth.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Env } from '../env.ts';

export async function loadSecret(env: Env): Promise<string> {
  if (env.BETTER_AUTH_SECRET) return env.BETTER_AUTH_SECRET;
  const file = path.join(env.DATA_DIR, 'auth-secret');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    const secret = randomBytes(32).toString('base64url');
    await mkdir(env.DATA_DIR, { recursive: true });
    await writeFile(file, secret, { mode: 0o600 });
    return secret;
  }
}
