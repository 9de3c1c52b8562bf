/**
 * What a background task is, and how work is queued for one. The queue is graphile-worker's, in
 * the `graphile_worker` schema of the app's own database (docs/architecture.md, "Background jobs"):
 * a job is a row added by SQL, so it commits or rolls back with the write that causes it, and no
 * process that only queues work ever loads the library. The runner (jobs/runner.ts) runs them.
 *
 * A feature defines its tasks beside the work they do (`defineTask`), and queues them with
 * `addJob(db, task, payload)`; runtime/tasks.ts composes the list a runner runs.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

export interface QueueOptions {
  /**
   * Jobs of one queue run one at a time, across every process that runs jobs. Only for work that
   * must not run in parallel (AVIF encodes, sweeps); a handful of names, never one per row.
   */
  queueName?: string;
  /** Tries before the job is left as failed (graphile-worker: 25, about three days of backoff). */
  maxAttempts?: number;
}

export interface RunningJob {
  id: string;
  /** This try's number, from 1. */
  attempt: number;
  maxAttempts: number;
  /** Aborted when the process shuts down: a long job stops at its next step and is tried again. */
  signal: AbortSignal;
}

export interface Task<Payload, Deps> extends QueueOptions {
  /** The task identifier in the queue: stable, since queued rows name it. */
  name: string;
  /**
   * Does the work. It may run more than once for one job (a process killed before it recorded
   * the job as done), so it must be idempotent. Throwing retries it later, with a backoff;
   * `PermanentJobError` leaves it failed at once.
   */
  run(payload: Payload, deps: Deps, job: RunningJob): Promise<void>;
}

export const defineTask = <Payload, Deps>(task: Task<Payload, Deps>): Task<Payload, Deps> => task;

/** A failure that another try cannot mend (a mail server's 5xx): the job fails for good, visibly. */
export class PermanentJobError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PermanentJobError';
  }
}

export interface AddJobOptions {
  /**
   * One pending job per key: adding again updates the waiting job instead of queueing a second
   * (a running one is left to finish, and a new one queued after it).
   */
  jobKey?: string;
  /** With `jobKey`: keep the waiting job's time, so a burst of adds does not postpone it. */
  preserveRunAt?: boolean;
  /** Not before this time (default now). */
  runAt?: Date | SQL;
}

/**
 * The SQL that queues one job, for a statement of the caller's own (a CTE, a trigger's body is
 * written by hand in its migration). `graphile_worker.add_job` NOTIFYs the runners on commit.
 */
export function addJobSql<Payload>(
  task: Task<Payload, never>,
  payload: Payload,
  options: AddJobOptions = {},
): SQL {
  const runAt = options.runAt instanceof Date ? options.runAt.toISOString() : (options.runAt ?? null);
  return sql`graphile_worker.add_job(
    ${task.name},
    ${JSON.stringify(payload)}::json,
    queue_name => ${task.queueName ?? null}::text,
    run_at => ${runAt}::timestamptz,
    max_attempts => ${task.maxAttempts ?? null}::int,
    job_key => ${options.jobKey ?? null}::text,
    job_key_mode => ${options.preserveRunAt ? 'preserve_run_at' : 'replace'}::text
  )`;
}

/** Queues one job on `db`: pass the caller's transaction, and the job exists only if it commits. */
export async function addJob<Payload>(
  db: Db,
  task: Task<Payload, never>,
  payload: Payload,
  options: AddJobOptions = {},
): Promise<void> {
  await db.execute(sql`select ${addJobSql(task, payload, options)}`);
}
