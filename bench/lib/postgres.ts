/**
 * A throwaway PostgreSQL for the benchmark, as .ci/run starts one: initdb into a temporary folder
 * (as the `postgres` user when running as root), listen on loopback only, stop with `-m fast`.
 * Nothing of a system cluster is touched.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface ThrowawayPostgres {
  /** postgres://…/postgres (the maintenance database). */
  adminUrl: string;
  /**
   * postgres://…/`database` over the server's Unix socket, as the app's embedded default connects
   * (db/embedded-postgres.ts): a query over it costs both sides less CPU than over loopback TCP.
   */
  socketUrl(database: string): string;
  version: string;
  /** The server's main process; its children are the backends (for CPU accounting). */
  postmasterPid: number;
  stop(): void;
}

/** The newest Debian PostgreSQL server binaries, or null when none is installed. */
export function findPostgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  return newest ? path.join(root, newest, 'bin') : null;
}

/** `extraOptions`: more server options (`-c name=value …`) for one benchmark's diagnosis. */
export function startPostgres(port: number, extraOptions = ''): ThrowawayPostgres {
  const bin = findPostgresBin();
  if (!bin)
    throw new Error('No PostgreSQL server found: apt-get install postgresql, or pass --database-url.');
  const dir = mkdtempSync(path.join(tmpdir(), 'glimpse-bench-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const run = (tool: string, args: string[]) =>
    execFileSync(
      asRoot ? 'runuser' : path.join(bin, tool),
      asRoot ? ['-u', 'postgres', '--', path.join(bin, tool), ...args] : args,
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
  run('initdb', ['-D', path.join(dir, 'data'), '-A', 'trust', '-U', 'postgres']);
  // Default settings but a larger WAL, so the bulk load does not checkpoint every few seconds.
  // BENCH_PG_OPTIONS adds server options for a diagnosis, e.g. "-c log_statement=all
  // -c logging_collector=on -c log_directory=/tmp/pglog" to count the statements per activity.
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c max_wal_size=4GB ${extraOptions} ${process.env.BENCH_PG_OPTIONS ?? ''}`;
  run('pg_ctl', ['-D', path.join(dir, 'data'), '-l', path.join(dir, 'log'), '-w', '-o', options, 'start']);
  const version = execFileSync(path.join(bin, 'postgres'), ['--version']).toString().trim();
  const postmasterPid = Number(readFileSync(path.join(dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
  let stopped = false;
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    socketUrl: (database) =>
      `postgres://postgres@127.0.0.1:${port}/${database}?host=${encodeURIComponent(dir)}`,
    version,
    postmasterPid,
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        run('pg_ctl', ['-D', path.join(dir, 'data'), '-m', 'fast', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** Makes an empty database `name` on a throwaway server; its URL (over TCP, as the benchmarks connect). */
export async function createBenchDatabase(
  postgres: ThrowawayPostgres,
  name = 'glimpse_bench',
): Promise<string> {
  const admin = new pg.Client({ connectionString: postgres.adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return postgres.adminUrl.replace(/\/postgres$/, `/${name}`);
}
