/**
 * The job queue's own schema (`graphile_worker`), created and upgraded by graphile-worker's
 * migrations; they take an advisory lock, so two instances starting at once do not collide. Run
 * once per start beside the app's migrations (runtime/migrate-child.ts, test/global-setup.ts).
 */
import { Logger, runMigrations } from 'graphile-worker';
import pg from 'pg';

export async function migrateJobQueue(connectionString: string): Promise<void> {
  await runMigrations({ connectionString, maxPoolSize: 1, logger: new Logger(() => () => {}) });
}

/**
 * Unlocks every job: only when no runner can be alive, which the embedded server knows at start
 * (one server owns its DATA_DIR, and PostgreSQL was just started by it). A runner killed mid-job
 * (a power cut, SIGKILL) left its jobs locked; they run again now rather than in 4 hours.
 */
export async function releaseAllJobLocks(connectionString: string): Promise<number> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const { rows } = await client.query<{ workers: string[] }>(
      'select coalesce(array_agg(distinct locked_by), array[]::text[]) as workers from graphile_worker.jobs where locked_by is not null',
    );
    const workers = rows[0]!.workers;
    if (workers.length > 0) {
      await client.query('select graphile_worker.force_unlock_workers($1::text[])', [workers]);
    }
    return workers.length;
  } finally {
    await client.end();
  }
}
