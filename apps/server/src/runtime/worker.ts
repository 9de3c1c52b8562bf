/**
 * A process the primary forked, on the database it prepared. Its role (GLIMPSE_PROCESS_ROLE, set by
 * the primary from NODE_TYPE) says what it runs: the whole app on the shared port (node:cluster hands
 * connections out), the background jobs (jobs/runner.ts with runtime/tasks.ts), or both. It answers
 * 503 while the database is unreachable (app/errors.ts), and closes cleanly on SIGINT/SIGTERM.
 */
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createApp } from '../app.ts';
import { closeStreamingConnections } from '../composers/mastodon-api/streaming.ts';
import { parseEnv } from '../env.ts';
import type { JobRunner } from '../jobs/runner.ts';
import { upgradeThrough } from '../lib/upgrade.ts';
import { createDeps } from '../server.ts';

/** What a worker tells the primary over the IPC channel. */
export type WorkerMessage =
  | { type: 'job-runner'; workerIds: string[] }
  | { type: 'jobs-ready' }
  | { type: 'wants-database' };
/** What the primary tells a worker. */
export type PrimaryMessage = { type: 'database'; url: string };

const env = parseEnv();
const role = env.GLIMPSE_PROCESS_ROLE;
const tell = (message: WorkerMessage) => process.send?.(message);

/**
 * A worker forked at start has loaded its code (the imports above) while the primary prepared the
 * database; it asks for it now, and waits. Should the primary fail meanwhile, the channel closes
 * and this process goes with it.
 */
function databaseFromPrimary(): Promise<string> {
  return new Promise((resolve) => {
    const gone = () => process.exit(1);
    const answered = (message: PrimaryMessage) => {
      if (message?.type !== 'database') return;
      process.off('message', answered);
      process.off('disconnect', gone);
      resolve(message.url);
    };
    process.on('message', answered);
    process.once('disconnect', gone);
    tell({ type: 'wants-database' });
  });
}

const databaseUrl =
  env.GLIMPSE_DATABASE_FROM_PRIMARY === 'on' ? await databaseFromPrimary() : env.DATABASE_URL!;
const { deps, database } = await createDeps({ ...env, DATABASE_URL: databaseUrl }, { migrations: 'skip' });

let server: Server | undefined;
if (role !== 'jobs') {
  const app = createApp(deps);
  server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }) as Server;
  // WebSockets (the client API's streaming) go through the app like any request (lib/upgrade.ts).
  server.on('upgrade', upgradeThrough(app.fetch));
  server.on('error', (error: NodeJS.ErrnoException) => {
    deps.logger.fatal({ err: error }, `worker cannot listen on ${env.HOST}:${env.PORT} (${error.code})`);
    process.exit(1);
  });
}

let runner: JobRunner | undefined;
if (role !== 'web') {
  // Only a process that runs jobs loads the runner and the tasks' code (docs/performance.md, "Memory").
  const [{ startJobRunners }, { jobLanes }] = await Promise.all([
    import('../jobs/runner.ts'),
    import('./tasks.ts'),
  ]);
  runner = await startJobRunners({
    connectionString: databaseUrl,
    lanes: jobLanes(env),
    deps,
    logger: deps.logger,
    releaseWorkers: env.GLIMPSE_RELEASE_JOB_WORKERS.split(',').filter(Boolean),
    // The primary keeps them: if this process dies, the next one unlocks what it was running.
    onWorkerIds: (workerIds) => tell({ type: 'job-runner', workerIds }),
  });
  tell({ type: 'jobs-ready' });
}

let shuttingDown = false;
async function shutdown() {
  if (shuttingDown) return;
  shuttingDown = true;
  const closeServer = async (open: Server) => {
    // Stop taking requests, let open ones finish, then close the pool. Live streams never end by
    // themselves: close them now, give other requests 5 s.
    open.closeIdleConnections();
    closeStreamingConnections();
    const force = setTimeout(() => open.closeAllConnections(), 5000);
    await new Promise<void>((resolve) => open.close(() => resolve()));
    clearTimeout(force);
  };
  // Running jobs get 5 s as well, then their signal aborts them; an aborted job runs again later.
  await Promise.all([server && closeServer(server), runner?.stop()]);
  await deps.live.close();
  await deps.listener.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
