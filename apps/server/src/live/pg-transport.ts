/**
 * Cross-instance fan-out on PostgreSQL: every instance LISTENs on one channel and NOTIFY carries
 * the (small) domain event. Payloads stay far below NOTIFY's 8000-byte limit because they hold
 * ids only. The listening connection reconnects by itself after a drop.
 */
import pg from 'pg';
import type { Logger } from '../lib/logger.ts';
import type { DomainEvent, LiveTransport } from './hub.ts';

const channel = 'glimpse_live';

export function createPgTransport(url: string, logger: Logger): LiveTransport {
  let listener: pg.Client | null = null;
  let closed = false;
  const sender = new pg.Pool({ connectionString: url, max: 2 });
  // A dropped idle connection is replaced on the next send; unhandled, the event would end the process.
  sender.on('error', (err) => logger.warn({ err }, 'live sender connection lost'));

  async function connect(deliver: (event: DomainEvent) => void) {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (message) => {
      if (message.channel !== channel || !message.payload) return;
      try {
        deliver(JSON.parse(message.payload) as DomainEvent);
      } catch (err) {
        logger.warn({ err }, 'ignored a malformed live event');
      }
    });
    client.on('error', (err) => {
      logger.warn({ err }, 'live listener connection lost; reconnecting');
      client.end().catch(() => {});
      if (!closed) setTimeout(() => void connect(deliver).catch(() => {}), 1000);
    });
    await client.connect();
    await client.query(`LISTEN ${channel}`);
    listener = client;
  }

  return {
    start: connect,
    async send(event) {
      await sender.query('select pg_notify($1, $2)', [channel, JSON.stringify(event)]);
    },
    async close() {
      closed = true;
      await listener?.end().catch(() => {});
      await sender.end();
    },
  };
}
