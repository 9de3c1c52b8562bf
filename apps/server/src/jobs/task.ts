/**
 * What a background task is, and how work is queued for one. The queue is graphile-worker's, in
 * the `graphile_worker` schema of the app's own database (docs/architecture.md, "Background jobs"):
 * a job is a row added by SQL, so it commits or rolls back with the write that causes it, and no
 * process that only queues work ever loads the library. The runner (jobs/runner.ts) runs them.
 *
 * A feature defines its tasks beside the work they do (`defineTask`), and queues them with
 * `addJob(db, task, payload)`, or as a step of the write that causes them (`addJobSql`,
 * `addJobForRowSql`); runtime/tasks.ts composes the list a runner runs.
 */
import { Column, is, SQL, sql } from 'drizzle-orm';
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

/**
 * What queueing a job needs of its task: the name, the queue options and the payload's type. A
 * write on a floor below the feature that runs the task queues it through this declaration
 * (`declareJob`), and the task spreads it into its definition.
 */
export interface JobKind<Payload> extends QueueOptions {
  /** The task identifier in the queue: stable, since queued rows name it. */
  name: string;
  /** Never defined: carries the payload's type to `addJob` and the task's `run`. */
  payloadOf?(payload: Payload): void;
}

export const declareJob = <Payload>(kind: { name: string } & QueueOptions): JobKind<Payload> => kind;

export interface Task<Payload, Deps> extends JobKind<Payload> {
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
  jobKey?: string | SQL;
  /** With `jobKey`: keep the waiting job's time, so a burst of adds does not postpone it. */
  preserveRunAt?: boolean;
  /** Not before this time (default now). */
  runAt?: Date | SQL;
}

/**
 * A payload as a statement builds it: each field a value, or SQL (a column of the row the
 * statement writes, a subquery) that the statement reads as it queues the job.
 */
export type PayloadSql<Payload> = { [Field in keyof Payload]: Payload[Field] | SQL | Column };

const isSql = (value: unknown): value is SQL | Column => is(value, SQL) || is(value, Column);

/** The payload as json: serialised here, or, with SQL fields, built by the statement itself. */
function payloadJson(payload: object): SQL {
  const fields = Object.entries(payload);
  if (!fields.some(([, value]) => isSql(value))) return sql`${JSON.stringify(payload)}::json`;
  return sql`json_build_object(${sql.join(
    fields.map(
      ([field, value]) => sql`${field}::text, ${isSql(value) ? value : sql`${JSON.stringify(value)}::json`}`,
    ),
    sql`, `,
  )})`;
}

/**
 * The SQL that queues one job, for a statement of the caller's own (a CTE step, or a row's step:
 * `addJobForRowSql`). `graphile_worker.add_job` NOTIFYs the runners on commit.
 */
export function addJobSql<Payload>(
  task: JobKind<Payload>,
  payload: PayloadSql<NoInfer<Payload>>,
  options: AddJobOptions = {},
): SQL {
  return addJobCall(task, payloadJson(payload), options);
}

function addJobCall(task: JobKind<unknown>, payload: SQL, options: AddJobOptions): SQL {
  const runAt = options.runAt instanceof Date ? options.runAt.toISOString() : (options.runAt ?? null);
  return sql`graphile_worker.add_job(
    ${task.name},
    ${payload},
    queue_name => ${task.queueName ?? null}::text,
    run_at => ${runAt}::timestamptz,
    max_attempts => ${task.maxAttempts ?? null}::int,
    job_key => (${options.jobKey ?? null})::text,
    job_key_mode => ${options.preserveRunAt ? 'preserve_run_at' : 'replace'}::text
  )`;
}

/**
 * A job queued by a write for each row it writes, when `condition` holds of the row: a value for
 * the write's RETURNING (the job's id, or null), whose columns name the row written. PostgreSQL
 * computes a RETURNING for every row an INSERT, UPDATE or DELETE writes, in a WITH step too, and
 * whether or not anything reads it (a plain SELECT in WITH runs only as far as the statement reads
 * it), so the job exists exactly when the row changed and the statement commits.
 */
export function addJobForRowSql<Payload>(
  condition: SQL,
  task: JobKind<Payload>,
  payload: PayloadSql<NoInfer<Payload>>,
  options: AddJobOptions = {},
): SQL<string | null> {
  // Named, or the column would be `id` beside the row's own.
  return sql<
    string | null
  >`(select (${addJobSql(task, payload, options)}).id as queued_job where ${condition})`;
}

/** Queues one job on `db`: pass the caller's transaction, and the job exists only if it commits. */
export async function addJob<Payload>(
  db: Db,
  task: JobKind<Payload>,
  payload: NoInfer<Payload>,
  options: AddJobOptions = {},
): Promise<void> {
  await db.execute(sql`select ${addJobCall(task, sql`${JSON.stringify(payload)}::json`, options)}`);
}
