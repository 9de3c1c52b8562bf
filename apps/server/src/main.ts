/** Starts Glimpse: migrations, then one HTTP server for the API and the web app. Ctrl-C closes cleanly. */
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { parseEnv } from './env.ts';
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

let shuttingDown = false;
async function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  deps.logger.info({ signal }, 'shutting down');
  // Stop taking requests, let open ones finish, then close the database so PGlite flushes its files.
  const force = setTimeout(() => server.closeAllConnections(), 5000);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  clearTimeout(force);
  await database.close();
  deps.logger.info('stopped');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
