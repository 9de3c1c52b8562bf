/** What the app needs from the outside world; main.ts builds it for real, tests build it in memory. */
import type { Auth } from './auth/auth.ts';
import type { EndedSessions } from './auth/ended-sessions.ts';
import type { Db } from './db/client.ts';
import type { Env } from './env.ts';
import type { FeedCache } from './features/feed/cache.ts';
import type { UploadGate } from './features/images/avif.ts';
import type { SuspendedAccounts } from './features/safety/suspended.ts';
import type { Logger } from './lib/logger.ts';
import type { OutboundGate } from './lib/outbound/gate.ts';
import type { LiveHub } from './live/hub.ts';
import type { PgListener } from './live/pg-listener.ts';
import type { Mailer } from './mail/mailer.ts';
import type { SpaceMonitor } from './storage/space.ts';
import type { Storage } from './storage/storage.ts';

export interface AppDeps {
  env: Env;
  db: Db;
  storage: Storage;
  auth: Auth;
  logger: Logger;
  live: LiveHub;
  mailer: Mailer;
  /** Uploads being processed here, which AVIF encode jobs in this process step aside for. */
  uploadGate: UploadGate;
  /** Suspended accounts, kept in memory for the session check (features/safety/suspended.ts). */
  suspended: SuspendedAccounts;
  /** Accounts whose sessions were just ended: their signed session copies are not trusted (auth/ended-sessions.ts). */
  endedSessions: EndedSessions;
  /** The instance's one LISTEN connection (live/pg-listener.ts); closed with the live hub. */
  listener: PgListener;
  /** Home feed first pages, kept until they change (features/feed/cache.ts). */
  feedCache: FeedCache;
  /** The only way out to addresses others chose: push services, federation peers (lib/outbound/gate.ts). */
  outbound: OutboundGate;
  /** Free space and failed writes for want of it, for /api/health (storage/space.ts). */
  space: SpaceMonitor;
}
