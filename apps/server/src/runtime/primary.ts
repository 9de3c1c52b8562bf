/**
 * The primary process: does the one-time things and stays light. It checks DATA_DIR and the port,
 * takes the DATA_DIR lock, starts the embedded PostgreSQL (unless DATABASE_URL names one), runs the
 * migrations and the upgrade from PGlite once, then forks its workers (runtime/worker.ts) by NODE_TYPE:
 * `all`, one HTTP worker per core (WORKERS overrides) sharing the port through node:cluster, the
 * first of which also runs the background jobs; `web`, the same without jobs; `worker`, one
 * process that runs the jobs and serves no HTTP. It keeps PostgreSQL and the workers running,
 * replaces a worker that dies (releasing the jobs it was running), and stops everything in order
 * on SIGINT/SIGTERM.
 */
import { spawn } from 'node:child_process';
import cluster, { type Worker } from 'node:cluster';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { loadSecret } from '../auth/secret.ts';
import {
  type EmbeddedPostgres,
  embeddedConnections,
  startEmbeddedPostgres,
} from '../db/embedded-postgres.ts';
import { poolSize } from '../db/pool-size.ts';
import { parseEnv } from '../env.ts';
import { vapidKeys } from '../features/notifications/vapid.ts';
import { jobRunnerConnections } from '../jobs/connections.ts';
import { createLogger } from '../lib/logger.ts';
import { StartupError } from '../lib/startup-error.ts';
import { checkDataDirWritable, checkPortFree, type InstanceLock, lockDataDir } from './preflight.ts';
import type { PrimaryMessage, WorkerMessage } from './worker.ts';

/**
 * A worker that exits by itself (an exit code, not a signal) this soon after its start is broken, not
 * unlucky: stop instead of looping. One killed by a signal once it had started (an operator, the OOM
 * killer, a crash test) is replaced however young it was.
 */
const crashLoopMs = 10_000;

const env = parseEnv();
const logger = createLogger(env.LOG_LEVEL, env.NODE_ENV === 'development' && process.stdout.isTTY);
const log = {
  info: (message: string) => logger.info(message),
  warn: (message: string) => logger.warn(message),
  error: (message: string) => logger.error(message),
};
for (const warning of env.warnings) log.warn(warning);

// `npm start` runs the bundle (scripts/build-server.mjs): primary.js forks worker.js, plain Node.
// From the sources (`npm run dev`, tests) it forks worker.ts, which needs tsx as the primary does,
// whether tsx came by --import or by register() (which process.execArgv does not show).
const runningSources = import.meta.filename.endsWith('.ts');
const sibling = (name: string) =>
  path.join(import.meta.dirname, `${name}${path.extname(import.meta.filename)}`);
const tsxLoader =
  !runningSources || process.execArgv.some((a) => a.includes('tsx'))
    ? []
    : ['--import', import.meta.resolve('tsx')];

type Role = 'web' | 'jobs' | 'web+jobs';
/** The role of each worker slot: the first runs the jobs unless NODE_TYPE says otherwise. */
const roles: Role[] =
  env.NODE_TYPE === 'worker'
    ? ['jobs']
    : Array.from({ length: env.WORKERS ?? availableParallelism() }, (_, i) =>
        env.NODE_TYPE === 'all' && i === 0 ? 'web+jobs' : 'web',
      );
const httpWorkers = roles.filter((role) => role !== 'jobs').length;

let lock: InstanceLock | undefined;
let embedded: EmbeddedPostgres | undefined;
let shuttingDown = false;

