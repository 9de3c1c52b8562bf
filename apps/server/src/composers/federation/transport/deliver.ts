/**
 * One delivery of one activity to one inbox, through the outbound gate. Fedify prepares the
 * delivery (the activity with its integrity proofs, the inbox, the sender's keys) and puts it on
 * the queue as an `outbox` message; jobs.ts hands those here instead of to Fedify, whose own
 * sending uses the global `fetch`, which the gate would not see.
 *
 * Signing follows Fedify's double knock: the spec that last worked for the server (remembered in
 * the KV store), RFC 9421 for a server never reached, then draft-cavage when the first is refused
 * (400, 401 or any status above 401), so a server that knows only draft-cavage (Mastodon before 4.5,
 * Pixelfed) is reached with a signature it verifies. A 404 or 410 is final: the inbox is gone.
 */
import '../node-shims.ts';
import type { KvStore } from '@fedify/fedify';
import { signRequest } from '@fedify/fedify';
import { PermanentJobError } from '../../../jobs/task.ts';
import type { OutboundGate } from '../../../lib/outbound/gate.ts';
import { headerRecord } from '../objects/html.ts';

type Spec = 'rfc9421' | 'draft-cavage-http-signatures-12';

/** The fields of Fedify's `OutboxMessage` that a delivery reads (its keys come beside it). */
export interface Delivery {
  type: 'outbox';
  activity: unknown;
  activityId?: string;
  inbox: string;
  headers: Readonly<Record<string, string>>;
}

/** A sender's private key, imported once (keys.ts), never round-tripped through JWK per delivery. */
export interface SigningKey {
  keyId: string;
  privateKey: CryptoKey;
}

const specKey = (origin: string) => ['glimpse', 'signatureSpec', origin] as const;
const otherSpec = (spec: Spec): Spec => (spec === 'rfc9421' ? 'draft-cavage-http-signatures-12' : 'rfc9421');
/** What double knocking retries on (Fedify's rule): a refusal that may be about the signature. */
const mayBeTheSignature = (status: number) => status === 400 || status === 401 || status > 401;

export async function deliver(
  { outbound, kv, userAgent }: { outbound: OutboundGate; kv: KvStore; userAgent: string },
  delivery: Delivery,
  keys: readonly SigningKey[],
): Promise<void> {
  const rsa = keys.find((key) => key.privateKey.algorithm.name === 'RSASSA-PKCS1-v1_5');
  if (!rsa) throw new PermanentJobError(`no RSA key to sign the delivery to ${new URL(delivery.inbox).host}`);
  const { privateKey } = rsa;
  const inbox = new URL(delivery.inbox);
  const body = new TextEncoder().encode(JSON.stringify(delivery.activity));
  const remembered = (await kv.get<Spec>(specKey(inbox.origin))) ?? 'rfc9421';
  let status = 0;
  for (const spec of [remembered, otherSpec(remembered)]) {
    const request = new Request(inbox, {
      method: 'POST',
      headers: {
        ...delivery.headers,
        'content-type': 'application/activity+json',
        accept: 'application/activity+json',
        'user-agent': userAgent,
      },
      body,
    });
    const signed = await signRequest(request, privateKey, new URL(rsa.keyId), { spec, body: body.buffer });
    const headers: Record<string, string> = headerRecord(signed.headers);
    headers['content-length'] = String(body.byteLength);
    const response = await outbound.request(inbox, {
      method: 'POST',
      headers,
      body,
      timeoutMs: 15_000,
      maxResponseBytes: 64 * 1024,
    });
    status = response.status;
    if (status >= 200 && status < 300) {
      if (spec !== remembered) await kv.set(specKey(inbox.origin), spec);
      return;
    }
    if (status === 404 || status === 410) break;
    if (!mayBeTheSignature(status)) break;
  }
  const message = `delivery of ${delivery.activityId ?? 'an activity'} to ${inbox.host} answered ${status}`;
  if (status === 404 || status === 410) throw new PermanentJobError(message);
  throw new Error(message);
}
