/**
 * Fedify's message queue on our job queue (graphile-worker, jobs/task.ts): every message Fedify
 * enqueues (an incoming activity to process, a fan-out) is a `federation_message` job, one delivery
 * to one inbox a `federation_delivery` job (a lane of its own); durable, retried with graphile-worker's
 * backoff (25 tries, about three days), run by whichever process runs jobs. `nativeRetrial` tells Fedify to leave retries to it.
 *
 * Fedify is created with `manuallyStartQueue: true` and its queue is never started: `listen` is
 * not how messages reach Fedify. The job runner is (jobs.ts calls `processQueuedTask`), so a
 * process with NODE_TYPE=web only enqueues, as Hollo's web nodes do, and NODE_TYPE=worker or all
 * processes them.
 */
import type { MessageQueue, MessageQueueEnqueueOptions } from '@fedify/fedify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { groupedWhileBusy } from '../../../lib/grouped.ts';

export const federationMessageTaskName = 'federation_message';
/** One delivery to one inbox: a lane of its own (runtime/tasks.ts), paced apart from incoming work. */
export const federationDeliveryTaskName = 'federation_delivery';

const taskOf = (message: unknown) =>
  (message as { type?: string }).type === 'outbox' ? federationDeliveryTaskName : federationMessageTaskName;

/**
 * Deliveries wait their turn behind nothing else: one named queue would serialise every server.
 * Ordering keys (Fedify's "Delete after Create") are not kept: a Delete that overtakes its Create
 * finds nothing to delete, and the Create then arrives for a post its author deleted (docs/federation.md).
 */
function runAt(options?: MessageQueueEnqueueOptions): string | null {
  const ms = options?.delay?.total('millisecond') ?? 0;
  return ms > 0 ? new Date(Date.now() + ms).toISOString() : null;
}

/**
 * Fedify's delivery and fan-out messages carry the sender's private keys (JWK). A job row outlives
 * its run when it fails and is copied into backups, so the keys are taken out here and put back
 * from `federation_keys` when the job runs (jobs.ts `signingKeysOf`): a job holds only key ids.
 */
function withoutPrivateKeys(message: unknown): unknown {
  const keys = (message as { keys?: { keyId: string }[] }).keys;
  if (!Array.isArray(keys)) return message;
  return { ...(message as object), keys: keys.map(({ keyId }) => ({ keyId })) };
}

interface JobSpec {
  identifier: string;
  payload: unknown;
  run_at: string | null;
}

const specOf = (message: unknown, options?: MessageQueueEnqueueOptions): JobSpec => ({
  identifier: taskOf(message),
  payload: withoutPrivateKeys(message),
  run_at: runAt(options),
});

/** Every spec in one statement: graphile_worker.add_jobs takes them all, with one NOTIFY. */
async function addJobs(db: Db, specs: readonly JobSpec[]) {
  await db.execute(
    sql`select graphile_worker.add_jobs(array(select json_populate_recordset(null::graphile_worker.job_spec, ${JSON.stringify(specs)}::json)))`,
  );
}

export function createJobMessageQueue(db: Db): MessageQueue {
  // Jobs asked for while a statement is under way go together in the next (lib/grouped.ts): a
  // burst of incoming activities costs one round trip, one commit and one wake-up of the job
  // runners per group instead of per activity. Each caller's promise settles with its group's
  // statement, so an accepted activity is answered 202 only once its job is stored.
  const addJob = groupedWhileBusy<JobSpec, void>(async (specs) => {
    await addJobs(db, specs);
    return specs.map(() => undefined);
  });
  return {
    nativeRetrial: true,
    async enqueue(message, options) {
      await addJob(specOf(message, options));
    },
    async enqueueMany(messages, options) {
      if (messages.length === 0) return;
      // A fan-out's deliveries are a group already.
      await addJobs(
        db,
        messages.map((message) => specOf(message, options)),
      );
    },
    async listen(_handler, options) {
      // The job runner hands messages to Fedify; this only waits, as the interface asks.
      await new Promise<void>((resolve) => {
        if (options?.signal?.aborted) return resolve();
        options?.signal?.addEventListener('abort', () => resolve(), { once: true });
      });
    },
  };
}
