/**
 * One HTTP worker: the whole app on the shared port (node:cluster hands connections out), on the
 * database the primary prepared. It runs a sweep when the primary asks, answers 503 while the
 * database is unreachable (app.ts), and closes cleanly on SIGINT/SIGTERM.
 */
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createApp } from '../app.ts';
import { parseEnv } from '../env.ts';
import { sweepDataExports } from '../features/account/data-export.ts';
import { sweepMissingAvif } from '../features/images/avif.ts';
import { sweepOrphanImages } from '../features/images/service.ts';
import { sendPendingPushes } from '../features/notifications/push.ts';
import { sendEventReminders } from '../features/notifications/reminders.ts';
import { sweepRateLimitWindows } from '../lib/rate-limit.ts';
import { createDeps } from '../server.ts';
import type { PrimaryMessage } from './primary.ts';

const orphanGraceMs = 24 * 60 * 60 * 1000;
/** An upload this recent may still be in its own worker's AVIF queue: the sweep leaves it alone. */
const avifGraceMs = 60 * 60 * 1000;

const env = parseEnv();
const { deps, database } = await createDeps(env, { migrations: 'skip' });
const app = createApp(deps);

const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }) as Server;
server.on('error', (error: NodeJS.ErrnoException) => {
  deps.logger.fatal({ err: error }, `worker cannot listen on ${env.HOST}:${env.PORT} (${error.code})`);
  process.exit(1);
});

process.on('message', (message: PrimaryMessage) => {
  if (message?.type !== 'sweep') return;
  sweepOrphanImages({ ctx: deps, input: { olderThan: new Date(Date.now() - orphanGraceMs) } })
    .then((removed) => removed && deps.logger.info({ removed }, 'removed unattached uploads'))
    .catch((err) => deps.logger.error({ err }, 'orphan image sweep failed'));
  sweepRateLimitWindows(deps.db).catch((err) => deps.logger.error({ err }, 'rate-limit sweep failed'));
  sendEventReminders(deps)
    .then(({ reminded }) => reminded && deps.logger.info({ reminded }, 'sent event reminders'))
    .catch((err) => deps.logger.error({ err }, 'event reminders failed'));
  sweepDataExports({ ctx: deps }).catch((err) => deps.logger.error({ err }, 'data export sweep failed'));
  sweepMissingAvif({ ctx: deps, input: { olderThan: new Date(Date.now() - avifGraceMs) } })
    .then(({ encoded }) => encoded && deps.logger.info({ encoded }, 'encoded missing AVIF renditions'))
    .catch((err) => deps.logger.error({ err }, 'AVIF sweep failed'));
});

// Every worker looks for pushes to send; push_sends claims each group, so none goes out twice.
const pushIntervalMs = 5000;
let pushing = false;
setInterval(() => {
  if (pushing) return;
  pushing = true;
  sendPendingPushes(deps)
    .catch((err) => deps.logger.error({ err }, 'push round failed'))
    .finally(() => {
      pushing = false;
    });
}, pushIntervalMs).unref();

let shuttingDown = false;
async function shutdown() {
  if (shuttingDown) return;
  shuttingDown = true;
  // Stop taking requests, let open ones finish, then close the pool. Live streams never end by
  // themselves: close them now, give other requests 5 s.
  server.closeIdleConnections();
  const force = setTimeout(() => server.closeAllConnections(), 5000);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  clearTimeout(force);
  await deps.live.close();
  // Queued AVIF encodes are dropped and the running one stops at its next step: the sweep redoes them.
  await deps.avif.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
