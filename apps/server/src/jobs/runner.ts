/**
 * Runs queued jobs: a graphile-worker runner in this process, on a small pool shared by the
 * process's runners (one connection each held for LISTEN, the others to take and finish jobs; the
 * tasks use the app's pool).
 * New jobs are picked up within milliseconds of their commit (LISTEN/NOTIFY), retries and
 * scheduled jobs by polling every 2 s, cron items (the hourly sweeps) once per tick across every
 * runner. Which process runs one is decided in runtime/ (NODE_TYPE, docs/operations.md).
 *
 * A job is locked by the runner's worker id while it runs. A process killed mid-job leaves the
 * lock behind; graphile-worker frees such locks after 4 hours, and Glimpse frees them sooner where
 * it knows the owner is dead (`releaseWorkers`, and jobs/migrate.ts at an embedded start).
 */
import { EventEmitter } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import type { CronItem, Runner, TaskList, WorkerEvents } from 'graphile-worker';
import type pg from 'pg';
import type { Logger } from '../lib/logger.ts';
import { putBackBuiltins } from '../lib/native-json.ts';
import { jobRunnerConnections } from './connections.ts';
import { PermanentJobError, type Task } from './task.ts';

export interface CronEntry<Deps> {
  task: Task<Record<string, never>, Deps>;
  /** A crontab pattern, in UTC: `17 * * * *` is every hour at :17. */
  match: string;
  /**
   * Ticks missed while no runner ran (a restart across the hour) are run once at start if they
   * are at most this old.
   */
  backfillHours?: number;
}

export interface JobRunnerOptions<Deps> {
  connectionString: string;
  tasks: readonly Task<never, Deps>[];
  cron?: readonly CronEntry<Deps>[];
  deps: Deps;
  logger: Logger;
  /** Jobs run at once in this process (jobs of one named queue still run one at a time). */
  concurrency: number;
  /**
   * graphile-worker ids of runners known to be dead (a killed process of this server, reported
   * by the primary): their jobs are unlocked before this runner starts, to run again now.
   */
  releaseWorkers?: readonly string[];
  /** Told this runner's ids (its pool's and workers') once they exist, so they can be released if it dies. */
  onWorkerIds?: (ids: string[]) => void;
  /**
   * Connections shared with the other runners of this process (`startJobRunners`), which end it;
   * without one the runner opens its own and ends it when it stops.
   */
  pool?: pg.Pool;
  /** How often it looks for jobs that are due (retries, scheduled ones) besides LISTEN's notices. */
  pollIntervalMs?: number;
  /**
   * Jobs taken (and locked) in one query, then handed to free slots without a round trip each
   * (graphile-worker's local queue). For many short jobs; a job's lock then starts before it runs.
   */
  batchSize?: number;
  /**
   * At most this many of its jobs start per second, however many slots are free: caps the CPU a
   * burst of short jobs (a fan-out's deliveries) takes from the web answers of this process.
   */
  startsPerSecond?: number;
}

export interface JobRunner {
  /** Waits for running jobs (their signal is aborted after 5 s), then closes the pool. */
  stop(): Promise<void>;
  /**
   * Resolves once no job of its tasks is due or running (tests: "the mail has been sent"); jobs
   * retrying later do not count. Rejects after `timeoutMs`.
   */
  idle(timeoutMs?: number): Promise<void>;
}

/** The job runners' own connections (the tasks use the app's pool): `max` at most. */
async function openJobPool(connectionString: string, max: number, logger: Logger): Promise<pg.Pool> {
  const { default: pgModule } = await import('pg');
  const pool = new pgModule.Pool({
    connectionString,
    max,
    // How an operator tells these from the app's connections in pg_stat_activity.
    application_name: 'glimpse jobs',
  });
  // An idle connection's error arrives on the pool, a checked-out one's on the client: without
  // these listeners Node treats either as fatal.
  const lost = (err: Error) => logger.warn({ err }, 'job queue connection lost; the pool replaces it');
  pool.on('error', lost);
  pool.on('connect', (client) => client.on('error', lost));
  return pool;
}

