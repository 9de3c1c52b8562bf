/**
 * What an operator sees of the queue and may do to it, read from graphile-worker's public view
 * (`graphile_worker.jobs`) and functions. Permission checks are the caller's (composers/moderation/jobs.ts).
 */
import type { FailedJobDto, JobQueueDto } from '@glimpse/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

const failedListSize = 50;

type Rows<T> = { rows: T[] };

export async function jobQueueSummary(db: Db): Promise<JobQueueDto> {
  const counts = (await db.execute(sql`
    select
      count(*) filter (where locked_at is null and last_error is null)::int as queued,
      count(*) filter (where locked_at is not null)::int as running,
      count(*) filter (where locked_at is null and last_error is not null)::int as failed
    from graphile_worker.jobs`)) as unknown as Rows<{ queued: number; running: number; failed: number }>;
  const failed = (await db.execute(sql`
    select id::text as id, task_identifier as task, attempts, max_attempts, last_error, run_at, updated_at
    from graphile_worker.jobs
    where locked_at is null and last_error is not null
    order by updated_at desc, id desc
    limit ${failedListSize}`)) as unknown as Rows<{
    id: string;
    task: string;
    attempts: number;
    max_attempts: number;
    last_error: string;
    run_at: string | Date;
    updated_at: string | Date;
  }>;
  const [count] = counts.rows;
  return {
    queued: count?.queued ?? 0,
    running: count?.running ?? 0,
    failed: count?.failed ?? 0,
    failedJobs: failed.rows.map((row): FailedJobDto => {
      const givenUp = row.attempts >= row.max_attempts;
      return {
        id: row.id,
        task: row.task,
        attempts: row.attempts,
        maxAttempts: row.max_attempts,
        // The first line: a stack trace is for the logs, not for the console.
        lastError: row.last_error.split('\n')[0]!.slice(0, 500),
        runAt: new Date(givenUp ? row.updated_at : row.run_at).toISOString(),
        givenUp,
      };
    }),
  };
}

/**
 * Runs a failed job again now, with a fresh set of tries; false when it is no longer a failed job
 * waiting (it ran, is running, or was removed meanwhile).
 */
export async function retryJob(db: Db, jobId: string): Promise<boolean> {
  const result = (await db.execute(sql`
    with retried as (
      select id from graphile_worker.reschedule_jobs(
        array(select id from graphile_worker.jobs
              where id = ${jobId}::bigint and locked_at is null and last_error is not null),
        run_at => now(), attempts => 0)
    )
    -- reschedule_jobs does not wake the runners as add_job does: without this they find it at
    -- their next poll, up to 2 s later. The channel and payload are graphile-worker 0.17's own.
    select id, pg_notify('jobs:insert', '{"count":1}') from retried`)) as unknown as Rows<{ id: string }>;
  return result.rows.length > 0;
}
