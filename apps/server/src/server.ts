/**
 * Builds a worker's real dependencies from the environment: database (PostgreSQL at DATABASE_URL,
 * which the primary process sets to its embedded server when the operator did not), storage (local
 * disk or S3-compatible), the auth secret, logger, live updates over LISTEN/NOTIFY. runtime/worker.ts
 * runs it; the multi-instance test starts it too.
 */

import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { createAuth } from './auth/auth.ts';
import { copyTrust, watchEndedSessions } from './auth/ended-sessions.ts';
import { loadSecret } from './auth/secret.ts';
import { createFeedCache } from './composers/feed/cache.ts';
import { watchSuspendedAccounts } from './core/suspended.ts';
import { type Database, openDatabase } from './db/client.ts';
import type { AppDeps } from './deps.ts';
import type { Env } from './env.ts';
import { createLogger } from './lib/logger.ts';
import { createOutboundGate } from './lib/outbound/gate.ts';
import { sealersOf } from './lib/sealed.ts';
import { createUploadGate } from './lib/upload-gate.ts';
import { createLiveHub } from './live/hub.ts';
import { createPgListener } from './live/pg-listener.ts';
import { createPgTransport } from './live/pg-transport.ts';
import { createMailer } from './mail/mailer.ts';
import { createSpaceMonitor } from './storage/space.ts';
import { createLocalStorage, type StorageDriver, withMediaLinks } from './storage/storage.ts';

export const uploadsDirOf = (env: Env) => path.join(env.DATA_DIR, 'uploads');

/**
 * STORAGE_DRIVER picks the driver; parseEnv has already checked that s3 mode is complete. The AWS
 * SDK (~23 MB per worker) loads only in s3 mode.
 */
export async function createStorage(env: Env): Promise<StorageDriver> {
  if (!env.s3) return createLocalStorage(uploadsDirOf(env));
  const { createS3Storage } = await import('./storage/s3.ts');
  return createS3Storage(env.s3);
}

/** The local folders the app writes to, whose free space /api/health watches. */
export function spaceMonitorFor(env: Env, statfs?: Parameters<typeof createSpaceMonitor>[0]['statfs']) {
  return createSpaceMonitor({
    paths: env.s3 ? [env.DATA_DIR] : [env.DATA_DIR, uploadsDirOf(env)],
    minFreeBytes: env.STORAGE_MIN_FREE_MB * 1024 * 1024,
    statfs,
  });
}

export async function createDeps(
  env: Env,
  options: { migrations?: 'run' | 'skip' } = {},
): Promise<{ deps: AppDeps; database: Database }> {
  const logger = createLogger(env.LOG_LEVEL, env.NODE_ENV === 'development' && process.stdout.isTTY);
  if (!env.DATABASE_URL)
    throw new Error('createDeps needs DATABASE_URL (the primary sets it to the embedded server)');
  await mkdir(env.DATA_DIR, { recursive: true });
  const database = await openDatabase(
    { url: env.DATABASE_URL, migrations: options.migrations },
    { onConnectionError: (err) => logger.warn({ err }, 'database connection lost; the pool replaces it') },
  );
  const secret = await loadSecret(env);
  const storage = withMediaLinks(await createStorage(env), secret);
  // Every worker is an instance: LISTEN/NOTIFY carries live events to the streams on the others.
  // One LISTEN connection carries both the live events and the feed cache's change notices.
  const listener = createPgListener(env.DATABASE_URL, logger);
  const live = await createLiveHub({
    db: database.db,
    logger,
    transport: createPgTransport(env.DATABASE_URL, logger, listener),
  });
  const feedCache = await createFeedCache(listener);
  const mailer = createMailer({ env, db: database.db, logger, secret });
  const suspended = await watchSuspendedAccounts({ db: database.db, live, logger });
  const endedSessions = watchEndedSessions(live);
  const auth = createAuth(database.db, env, secret, {
    mailer,
    onSessionsEnded: (userId) => live.publish({ kind: 'sessions_ended', userId }),
    onAppTokensRevoked: (userId) => live.publish({ kind: 'tokens_revoked', userId }),
    trustsCopyOf: copyTrust(suspended, endedSessions),
    logger,
    live,
  });
  const outbound = createOutboundGate({ allowPrivateAddresses: env.outboundAllowPrivateAddresses });
  return {
    deps: {
      env,
      db: database.db,
      storage,
      auth,
      logger,
      live,
      mailer,
      uploadGate: createUploadGate(),
      suspended,
      endedSessions,
      listener,
      feedCache,
      outbound,
      sealerFor: sealersOf(secret),
      space: spaceMonitorFor(env),
    },
    database,
  };
}