export async function startJobRunner<Deps>(options: JobRunnerOptions<Deps>): Promise<JobRunner> {
  const { logger } = options;
  // Loaded only where jobs run: a web-only process never pays for it (docs/performance.md).
  const worker = await import('graphile-worker');
  const ownPool = !options.pool;
  const pool =
    options.pool ??
    (await openJobPool(options.connectionString, jobRunnerConnections(options.concurrency), logger));
  if (options.releaseWorkers?.length) {
    await pool.query('select graphile_worker.force_unlock_workers($1::text[])', [options.releaseWorkers]);
    logger.info({ workers: options.releaseWorkers }, 'released the jobs of a stopped job runner');
  }

  const pace = options.startsPerSecond ? startPacer(options.startsPerSecond) : undefined;
  const taskList: TaskList = {};
  for (const task of options.tasks) {
    taskList[task.name] = async (payload, helpers) => {
      const controller = new AbortController();
      const abort = () => controller.abort();
      helpers.abortSignal?.addEventListener('abort', abort);
      try {
        // Aborted (the process stopping) while it waits, the job fails this try and runs again later.
        await pace?.(controller.signal);
        await task.run(payload as never, options.deps, {
          id: helpers.job.id,
          attempt: helpers.job.attempts,
          maxAttempts: helpers.job.max_attempts,
          signal: controller.signal,
        });
      } catch (error) {
        if (error instanceof PermanentJobError) {
          // No public call fails a job that is running; ours holds the lock, so nothing else
          // touches the row. Attempts already counts this try, so the failure below is the last.
          await helpers.query(
            'update graphile_worker._private_jobs set max_attempts = attempts where id = $1 and locked_by is not null',
            [helpers.job.id],
          );
        }
        throw error;
      } finally {
        helpers.abortSignal?.removeEventListener('abort', abort);
        // A federation job loads Fedify, which replaces two builtins on Node 20 (lib/native-json.ts).
        putBackBuiltins();
      }
    };
  }

  const events: WorkerEvents = new EventEmitter();
  // Every concurrent `idle()` waits on job:complete with a listener of its own (a test awaiting
  // several flows at once has a dozen); they are removed when each wait ends, so this is no leak.
  events.setMaxListeners(0);
  // Jobs are locked by the pool's id (0.17 takes them for the pool) or a worker's: report both.
  const workerIds: string[] = [];
  const report = (id: string) => {
    workerIds.push(id);
    options.onWorkerIds?.([...workerIds]);
  };
  events.on('pool:create', ({ workerPool }) => report(workerPool.id));
  events.on('worker:create', ({ worker: created }) => report(created.workerId));
  events.on('job:failed', ({ job, error }) =>
    logger.error({ err: error, jobId: job.id, task: job.task_identifier }, 'job failed for good'),
  );

  const cronItems: CronItem[] = (options.cron ?? []).map((entry) => ({
    task: entry.task.name,
    match: entry.match,
    identifier: entry.task.name,
    options: {
      backfillPeriod: (entry.backfillHours ?? 0) * 60 * 60 * 1000,
      queueName: entry.task.queueName,
      maxAttempts: entry.task.maxAttempts,
      jobKey: entry.task.name,
    },
  }));

  const graphileLogger = new worker.Logger(() => (level, message, meta) => {
    // graphile-worker reports every failed try itself, at error; its other lines are routine.
    if (level === 'error') logger.warn({ ...meta }, message);
    else if (level === 'warning') logger.warn({ ...meta }, message);
    else logger.debug({ ...meta }, message);
  });

  const launch = (): Promise<Runner> =>
    worker.run({
      pgPool: pool,
      concurrency: options.concurrency,
      noHandleSignals: true,
      pollInterval: options.pollIntervalMs ?? 2000,
      logger: graphileLogger,
      events,
      taskList,
      parsedCronItems: worker.parseCronItems(cronItems),
      // Jobs running at shutdown get this long before their signal aborts them (they run again).
      gracefulShutdownAbortTimeout: 5000,
      // Recording a job done or failed through the batcher, with no wait for more (delay 0): only
      // there are its database errors handled (retried, then the runner stops and is replaced,
      // below). Unbatched, 0.17.3 leaves such an error unhandled and the process exits.
      preset: {
        worker: {
          completeJobBatchDelay: 0,
          failJobBatchDelay: 0,
          // Every runner hears of every job added, whatever its task: a lane that takes its jobs
          // in batches asks once per notice, not once per idle slot. (graphile-worker's refetchDelay,
          // which would also skip the notices after an empty fetch, was tried: a lane then missed
          // the notice of its next jobs and found them at the 2 s poll.)
          ...(options.batchSize && options.batchSize > 1 ? { localQueue: { size: options.batchSize } } : {}),
        },
      },
    });

  let stopping = false;
  let runner: Runner = await launch();
  /**
   * graphile-worker stops a runner when it cannot record a job done or failed (PostgreSQL gone: the
   * embedded server restarting, a failover), and its promise then settles. Unwatched, jobs would
   * stop running in this process for good; instead a new runner starts once the database answers
   * again, after releasing the jobs the old one held (they were ours, and it is gone).
   */
  const supervise = (current: Runner) => {
    const restart = async (err?: unknown) => {
      if (stopping) return;
      logger.error({ err }, 'job runner stopped; starting a new one');
      for (let attempt = 0; !stopping; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, Math.min(30_000, 1000 * 2 ** attempt)));
        if (stopping) return;
        try {
          await pool.query('select graphile_worker.force_unlock_workers($1::text[])', [workerIds]);
          runner = await launch();
          supervise(runner);
          logger.warn('job runner started again');
          return;
        } catch (retryError) {
          logger.warn({ err: retryError }, 'job runner could not start yet; trying again');
        }
      }
    };
    current.promise.then(() => restart(), restart);
  };
  supervise(runner);

  // Jobs of tasks this runner does not know are not its to wait for: it never runs them.
  const known = options.tasks.map((task) => task.name);
  const dueOrRunning = async () => {
    const { rows } = await pool.query<{ n: number }>(
      `select count(*)::int as n from graphile_worker.jobs
       where task_identifier = any($1::text[])
         and (locked_at is not null or (run_at <= now() and attempts < max_attempts))`,
      [known],
    );
    return rows[0]!.n;
  };

  return {
    async stop() {
      stopping = true;
      await runner.stop().catch((err) => logger.warn({ err }, 'job runner did not stop cleanly'));
      if (ownPool) await pool.end();
    },
    async idle(timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while ((await dueOrRunning()) > 0) {
        if (Date.now() > deadline) throw new Error(`jobs still due or running after ${timeoutMs} ms`);
        // The next job to finish, or a short pause for a job added while we looked.
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            events.off('job:complete', done);
            resolve();
          };
          const timer = setTimeout(done, 50);
          events.on('job:complete', done);
        });
      }
    },
  };
}

