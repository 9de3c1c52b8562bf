/**
 * How the app reaches its embedded PostgreSQL: over a Unix socket in DATA_DIR/pg-socket, which
 * costs both sides less per query than loopback TCP; a DATA_DIR too deep for a socket path (the
 * kernel takes 107 bytes) falls back to TCP. The port stays open on 127.0.0.1 for operators' tools.
 */
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabaseIfMissing } from './client.ts';
import { embeddedDatabaseName, startEmbeddedPostgres } from './embedded-postgres.ts';

const quiet = { info() {}, warn() {}, error() {} };
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function dataDirAt(depth: number) {
  const root = await mkdtemp(path.join(tmpdir(), 'glimpse-socket-'));
  cleanups.push(() => rm(root, { recursive: true, force: true }));
  // As root the server runs as `postgres`, which must be able to enter every folder on the way.
  await chmod(root, 0o711);
  let dir = root;
  for (let i = 0; i < depth; i++) {
    dir = path.join(dir, `level-${i}-of-a-deep-data-directory`);
    await mkdir(dir, { mode: 0o711 });
  }
  return dir;
}

async function start(dataDir: string) {
  const server = await startEmbeddedPostgres({ dataDir, settings: { fsync: 'off' }, log: quiet });
  cleanups.push(() => server.stop());
  await createDatabaseIfMissing(server.adminUrl, embeddedDatabaseName);
  return server;
}

async function clientAddress(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ address: string | null }>(
    'select client_addr::text as address from pg_stat_activity where pid = pg_backend_pid()',
  );
  await client.end();
  return rows[0]!.address;
}

describe('embedded PostgreSQL connection', () => {
  it('uses a Unix socket in DATA_DIR and keeps the loopback port for operators', async () => {
    const dataDir = await dataDirAt(0);
    const server = await start(dataDir);
    expect(new URL(server.url).searchParams.get('host')).toBe(path.join(dataDir, 'pg-socket'));
    expect(await clientAddress(server.url)).toBeNull();

    const overTcp = new URL(server.url);
    overTcp.search = '';
    expect(await clientAddress(overTcp.toString())).toBe('127.0.0.1/32');
  }, 60_000);

  it('falls back to TCP when DATA_DIR is too deep for a socket path', async () => {
    const dataDir = await dataDirAt(3);
    const server = await start(dataDir);
    expect(new URL(server.url).searchParams.has('host')).toBe(false);
    expect(await clientAddress(server.url)).toBe('127.0.0.1/32');
  }, 60_000);
});
