/**
 * The job queue's guarantees, with probe tasks on runners of their own (the test context's runner
 * knows only the app's tasks, so it leaves these alone): a job exists only if its transaction
 * commits and then runs within moments; one waiting job per key; a named queue runs one job at a
 * time across runners; a runner that died has its jobs released to its successor; a permanent
 * failure is not tried again; a lane's jobs run on slots of their own, started no faster than its
 * rate.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.ts';
import { createLogger } from '../lib/logger.ts';
import { type JobRunner, type JobRunnerOptions, startJobRunner, startJobRunners } from './runner.ts';
import { addJob, defineTask, PermanentJobError, type Task } from './task.ts';

let t: TestContext;
const runners: JobRunner[] = [];
beforeAll(async () => {
  t = await createTestContext();
});
afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.stop()));
});
afterAll(() => t.close());

const logger = createLogger('silent', false);

async function runner(tasks: Task<never, unknown>[], options: Partial<JobRunnerOptions<unknown>> = {}) {
  const started = await startJobRunner({
    connectionString: t.databaseUrl,
    tasks,
    deps: {},
    logger,
    concurrency: 2,
    ...options,
  });
  runners.push(started);
  return started;
}

const jobsOf = async (task: string) =>
  (
    (await t.db.execute(
      sql`select id::text, attempts, max_attempts, last_error, locked_by from graphile_worker.jobs where task_identifier = ${task}`,
    )) as unknown as {
      rows: {
        id: string;
        attempts: number;
        max_attempts: number;
        last_error: string | null;
        locked_by: string | null;
      }[];
    }
  ).rows;

/** A promise with its resolve, to hold a job while the test looks at the queue. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('the job queue', () => {
  it('queues a job only if its transaction commits, and runs it at once', async () => {
    const ran: string[] = [];
    const probe = defineTask<{ label: string }, unknown>({
      name: 'probe_outbox',
      async run({ label }) {
        ran.push(label);
      },
    });
    // A poll a minute apart: only LISTEN/NOTIFY can run the job before the test's timeout.
    const jobs = await runner([probe], { pollIntervalMs: 60_000 });
    await t.db
      .transaction(async (tx) => {
        await addJob(tx, probe, { label: 'rolled back' });
        throw new Error('roll back');
      })
      .catch(() => {});
    await t.db.transaction((tx) => addJob(tx, probe, { label: 'committed' }));
    await jobs.idle();
    expect(ran).toEqual(['committed']);
  });

  it('keeps one waiting job per key, and a named queue runs one job at a time', async () => {
    let running = 0;
    let most = 0;
    const ran: string[] = [];
    const hold = gate();
    const probe = defineTask<{ label: string }, unknown>({
      name: 'probe_serial',
      queueName: 'probe_serial',
      async run({ label }) {
        running++;
        most = Math.max(most, running);
        await hold.opened;
        ran.push(label);
        running--;
      },
    });
    // Queued before any runner knows the task: nothing runs them yet.
    await addJob(t.db, probe, { label: 'first' }, { jobKey: 'probe:a' });
    await addJob(t.db, probe, { label: 'replaced' }, { jobKey: 'probe:b' });
    await addJob(t.db, probe, { label: 'second' }, { jobKey: 'probe:b' });
    expect(await jobsOf('probe_serial')).toHaveLength(2);
    // Two runners of two slots each: still one job of the queue at a time.
    const [a, b] = [await runner([probe]), await runner([probe])];
    await new Promise((resolve) => setTimeout(resolve, 300));
    hold.open();
    await Promise.all([a.idle(), b.idle()]);
    expect(ran.sort()).toEqual(['first', 'second']);
    expect(most).toBe(1);
  });

  it('releases the jobs of a runner that died to the runner that replaces it', async () => {
    let firstRunnerIds: string[] = [];
    const stuck = gate();
    const ranOn: string[] = [];
    const probe = (name: string, hang: boolean) =>
      defineTask<Record<string, never>, unknown>({
        name: 'probe_release',
        async run() {
          ranOn.push(name);
          if (hang) await stuck.opened;
        },
      });
    // The first runner takes the job and never finishes it, as a process killed mid-job would not.
    await runner([probe('first', true)], { onWorkerIds: (ids) => (firstRunnerIds = ids) });
    await addJob(t.db, probe('first', true), {});
    await expect.poll(async () => (await jobsOf('probe_release'))[0]?.locked_by).toBeTruthy();
    expect(firstRunnerIds).toContain((await jobsOf('probe_release'))[0]!.locked_by);

    // Its replacement is told its ids (the primary does this): it frees the job and runs it.
    const second = await runner([probe('second', false)], { releaseWorkers: firstRunnerIds });
    await second.idle();
    expect(ranOn).toEqual(['first', 'second']);
    expect(await jobsOf('probe_release')).toEqual([]);
    stuck.open();
  });

  it('survives losing the database while it records a job, and keeps running jobs', async () => {
    const database = new URL(t.databaseUrl).pathname.slice(1);
    /** From the server's admin database: a database cannot shut itself off. */
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: inject('testDatabase').adminUrl });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    };
    const ran: string[] = [];
    let cutOffAt = 0;
    const cutOff = defineTask<Record<string, never>, unknown>({
      name: 'probe_cut_off',
      async run() {
        ran.push('cut off');
        if (cutOffAt) return;
        // Every job runner connection goes, and none may come back until the test allows it:
        // the job's end cannot be recorded.
        await admin(`alter database ${database} allow_connections false`);
        await admin(
          `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${database}' and application_name = 'glimpse jobs'`,
        );
        cutOffAt = Date.now();
        throw new Error('cut off');
      },
    });
    const after = defineTask<Record<string, never>, unknown>({
      name: 'probe_after',
      async run() {
        ran.push('after');
      },
    });
    const jobs = await runner([cutOff, after]);
    await addJob(t.db, cutOff, {});
    await expect.poll(() => cutOffAt, { timeout: 10_000 }).toBeGreaterThan(0);
    // The runner tries to record the failure meanwhile, is refused, and stops.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await admin(`alter database ${database} allow_connections true`);

    // A new runner takes over once the database answers: the job, whose end was never recorded,
    // runs again (never lost), and new jobs run.
    await expect.poll(async () => jobsOf('probe_cut_off'), { timeout: 30_000, interval: 500 }).toEqual([]);
    await addJob(t.db, after, {});
    await jobs.idle();
    expect(ran).toEqual(['cut off', 'cut off', 'after']);
  }, 60_000);

  it('tries a failing job again later, and a permanent failure never again', async () => {
    let tries = 0;
    const flaky = defineTask<Record<string, never>, unknown>({
      name: 'probe_flaky',
      async run() {
        tries++;
        throw new Error('not yet');
      },
    });
    const refused = defineTask<Record<string, never>, unknown>({
      name: 'probe_refused',
      maxAttempts: 10,
      async run() {
        throw new PermanentJobError('refused for good');
      },
    });
    const jobs = await runner([flaky, refused]);
    await addJob(t.db, flaky, {});
    await addJob(t.db, refused, {});
    await jobs.idle();
    expect(tries).toBe(1);
    expect(await jobsOf('probe_flaky')).toEqual([
      expect.objectContaining({
        attempts: 1,
        max_attempts: 25,
        last_error: expect.stringContaining('not yet'),
      }),
    ]);
    expect(await jobsOf('probe_refused')).toEqual([
      expect.objectContaining({
        attempts: 1,
        max_attempts: 1,
        last_error: expect.stringContaining('refused for good'),
      }),
    ]);
  });

  it('runs a lane on slots of its own, taking its jobs in batches: they run wide beside a long job of the other lane', async () => {
    const long = gate();
    let longRunning = false;
    const slow = defineTask<Record<string, never>, unknown>({
      name: 'probe_lane_slow',
      async run() {
        longRunning = true;
        await long.opened;
        longRunning = false;
      },
    });
    let running = 0;
    let most = 0;
    const wideDone = gate();
    const wide = defineTask<Record<string, never>, unknown>({
      name: 'probe_lane_wide',
      async run() {
        running++;
        most = Math.max(most, running);
        // Each waits until four run at once, as deliveries wait on other servers.
        if (running >= 4) wideDone.open();
        await wideDone.opened;
        running--;
      },
    });
    let reported: string[] = [];
    const jobs = await startJobRunners({
      connectionString: t.databaseUrl,
      deps: {},
      logger,
      lanes: [
        { tasks: [slow], concurrency: 1 },
        { tasks: [wide], concurrency: 4, batchSize: 4 },
      ],
      onWorkerIds: (ids) => (reported = ids),
    });
    runners.push(jobs);
    await addJob(t.db, slow, {});
    // Longer than the runner's 2 s poll: a job added while the runner still sets up its LISTEN is
    // found by the next poll, not at once (seen once in a full run: the default 1 s ran out).
    await expect.poll(() => longRunning, { timeout: 5_000 }).toBe(true);
    for (let i = 0; i < 6; i++) await addJob(t.db, wide, {});
    // The slow lane's one slot is taken; the wide lane's six jobs still run, four at a time.
    await expect.poll(async () => (await jobsOf('probe_lane_wide')).length, { timeout: 10_000 }).toBe(0);
    expect(most).toBe(4);
    expect(longRunning).toBe(true);
    // Both lanes' runner ids reach the primary, which releases them if the process dies.
    const lockedBy = (await jobsOf('probe_lane_slow'))[0]!.locked_by;
    expect(reported).toContain(lockedBy);
    long.open();
    await jobs.idle();
    expect(await jobsOf('probe_lane_slow')).toEqual([]);
  });

  it("starts a paced lane's jobs no faster than its rate, however many slots are free", async () => {
    const startedAt: number[] = [];
    const paced = defineTask<Record<string, never>, unknown>({
      name: 'probe_lane_paced',
      async run() {
        startedAt.push(performance.now());
      },
    });
    await runner([paced], { concurrency: 4, batchSize: 4, startsPerSecond: 10 });
    for (let i = 0; i < 5; i++) await addJob(t.db, paced, {});
    await expect.poll(() => startedAt.length, { timeout: 10_000 }).toBe(5);
    // Five starts at 10 a second: the pacer gives each start a slot 100 ms after the one before, so
    // start k comes k slots after the first's slot. A busy machine may run the first late, which
    // brings the next one closer (the slots stay where they were): so start k is at least k - 1
    // slots after the first. Unpaced, the four slots would start the first four together.
    const sinceFirst = startedAt.map((at) => at - startedAt[0]!);
    sinceFirst.forEach((ms, k) => {
      if (k > 0) expect(ms, `start ${k}`).toBeGreaterThanOrEqual((k - 1) * 100);
    });
  });

  it('a batching lane that has just fetched nothing of its own still starts its next job at once, not at the poll', async () => {
    let otherDone = 0;
    const other = defineTask<Record<string, never>, unknown>({
      name: 'probe_lane_other',
      async run() {
        otherDone++;
      },
    });
    let startedAt = 0;
    const mine = defineTask<Record<string, never>, unknown>({
      name: 'probe_lane_mine',
      async run() {
        startedAt = performance.now();
      },
    });
    const jobs = await startJobRunners({
      connectionString: t.databaseUrl,
      deps: {},
      logger,
      lanes: [
        { tasks: [other], concurrency: 4, batchSize: 4 },
        { tasks: [mine], concurrency: 4, batchSize: 4 },
      ],
    });
    runners.push(jobs);
    await addJob(t.db, other, {});
    await expect.poll(() => otherDone, { timeout: 5_000 }).toBe(1);
    // Each job added wakes both lanes: "mine" fetched nothing just now, and hears of its own next.
    for (let i = 0; i < 3; i++) await addJob(t.db, other, {});
    await expect.poll(() => otherDone, { timeout: 5_000 }).toBe(4);
    const addedAt = performance.now();
    await addJob(t.db, mine, {});
    await expect.poll(() => startedAt, { timeout: 5_000 }).toBeGreaterThan(0);
    // The poll comes every 2 s; a notice is answered in milliseconds.
    expect(startedAt - addedAt).toBeLessThan(1_000);
  });
});
