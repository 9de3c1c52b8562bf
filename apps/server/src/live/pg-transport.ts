/**
 * Cross-instance fan-out on PostgreSQL: every instance LISTENs on one channel and NOTIFY carries
 * the (small) domain events, on the instance's one listening connection (pg-listener.ts), which
 * reconnects by itself after a drop.
 *
 * Events published within a few milliseconds of each other, or while a NOTIFY is on its way, leave
 * together in one NOTIFY as a JSON array: each NOTIFY costs a round trip and a commit, and wakes
 * every instance's listening connection, which cost a like about a sixth of its CPU when every
 * event had its own (docs/performance.md). The wait (`batchWindowMs`) is far below what a person
 * notices in a live update. Events hold ids only; a batch stays under NOTIFY's 8000-byte payload
 * limit by counting bytes (`batchMaxBytes`).
 */
import pg from 'pg';
import type { Logger } from '../lib/logger.ts';
import type { DomainEvent, LiveTransport } from './hub.ts';
import { createPgListener, type PgListener } from './pg-listener.ts';

const channel = 'glimpse_live';
/** Below NOTIFY's 8000-byte payload limit, with room for the brackets and commas. */
export const batchMaxBytes = 7000;
/** How long the first event of a batch waits for others. */
const batchWindowMs = 10;

interface Queued {
  json: string;
  sent: () => void;
  failed: (err: unknown) => void;
}

/** The events of one payload: the oldest queued ones that fit `maxBytes` (at least one). */
export function takeBatch(queue: Queued[], maxBytes = batchMaxBytes): Queued[] {
  let bytes = 2;
  let count = 0;
  for (const item of queue) {
    const size = Buffer.byteLength(item.json) + 1;
    if (count > 0 && bytes + size > maxBytes) break;
    bytes += size;
    count++;
  }
  return queue.splice(0, count);
}

/** A payload as events: an array from this version, a single event from an older instance. */
export function eventsOf(payload: string): DomainEvent[] {
  const parsed = JSON.parse(payload) as DomainEvent | DomainEvent[];
  return Array.isArray(parsed) ? parsed : [parsed];
}

/**
 * `shared` is the instance's listening connection (pg-listener.ts); without one the
 * transport opens its own and closes it with itself.
 */
export function createPgTransport(url: string, logger: Logger, shared?: PgListener): LiveTransport {
  const listener = shared ?? createPgListener(url, logger);
  // A shared listener outlives the transport: events after close() are dropped here.
  let closed = false;
  const sender = new pg.Pool({ connectionString: url, max: 1 });
  // A dropped idle connection is replaced on the next send; unhandled, the event would end the process.
  sender.on('error', (err) => logger.warn({ err }, 'live sender connection lost'));

  const queue: Queued[] = [];
  let waiting: NodeJS.Timeout | null = null;
  let sending: Promise<void> | null = null;

  function sendNow() {
    if (waiting) clearTimeout(waiting);
    waiting = null;
    sending ??= sendQueued();
  }

  async function sendQueued() {
    while (queue.length > 0) {
      const batch = takeBatch(queue);
      try {
        await sender.query('select pg_notify($1, $2)', [channel, `[${batch.map((q) => q.json).join(',')}]`]);
        for (const item of batch) item.sent();
      } catch (err) {
        for (const item of batch) item.failed(err);
      }
    }
    sending = null;
  }

  function deliverPayload(payload: string, deliver: (event: DomainEvent) => void) {
    if (closed) return;
    let events: DomainEvent[];
    try {
      events = eventsOf(payload);
    } catch (err) {
      logger.warn({ err }, 'ignored a malformed live event');
      return;
    }
    for (const event of events) deliver(event);
  }

  return {
    start: (deliver) => listener.listen(channel, (payload) => deliverPayload(payload, deliver)),
    send(event) {
      return new Promise<void>((sent, failed) => {
        queue.push({ json: JSON.stringify(event), sent, failed });
        // While a NOTIFY is on its way the loop in sendQueued takes this one next.
        if (!sending) waiting ??= setTimeout(sendNow, batchWindowMs);
      });
    },
    async close() {
      closed = true;
      if (queue.length > 0) sendNow();
      await sending;
      if (!shared) await listener.close();
      await sender.end();
    },
  };
}
