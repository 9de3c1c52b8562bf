/**
 * The federation's background tasks: `federation_message` runs what Fedify put on its queue
 * (queue.ts): deliveries go out through the gate (deliver.ts), anything else (an incoming
 * activity, a fan-out) goes back to Fedify's `processQueuedTask`, which throws on failure so the
 * job is tried again later (`nativeRetrial`). `federation_kv_sweep` drops expired KV entries hourly, and deleted members' keys
 * once their farewell has had its tries (farewell.ts).
 */
import { exportJwk, type Message } from '@fedify/fedify';
import type { CoreDeps } from '../../core/deps.ts';
import { defineTask } from '../../jobs/task.ts';
import { type Delivery, deliver } from './deliver.ts';
import { isDomainBlocked } from './domain-blocks.ts';
import { sweepFarewells } from './farewell.ts';
import { federationContext, federationOf, userAgentOf } from './federation.ts';
import { createPostgresKvStore, sweepFederationKv } from './kv.ts';
import { federationMessageTaskName } from './queue.ts';

/** The private keys queue.ts took out of a message, back from `federation_keys` by their key ids. */
async function withKeys(deps: CoreDeps, message: Message): Promise<Message> {
  if (!('keys' in message) || !Array.isArray(message.keys)) return message;
  const ctx = federationContext(deps);
  const keys = [];
  for (const { keyId } of message.keys as { keyId: string }[]) {
    const owner = ctx.parseUri(new URL(keyId));
    if (owner?.type !== 'actor') continue;
    const pairs = await ctx.getActorKeyPairs(owner.identifier);
    const pair = pairs.find((p) => p.keyId.href === keyId);
    if (pair) keys.push({ keyId, privateKey: await exportJwk(pair.privateKey) });
  }
  return { ...message, keys } as Message;
}

export const federationMessageTask = defineTask<Message, CoreDeps>({
  name: federationMessageTaskName,
  async run(queued, deps) {
    if (deps.env.FEDERATION === 'off') return;
    const message = await withKeys(deps, queued);
    if (message.type === 'outbox') {
      // A blocked domain gets nothing from us, whatever was queued before the block.
      if (await isDomainBlocked(deps.db, new URL((message as Delivery).inbox).host)) return;
      const kv = createPostgresKvStore(deps.db);
      await deliver({ outbound: deps.outbound, kv, userAgent: userAgentOf(deps) }, message as Delivery);
      return;
    }
    await federationOf(deps).processQueuedTask(deps, message);
  },
});

export const federationKvSweepTask = defineTask<Record<string, never>, CoreDeps>({
  name: 'federation_kv_sweep',
  queueName: 'maintenance',
  async run(_, { db }) {
    await sweepFederationKv(db);
    await sweepFarewells(db);
  },
});
