/**
 * What features may take from the outside world through a request (`c.get('deps')`): the parts
 * below the core. The app's full set (deps.ts) adds what only the app and the layers above the core
 * hold, such as better-auth (auth/env.ts) and the feed's cache (composers/feed/cache.ts); each of
 * those layers types its own routes with the part it adds.
 */
import type { Db } from '../db/client.ts';
import type { Env } from '../env.ts';
import type { Logger } from '../lib/logger.ts';
import type { OutboundGate } from '../lib/outbound/gate.ts';
import type { Sealer } from '../lib/sealed.ts';
import type { UploadGate } from '../lib/upload-gate.ts';
import type { LiveHub } from '../live/hub.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { SpaceMonitor } from '../storage/space.ts';
import type { Storage } from '../storage/storage.ts';

export interface CoreDeps {
  env: Env;
  db: Db;
  storage: Storage;
  logger: Logger;
  live: LiveHub;
  mailer: Mailer;
  /** Uploads being processed here, which AVIF encode jobs in this process step aside for. */
  uploadGate: UploadGate;
  /** The only way out to addresses others chose: push services, federation peers (lib/outbound/gate.ts). */
  outbound: OutboundGate;
  /** A sealer (lib/sealed.ts) under the auth secret for each purpose: what the server keeps but must read back. */
  sealerFor: (purpose: string) => Sealer;
  /** Free space and failed writes for want of it: /api/health and the dashboard (storage/space.ts). */
  space: SpaceMonitor;
}
