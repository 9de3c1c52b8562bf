/**
 * The LISTEN/NOTIFY transport on a real PostgreSQL: events published together leave in fewer
 * NOTIFYs than events, none is lost or reordered, a burst larger than one payload may carry is
 * split, and a single event as an older instance sends it is still delivered.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createLogger } from '../lib/logger.ts';
import type { DomainEvent, LiveTransport } from './hub.ts';
import { batchMaxBytes, createPgTransport, eventsOf, takeBatch } from './pg-transport.ts';

const { adminUrl } = inject('testDatabase');
const logger = createLogger('silent', false);
// NOTIFY is per database: one of its own keeps other test files' events out.
const database = `live_${randomBytes(4).toString('hex')}`;
const url = Object.assign(new URL(adminUrl), { pathname: `/${database}` }).toString();

let admin: pg.Client;
let sender: LiveTransport;
let receiver: LiveTransport;
let raw: pg.Client;
const received: DomainEvent[] = [];
const payloads: string[] = [];

async function until(condition: () => boolean) {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${database}`);
  sender = createPgTransport(url, logger);
  receiver = createPgTransport(url, logger);
  await sender.start(() => {});
  await receiver.start((event) => received.push(event));
  raw = new pg.Client({ connectionString: url });
  await raw.connect();
  raw.on('notification', (message) => payloads.push(message.payload ?? ''));
  await raw.query('LISTEN glimpse_live');
});

afterAll(async () => {
  await Promise.all([sender?.close(), receiver?.close(), raw?.end()]);
  await admin.query(`drop database if exists ${database} with (force)`);
  await admin.end();
});

describe('the PostgreSQL live transport', () => {
  it('sends a burst in fewer NOTIFYs than events, each event once and in order, every payload within the limit', async () => {
    received.length = 0;
    payloads.length = 0;
    const events: DomainEvent[] = Array.from({ length: 400 }, (_, i) => ({
      kind: 'post_changed',
      postId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    }));
    await Promise.all(events.map((event) => sender.send(event)));
    await until(() => received.length >= events.length);
    expect(received).toEqual(events);
    expect(payloads.length).toBeGreaterThan(1);
    expect(payloads.length).toBeLessThan(events.length / 10);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(batchMaxBytes);
  });

  it('delivers a lone event at once, and one an older instance sent as a single object', async () => {
    received.length = 0;
    await sender.send({ kind: 'notification', recipientId: 'u1' });
    const older = new pg.Client({ connectionString: url });
    await older.connect();
    await older.query('select pg_notify($1, $2)', [
      'glimpse_live',
      JSON.stringify({ kind: 'reports_changed' }),
    ]);
    await older.end();
    await until(() => received.length >= 2);
    expect(received).toEqual([{ kind: 'notification', recipientId: 'u1' }, { kind: 'reports_changed' }]);
  });

  it('fails the events of a payload PostgreSQL refuses, and goes on with the next', async () => {
    received.length = 0;
    // One event alone over the limit: it is sent as it is (a batch holds at least one) and refused.
    const huge = { kind: 'notification', recipientId: 'x'.repeat(9000) } as const;
    const small = { kind: 'notification', recipientId: 'u2' } as const;
    const results = await Promise.allSettled([sender.send(huge), sender.send(small)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled']);
    await until(() => received.length >= 1);
    expect(received).toEqual([small]);
  });
});

describe('takeBatch and eventsOf', () => {
  const item = (json: string) => ({ json, sent: () => {}, failed: () => {} });

  it('takes the oldest events that fit, at least one, and leaves the rest queued', () => {
    const queue = [item('a'.repeat(40)), item('b'.repeat(40)), item('c'.repeat(40))];
    expect(takeBatch(queue, 90).map((q) => q.json[0])).toEqual(['a', 'b']);
    expect(queue.map((q) => q.json[0])).toEqual(['c']);
    const oversize = [item('d'.repeat(200)), item('e')];
    expect(takeBatch(oversize, 90).map((q) => q.json[0])).toEqual(['d']);
  });

  it('reads an array payload and a single event', () => {
    expect(eventsOf('[{"kind":"reports_changed"}]')).toEqual([{ kind: 'reports_changed' }]);
    expect(eventsOf('{"kind":"reports_changed"}')).toEqual([{ kind: 'reports_changed' }]);
  });
});
