/**
 * How the app reaches its embedded PostgreSQL: over a Unix socket in DATA_DIR/pg-socket, which
 * costs both sides less per query than loopback TCP; a DATA_DIR too deep for a socket path (the
 * kernel takes 107 bytes) falls back to TCP. The port stays open on 127.0.0.1 for operators' tools.
 */
import { chmod, mkdir, mkdtemp, readFile, readlink, rm } from 'node:fs/promises';
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

describe('a PostgreSQL killed under the app', () => {
  it('is started again at the first try: the dead server’s busy backends are ended, not waited for', async () => {
    const dataDir = await dataDirAt(0);
    const lines: string[] = [];
    const log = {
      info: (m: string) => lines.push(m),
      warn: (m: string) => lines.push(m),
      error: (m: string) => lines.push(m),
    };
    const server = await startEmbeddedPostgres({ dataDir, settings: { fsync: 'off' }, log });
    cleanups.push(() => server.stop());
    const restarted = new Promise<void>((resolve) => server.onRestart(resolve));
    // A backend busy with a statement that runs for minutes: it does not look for its postmaster
    // until the statement ends, and it keeps the old shared memory, which a new server refuses.
    const busy = new pg.Client({ connectionString: server.adminUrl });
    await busy.connect();
    busy.on('error', () => {});
    const busyPid = (await busy.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    // Should the server not end it, the test does: the statement would run for hours.
    cleanups.push(async () => {
      const cwd = await readlink(`/proc/${busyPid}/cwd`).catch(() => '');
      if (cwd.startsWith(dataDir)) process.kill(busyPid, 'SIGKILL');
    });
    const statement = busy.query('select count(*) from generate_series(1, 1e11)').catch(() => null);
    await expect
      .poll(async () => (await readFile(`/proc/${busyPid}/stat`, 'utf8')).split(' ')[2], { timeout: 10_000 })
      .toBe('R');

    process.kill(server.pid!, 'SIGKILL');
    await restarted;
    expect(lines.filter((line) => /restarting PostgreSQL failed/.test(line))).toEqual([]);
    expect(lines).toContain('PostgreSQL is running again (attempt 1)');
    await expect(readFile(`/proc/${busyPid}/stat`, 'utf8')).rejects.toThrow();
    const client = new pg.Client({ connectionString: server.adminUrl });
    await client.connect();
    expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    await client.end();
    await statement;
    await busy.end().catch(() => {});
  }, 120_000);
});
