/** Starts Glimpse: migrations, then one HTTP server for the API and the web app. Ctrl-C closes cleanly. */
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { parseEnv } from './env.ts';
import { sweepOrphanImages } from './features/images/service.ts';
import { sweepRateLimitWindows } from './lib/rate-limit.ts';
import { createDeps } from './server.ts';

const env = parseEnv();
const { deps, database } = await createDeps(env);
const app = createApp(deps);

const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, () => {
  deps.logger.info(
    { port: env.PORT, database: database.kind, storage: env.STORAGE_DRIVER, dataDir: env.DATA_DIR },
    `Glimpse is running at ${env.publicUrl}`,
  );
}) as Server;

const orphanGraceMs = 24 * 60 * 60 * 1000;
const sweep = () =>
  sweepOrphanImages({ ctx: deps, input: { olderThan: new Date(Date.now() - orphanGraceMs) } })
    .then((removed) => removed && deps.logger.info({ removed }, 'removed unattached uploads'))
    .catch((err) => deps.logger.error({ err }, 'orphan image sweep failed'));
const sweepLimits = () =>
  sweepRateLimitWindows(deps.db).catch((err) => deps.logger.error({ err }, 'rate-limit sweep failed'));
void sweep();
setInterval(sweepLimits, 60 * 60 * 1000).unref();
setInterval(sweep, 60 * 60 * 1000).unref();

let shuttingDown = false;
async function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  deps.logger.info({ signal }, 'shutting down');
  // Stop taking requests, let open ones finish, then close the database so PGlite flushes its files.
  // Live streams never end by themselves: close them now, give other requests 5 s.
  server.closeIdleConnections();
  const force = setTimeout(() => server.closeAllConnections(), 5000);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  clearTimeout(force);
  await deps.live.close();
  await database.close();
  deps.logger.info('stopped');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
