/**
 * Builds the real dependencies from the environment: database (PGlite in DATA_DIR or PostgreSQL),
 * storage (local disk or S3-compatible), the auth secret, logger. main.ts runs it; the multi-instance
 * test starts it too.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createAuth } from './auth/auth.ts';
import { type Database, openDatabase } from './db/client.ts';
import type { AppDeps } from './deps.ts';
import type { Env } from './env.ts';
import { createLogger } from './lib/logger.ts';
import { createLiveHub, createLocalTransport } from './live/hub.ts';
import { createS3Storage } from './storage/s3.ts';
import { createLocalStorage, type Storage } from './storage/storage.ts';

/** Embedded mode keeps a generated secret beside the data, so sessions survive restarts. */
async function loadSecret(env: Env): Promise<string> {
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

/** STORAGE_DRIVER picks the driver; parseEnv has already checked that s3 mode is complete. */
export function createStorage(env: Env): Storage {
  return env.s3 ? createS3Storage(env.s3) : createLocalStorage(path.join(env.DATA_DIR, 'uploads'));
}

export async function createDeps(env: Env): Promise<{ deps: AppDeps; database: Database }> {
  const logger = createLogger(env.LOG_LEVEL, env.NODE_ENV === 'development' && process.stdout.isTTY);
  await mkdir(env.DATA_DIR, { recursive: true });
  const database = await openDatabase(
    env.DATABASE_URL ? { url: env.DATABASE_URL } : { pgliteDir: path.join(env.DATA_DIR, 'db') },
    { onConnectionError: (err) => logger.warn({ err }, 'database connection lost; the pool replaces it') },
  );
  const secret = await loadSecret(env);
  const storage = createStorage(env);
  const auth = createAuth(database.db, env, secret);
  // Imported only on PostgreSQL: the embedded server never loads the pg driver (less memory at start).
  const transport = env.DATABASE_URL
    ? (await import('./live/pg-transport.ts')).createPgTransport(env.DATABASE_URL, logger)
    : createLocalTransport();
  const live = await createLiveHub({ db: database.db, logger, transport });
  return { deps: { env, db: database.db, storage, auth, logger, live }, database };
}
