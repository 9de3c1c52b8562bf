/**
 * One LISTEN connection per instance, shared by everything that listens: the live transport
 * (pg-transport.ts) and the feed cache's change notices (composers/feed/cache.ts). Each listening
 * connection is one more PostgreSQL backend (~13 MB), so they share it rather than open their own.
 *
 * `sync()` is what makes a cache built on notifications exact rather than eventually right: it
 * runs `select 1` on the listening connection, and PostgreSQL sends a listening session every
 * notification committed before that query, before the query's answer (a commit signals the
 * listeners before it answers its own client, and a signalled backend delivers before it reads
 * the next command; pg-listener.test.ts checks it on every write of a burst). So once `sync()`
 * resolves, every change committed before it was called has reached its handler, including one
 * that another instance made a moment ago and answered to the same member.
 *
 * The connection reconnects by itself after a drop; notifications sent meanwhile are lost, so
 * `onReset` handlers run after every (re)connection, and `sync()` answers false while there is no
 * connection: a cache must then ask the database.
 */
import pg from 'pg';
import type { Logger } from '../lib/logger.ts';

export const listenerApplicationName = 'glimpse listener';

export interface PgListener {
  /** Delivers every payload NOTIFYed on `channel`; LISTENs before it resolves. */
  listen(channel: string, handler: (payload: string) => void): Promise<void>;
  /** Called after each (re)connection, when notifications may have been missed. */
  onReset(handler: () => void): void;
  /** True once every notification committed before the call has been handled; false without a connection. */
  sync(): Promise<boolean>;
  close(): Promise<void>;
}

export function createPgListener(url: string, logger: Logger): PgListener {
  const handlers = new Map<string, (payload: string) => void>();
  const resetHandlers: (() => void)[] = [];
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;

  async function connect(): Promise<pg.Client> {
    // Named, so an operator can tell it apart in pg_stat_activity.
    const next = new pg.Client({ connectionString: url, application_name: listenerApplicationName });
    next.on('notification', (message) => {
      const handler = handlers.get(message.channel);
      if (handler && message.payload !== undefined) handler(message.payload);
    });
    next.on('error', (err) => {
      logger.warn({ err }, 'listening connection lost; reconnecting');
      if (client === next) client = null;
      next.end().catch(() => {});
      if (!closed) setTimeout(() => void reconnect(), 1000);
    });
    await next.connect();
    for (const channel of handlers.keys()) await next.query(`LISTEN ${channel}`);
    client = next;
    for (const handler of resetHandlers) handler();
    return next;
  }

  function connection(): Promise<pg.Client> {
    if (client) return Promise.resolve(client);
    connecting ??= connect().finally(() => {
      connecting = null;
    });
    return connecting;
  }

  async function reconnect() {
    if (closed) return;
    try {
      await connection();
    } catch (err) {
      logger.warn({ err }, 'listening connection could not reconnect; retrying');
      if (!closed) setTimeout(() => void reconnect(), 1000);
    }
  }

  // Callers that arrive while a `select 1` is on its way wait for the next one: the one on its way
  // may have left before their own writes committed.
  let running: Promise<boolean> | null = null;
  let queued: Promise<boolean> | null = null;

  function runSync(): Promise<boolean> {
    const current = client;
    if (!current) return Promise.resolve(false);
    const run = current.query('select 1').then(
      () => client === current,
      () => false,
    );
    const settled = run.finally(() => {
      if (running === settled) running = null;
    });
    running = settled;
    return run;
  }

  return {
    async listen(channel, handler) {
      if (!/^[a-z_]+$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
      handlers.set(channel, handler);
      // A connection still being made may have sent its LISTENs already; a second one is a no-op.
      await (await connection()).query(`LISTEN ${channel}`);
    },
    onReset(handler) {
      resetHandlers.push(handler);
    },
    sync() {
      if (queued) return queued;
      if (running) {
        queued = running.then(() => {
          queued = null;
          return runSync();
        });
        return queued;
      }
      return runSync();
    },
    async close() {
      closed = true;
      await connecting?.catch(() => {});
      await client?.end().catch(() => {});
      client = null;
    },
  };
}