async function prepare(): Promise<string> {
  await checkDataDirWritable(env.DATA_DIR);
  if (!env.DATABASE_URL) lock = await lockDataDir(env.DATA_DIR);
  if (httpWorkers > 0) await checkPortFree(env.PORT, env.HOST);
  let url = env.DATABASE_URL;
  if (!url) {
    // The job-running process has a runner per lane (runtime/tasks.ts `jobLanes`), each its own pool.
    const jobConnections =
      jobRunnerConnections(env.MAIL_JOB_CONCURRENCY) +
      jobRunnerConnections(env.JOB_CONCURRENCY) +
      jobRunnerConnections(env.FEDERATION_JOB_CONCURRENCY) +
      jobRunnerConnections(env.FEDERATION_DELIVERY_CONCURRENCY);
    const connections = embeddedConnections(httpWorkers, poolSize, jobConnections);
    embedded = await startEmbeddedPostgres({
      dataDir: env.DATA_DIR,
      log,
      settings: { max_connections: String(connections) },
    });
    url = embedded.url;
  }
  // Embedded, nothing else can be running jobs on this database: the migration step also frees
  // jobs a killed server left locked, so they run now rather than in 4 hours.
  await runChild(
    'migrate-child',
    embedded ? [url, embedded.adminUrl] : [url],
    'The database migrations failed',
  );
  if (embedded && existsSync(path.join(env.DATA_DIR, 'db', 'PG_VERSION'))) {
    // Copies a PGlite data directory across (runtime/upgrade-child.ts says why in a child).
    await runChild('upgrade-child', [env.DATA_DIR, url], 'Upgrading the round-1 database failed');
  }
  await loadSecret(env);
  await vapidKeys(env);
  return url;
}

/**
 * A one-time job in a process of its own, so its modules never stay in the primary's memory: its
 * stdout lines are logged (at warn when they start `warn: `); exit code 2 is a StartupError's one
 * line on stderr, others are `failure`.
 */
async function runChild(name: 'migrate-child' | 'upgrade-child', args: string[], failure: string) {
  const child = spawn(process.execPath, [...process.execArgv, ...tsxLoader, sibling(name), ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      const text = line.trim();
      if (text.startsWith('warn: ')) log.warn(text.slice('warn: '.length));
      else if (text) log.info(text);
    }
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code === 0) return;
  const reason = stderr.trim().split('\n').at(-1) ?? `exit code ${code}`;
  throw code === 2 ? new StartupError(reason) : new StartupError(`${failure}: ${reason}`);
}

interface Slot {
  role: Role;
  startedAt: number;
  /** The job runner ids its process reported: released when it dies, for its successor. */
  jobWorkerIds: string[];
  /** Listening for HTTP (unless it serves none) and running jobs (unless it runs none). */
  listening: boolean;
  jobsReady: boolean;
}

const started = (slot: Slot) =>
  (slot.listening || slot.role === 'jobs') && (slot.jobsReady || slot.role === 'web');
const slots = new Map<Worker, Slot>();

/**
 * Forks a worker on `databaseUrl`; with `null`, on the database `prepare` makes ready, which the
 * worker asks for once it has loaded its code (worker.ts).
 */
function fork(databaseUrl: string | null, role: Role, releaseJobWorkers: string[] = []): Worker {
  const worker = cluster.fork({
    // glibc gives each thread that allocates its own heap (8 per core), and libvips' threads
    // (sharp: uploads, AVIF, imports) leave them fragmented: an import's job worker grew from
    // 116 to 900 MB over 200 photos, the same loop stays at 220–265 MB with two
    // (docs/performance.md, "Import"). An operator's own setting wins.
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
    // Buffers over 128 KB go back to the system when freed. glibc's default raises this threshold
    // to the largest buffer freed so far (up to 32 MB), so the AVIF encoder's frames stayed in the
    // heap, fragmented: over 100 AVIF encodes after an import the server peaked at 391 MB PSS, 371
    // with this in the job-running worker alone, 345 in every worker (docs/performance.md,
    // "Import"). It costs a 12 MP upload ~25 ms of system CPU, well within its budget.
    MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? '131072',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { GLIMPSE_DATABASE_FROM_PRIMARY: 'on' }),
    GLIMPSE_PROCESS_ROLE: role,
    GLIMPSE_RELEASE_JOB_WORKERS: releaseJobWorkers.join(','),
  });
  const slot: Slot = {
    role,
    startedAt: Date.now(),
    jobWorkerIds: [],
    listening: false,
    jobsReady: false,
  };
  slots.set(worker, slot);
  worker.on('message', (message: WorkerMessage) => {
    if (message?.type === 'wants-database') {
      void databaseReady.then((url) => {
        // Its start, for telling a broken worker from an unlucky one, is now.
        slot.startedAt = Date.now();
        worker.send({ type: 'database', url } satisfies PrimaryMessage);
      });
    }
    if (message?.type === 'job-runner') slot.jobWorkerIds = message.workerIds;
    if (message?.type === 'jobs-ready') slot.jobsReady = true;
    if (message?.type === 'jobs-ready' && role === 'jobs') {
      logger.info(
        {
          concurrency: env.JOB_CONCURRENCY,
          federationConcurrency: env.FEDERATION_JOB_CONCURRENCY,
          deliveryConcurrency: env.FEDERATION_DELIVERY_CONCURRENCY,
          deliveryRate: env.FEDERATION_DELIVERY_RATE,
          startMs: Math.round(performance.now() - startMs),
        },
        'Glimpse is running its background jobs (NODE_TYPE=worker: no HTTP)',
      );
    }
  });
  return worker;
}

