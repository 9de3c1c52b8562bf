/**
 * The federation's background tasks: `federation_message` runs what Fedify put on its queue
 * (queue.ts): deliveries go out through the gate (deliver.ts), anything else (an incoming
 * activity, a fan-out) goes back to Fedify's `processQueuedTask`, which throws on failure so the
 * job is tried again later (`nativeRetrial`). `federation_kv_sweep` drops expired KV entries hourly.
 */
import type { Message } from '@fedify/fedify';
import type { AppDeps } from '../../deps.ts';
import { defineTask } from '../../jobs/task.ts';
import { type Delivery, deliver } from './deliver.ts';
import { federationOf, userAgentOf } from './federation.ts';
import { createPostgresKvStore, sweepFederationKv } from './kv.ts';
import { federationMessageTaskName } from './queue.ts';

export const federationMessageTask = defineTask<Message, AppDeps>({
  name: federationMessageTaskName,
  async run(message, deps) {
    if (deps.env.FEDERATION === 'off') return;
    if (message.type === 'outbox') {
      const kv = createPostgresKvStore(deps.db);
      await deliver({ outbound: deps.outbound, kv, userAgent: userAgentOf(deps) }, message as Delivery);
      return;
    }
    await federationOf(deps).processQueuedTask(deps, message);
  },
});

export const federationKvSweepTask = defineTask<Record<string, never>, AppDeps>({
  name: 'federation_kv_sweep',
  queueName: 'maintenance',
  async run(_, { db }) {
    await sweepFederationKv(db);
  },
});
