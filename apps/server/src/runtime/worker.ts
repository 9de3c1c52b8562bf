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
import { moveLegacyReportSnapshots } from '../features/safety/reports.ts';
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

/**
 * The hourly housekeeping, one job after another: at once they would hold five of the pool's
 * connections, and PostgreSQL would start a backend (~15 MB) for each of them.
 */
async function sweep() {
  const jobs: [failure: string, job: () => Promise<unknown>][] = [
    [
      'orphan image sweep failed',
      async () => {
        const olderThan = new Date(Date.now() - orphanGraceMs);
        const removed = await sweepOrphanImages({ ctx: deps, input: { olderThan } });
        if (removed) deps.logger.info({ removed }, 'removed unattached uploads');
      },
    ],
    ['rate-limit sweep failed', () => sweepRateLimitWindows(deps.db)],
    [
      'event reminders failed',
      async () => {
        const { reminded } = await sendEventReminders(deps);
        if (reminded) deps.logger.info({ reminded }, 'sent event reminders');
      },
    ],
    ['data export sweep failed', () => sweepDataExports({ ctx: deps })],
    [
      'moving report pictures failed',
      async () => {
        const moved = await moveLegacyReportSnapshots({ ctx: deps, input: {} });
        if (moved) deps.logger.info({ moved }, 'moved report pictures to the private folder');
      },
    ],
    [
      'AVIF sweep failed',
      async () => {
        const olderThan = new Date(Date.now() - avifGraceMs);
        const { encoded } = await sweepMissingAvif({ ctx: deps, input: { olderThan } });
        if (encoded) deps.logger.info({ encoded }, 'encoded missing AVIF renditions');
      },
    ],
  ];
  for (const [failure, job] of jobs) {
    await job().catch((err) => deps.logger.error({ err }, failure));
  }
}

process.on('message', (message: PrimaryMessage) => {
  if (message?.type === 'sweep') void sweep();
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
  await deps.listener.close();
  // Queued AVIF encodes are dropped and the running one stops at its next step: the sweep redoes them.
  await deps.avif.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
