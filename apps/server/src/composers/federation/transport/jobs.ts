/**
 * The federation's background tasks: `federation_message` and `federation_delivery` run what Fedify
 * put on its queue (queue.ts): deliveries go out through the gate (deliver.ts), signed with the
 * keys `signingKeysOf` reads by id; anything else (an incoming
 * activity, with its signer known: signer.ts; a fan-out) goes back to Fedify's `processQueuedTask`, which throws on failure so the
 * job is tried again later (`nativeRetrial`). `federation_kv_sweep` drops expired KV entries hourly, and deleted members' keys
 * once their farewell has had its tries (outbox/farewell.ts).
 *
 * Fedify loads with the first message, not with the runner's task list (outbox/posts.ts).
 */
import type { Context, Message } from '@fedify/fedify';
import type { CoreDeps } from '../../../core/deps.ts';
import { defineTask } from '../../../jobs/task.ts';
import { isDomainBlocked } from '../admin/domain-blocks.ts';
import { sweepFarewells } from '../outbox/farewell.ts';
import type { Delivery, SigningKey } from './deliver.ts';
import { kvStoreOf, sweepFederationKv } from './kv.ts';
import { federationDeliveryTaskName, federationMessageTaskName } from './queue.ts';
import { asSignedBy } from './signer.ts';

/** The sender's private keys a queued message names by id (queue.ts took them out), from `federation_keys`. */
async function signingKeysOf(ctx: Context<CoreDeps>, message: Message): Promise<SigningKey[]> {
  if (!('keys' in message) || !Array.isArray(message.keys)) return [];
  const keys: SigningKey[] = [];
  for (const { keyId } of message.keys as { keyId: string }[]) {
    const owner = ctx.parseUri(new URL(keyId));
    if (owner?.type !== 'actor') continue;
    const pairs = await ctx.getActorKeyPairs(owner.identifier);
    const pair = pairs.find((p) => p.keyId.href === keyId);
    if (pair) keys.push({ keyId, privateKey: pair.privateKey });
  }
  return keys;
}

/** A fan-out goes back to Fedify, which reads the keys as JWK. */
async function withJwkKeys(message: Message, keys: SigningKey[]): Promise<Message> {
  if (!('keys' in message)) return message;
  const { exportJwk } = await import('@fedify/fedify');
  const jwks = await Promise.all(
    keys.map(async ({ keyId, privateKey }) => ({ keyId, privateKey: await exportJwk(privateKey) })),
  );
  return { ...message, keys: jwks } as Message;
}

async function runMessage(queued: Message, deps: CoreDeps) {
  if (deps.env.FEDERATION === 'off') return;
  const [{ deliver }, { federationContext, federationOf, userAgentOf }] = await Promise.all([
    import('./deliver.ts'),
    import('../context.ts'),
  ]);
  const keys = await signingKeysOf(federationContext(deps), queued);
  if (queued.type === 'outbox') {
    const delivery = queued as unknown as Delivery;
    // A blocked domain gets nothing from us, whatever was queued before the block.
    if (await isDomainBlocked(deps.db, new URL(delivery.inbox).host)) return;
    const kv = kvStoreOf(deps.db);
    await deliver({ outbound: deps.outbound, kv, userAgent: userAgentOf(deps) }, delivery, keys);
    return;
  }
  const message = await withJwkKeys(queued, keys);
  const process = () => federationOf(deps).processQueuedTask(deps, message);
  // An incoming activity is processed knowing who signed it (signer.ts).
  await (queued.type === 'inbox' ? asSignedBy(queued.activity, process) : process());
}

/** Incoming activities and fan-outs (and deliveries queued before they had a task of their own). */
export const federationMessageTask = defineTask<Message, CoreDeps>({
  name: federationMessageTaskName,
  run: runMessage,
});

/** One delivery to one inbox. */
export const federationDeliveryTask = defineTask<Message, CoreDeps>({
  name: federationDeliveryTaskName,
  run: runMessage,
});

export const federationKvSweepTask = defineTask<Record<string, never>, CoreDeps>({
  name: 'federation_kv_sweep',
  queueName: 'maintenance',
  async run(_, { db }) {
    await sweepFederationKv(db);
    await sweepFarewells(db);
  },
});