/**
 * Spaces starts at least 1/`perSecond` s apart, in the order they asked; the first after a quiet
 * spell starts at once.
 */
export function startPacer(perSecond: number): (signal?: AbortSignal) => Promise<void> {
  const intervalMs = 1000 / perSecond;
  let nextAt = 0;
  return async (signal) => {
    const now = performance.now();
    const at = Math.max(now, nextAt);
    nextAt = at + intervalMs;
    if (at > now) await sleep(Math.ceil(at - now), undefined, { signal });
  };
}

/** Tasks that get runner slots of their own in a process (runtime/tasks.ts `jobLanes`). */
export interface JobLane<Deps> {
  tasks: readonly Task<never, Deps>[];
  cron?: readonly CronEntry<Deps>[];
  concurrency: number;
  batchSize?: number;
  startsPerSecond?: number;
}

/**
 * One runner per lane in this process, stopped and awaited as one. A lane's jobs never wait for
 * another lane's slots: deliveries that mostly wait on other servers run many at once without
 * letting an import or an AVIF encode run more than JOB_CONCURRENCY at a time.
 *
 * The runners share one pool of connections. Each holds one for its LISTEN; the others are taken
 * for a query at a time (a fetch, a completion, a poll) and the pool closes them after 10 s idle,
 * so idle lanes' polls take turns on one connection instead of keeping one each open: a
 * PostgreSQL backend is ~2 MB of start-up memory (docs/performance.md, "Memory"). Every job added
 * wakes every lane at once, which would keep their 2 s polls in step, each needing a connection
 * at the same moment: each lane polls 150 ms slower than the one before, so they drift apart.
 */
export async function startJobRunners<Deps>(
  options: Omit<JobRunnerOptions<Deps>, 'tasks' | 'cron' | 'concurrency' | 'pool'> & {
    lanes: readonly JobLane<Deps>[];
  },
): Promise<JobRunner> {
  const { lanes, onWorkerIds, releaseWorkers, ...common } = options;
  const idsByLane: string[][] = lanes.map(() => []);
  const max = lanes.reduce((sum, lane) => sum + jobRunnerConnections(lane.concurrency), 0);
  const pool = await openJobPool(common.connectionString, max, common.logger);
  const runners = await Promise.all(
    lanes.map((lane, i) =>
      startJobRunner({
        ...common,
        ...lane,
        pool,
        pollIntervalMs: 2000 + 150 * i,
        // force_unlock_workers frees every job those ids held, whichever lane now runs its task.
        releaseWorkers: i === 0 ? releaseWorkers : undefined,
        onWorkerIds: (ids) => {
          idsByLane[i] = ids;
          onWorkerIds?.(idsByLane.flat());
        },
      }),
    ),
  );
  return {
    async stop() {
      await Promise.all(runners.map((runner) => runner.stop()));
      await pool.end();
    },
    async idle(timeoutMs) {
      // A lane's job may queue another lane's (a post's fan-out): idle only when all are at once.
      const idleNow = (runner: JobRunner) =>
        runner.idle(0).then(
          () => true,
          () => false,
        );
      do await Promise.all(runners.map((runner) => runner.idle(timeoutMs)));
      while (!(await Promise.all(runners.map(idleNow))).every(Boolean));
    },
  };
}