async function shutdown(signal: string, exitCode = 0) {
  if (shuttingDown) return;
  shuttingDown = true;
  logger.info({ signal }, 'shutting down');
  // Workers finish their open requests first; PostgreSQL stops after the last of them has gone.
  const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
  await Promise.all(
    workers.map(
      (worker) =>
        new Promise<void>((resolve) => {
          if (worker.isDead()) return resolve();
          worker.once('exit', () => resolve());
          worker.process.kill('SIGTERM');
          setTimeout(() => worker.process.kill('SIGKILL'), 10_000).unref();
        }),
    ),
  );
  await embedded?.stop();
  await lock?.release();
  logger.info('stopped');
  process.exit(exitCode);
}

/** One line for the operator, then exit 1; anything started so far is stopped. */
async function fail(error: unknown): Promise<never> {
  const message = error instanceof StartupError ? error.message : `Glimpse could not start: ${String(error)}`;
  logger.fatal(message);
  process.stderr.write(`${message}\n`);
  if (!(error instanceof StartupError)) logger.error({ err: error }, 'start failed');
  await embedded?.stop().catch(() => {});
  await lock?.release().catch(() => {});
  process.exit(1);
}

process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

const startMs = performance.now();
// A young generation of 4 MB instead of V8's 16 MB: ~40 MB less RSS per worker at start, for
// more frequent (cheap) scavenges; the memory budget counts every process (docs/performance.md).
const youngGeneration = process.execArgv.some((a) => a.startsWith('--max-semi-space-size'))
  ? []
  : ['--max-semi-space-size=4'];
cluster.setupPrimary({
  exec: sibling('worker'),
  execArgv: [...process.execArgv, ...tsxLoader, ...youngGeneration],
});

let listening = 0;
cluster.on('listening', (worker) => {
  const slot = slots.get(worker);
  if (slot) slot.listening = true;
  listening++;
  if (listening === httpWorkers) {
    logger.info(
      {
        port: env.PORT,
        workers: httpWorkers,
        jobs: env.NODE_TYPE === 'all' ? 'in the first worker' : 'in NODE_TYPE=worker processes',
        database: embedded ? `embedded PostgreSQL in ${path.join(env.DATA_DIR, 'pg')}` : 'DATABASE_URL',
        storage: env.STORAGE_DRIVER,
        dataDir: env.DATA_DIR,
        startMs: Math.round(performance.now() - startMs),
      },
      `Glimpse is running at ${env.publicUrl}`,
    );
  }
});
cluster.on('exit', (worker, code, signal) => {
  if (shuttingDown) return;
  const slot = slots.get(worker)!;
  slots.delete(worker);
  const failedAtStart = !started(slot) || (signal === null && Date.now() - slot.startedAt < crashLoopMs);
  if (failedAtStart && code !== 0) {
    // A worker that cannot start (its own one-line error is above) will not start the next time either.
    logger.error({ pid: worker.process.pid, code, signal }, 'a worker failed at start; stopping');
    void shutdown(`worker ${worker.process.pid} failed at start`, 1);
    return;
  }
  logger.error({ pid: worker.process.pid, code, signal }, 'a worker exited; starting a new one');
  void databaseReady.then((url) => fork(url, slot.role, slot.jobWorkerIds));
});

// The workers load their code (~0.5 s of CPU each) while the database is prepared (initdb,
// migrations), on the cores those leave free, rather than after (docs/performance.md, "Start-up").
const databaseReady = prepare().catch(fail);
for (const role of roles) fork(null, role);
