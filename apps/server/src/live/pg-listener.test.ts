/**
 * The shared listening connection on a real PostgreSQL: once `sync()` resolves, every notice
 * committed before it was called has been handled (what the feed cache's exactness rests on), and
 * callers who arrive together share one round trip.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createLogger } from '../lib/logger.ts';
import { createPgListener, type PgListener } from './pg-listener.ts';

const { adminUrl } = inject('testDatabase');
// NOTIFY is per database: one of its own keeps other test files' notices out.
const database = `listener_${randomBytes(4).toString('hex')}`;
const url = Object.assign(new URL(adminUrl), { pathname: `/${database}` }).toString();

let admin: pg.Client;
let writer: pg.Client;
let listener: PgListener;

beforeAll(async () => {
  admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${database}`);
  writer = new pg.Client({ connectionString: url });
  await writer.connect();
  listener = createPgListener(url, createLogger('silent', false));
});

afterAll(async () => {
  await Promise.all([listener?.close(), writer?.end()]);
  await admin.query(`drop database if exists ${database} with (force)`);
  await admin.end();
});

describe('the shared listening connection', () => {
  it('has handled every notice committed before sync() was called, on every write of a burst', async () => {
    const received: string[] = [];
    await listener.listen('burst', (payload) => received.push(payload));
    for (let i = 0; i < 300; i++) {
      await writer.query(`select pg_notify('burst', $1)`, [String(i)]);
      expect(await listener.sync()).toBe(true);
      expect(received.at(-1)).toBe(String(i));
    }
    expect(received).toHaveLength(300);
  });

  it('answers callers who arrive together with at most two round trips', async () => {
    const query = vi.spyOn(pg.Client.prototype, 'query');
    try {
      const answers = await Promise.all(Array.from({ length: 50 }, () => listener.sync()));
      expect(answers.every(Boolean)).toBe(true);
      expect(query.mock.calls.length).toBeGreaterThanOrEqual(1);
      expect(query.mock.calls.length).toBeLessThanOrEqual(2);
    } finally {
      query.mockRestore();
    }
  });
});
