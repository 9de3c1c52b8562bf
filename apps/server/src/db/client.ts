/**
 * Opens the database: PostgreSQL at a postgres:// URL (the embedded server of db/embedded-postgres.ts
 * or any other), or PGlite (a data directory of the PGlite days being upgraded, the benchmark seed, in memory).
 * Both speak the same dialect, so the same schema, migrations and queries run on either. Query
 * functions take `Db` as their first argument.
 *
 * Each driver is imported only when it is used: PGlite alone costs ~45 MB of memory at import,
 * which the server never needs unless it upgrades a PGlite directory (docs/performance.md).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Waits for pending writes and releases the data directory or the pool. */
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

import { poolSize } from './pool-size.ts';

export { poolSize };

export type DatabaseLocation =
  | {
      url: string;
      /** Workers skip them: the primary process has run them once before it starts any worker. */
      migrations?: 'run' | 'skip';
      /** Connections in the pool (`poolSize` by default). */
      maxConnections?: number;
    }
  | { pgliteDir: string }
  | { memory: true };

export interface OpenOptions {
  /** Told when PostgreSQL drops an idle pooled connection (restart, failover, an admin's kill). */
  onConnectionError?: (error: Error) => void;
}

/**
 * PGlite's own start parameters plus a smaller buffer pool. PostgreSQL's shared buffers live in
 * PGlite's WebAssembly memory and are touched at start: the default 128 MB made a freshly started
 * server ~430 MB. The files stay in the operating system's page cache anyway, so an embedded,
 * single-process database gives up little with 32 MB.
 */
export const pgliteSharedBuffers = '16MB';

async function pgliteStartParams(): Promise<string[]> {
  const { PGlite } = await import('@electric-sql/pglite');
  return [...PGlite.defaultStartParams, '-c', `shared_buffers=${pgliteSharedBuffers}`];
}

/**
 * Creating a data directory runs initdb inside PGlite (a second WebAssembly instance that peaks
 * near 800 MB), and the first migrations then grow PGlite's memory further; WebAssembly memory
 * never shrinks, so the server would keep all of it. A short-lived child process (plain Node, the
 * packages' own JavaScript) creates and migrates the directory instead, once, and hands its memory
 * back when it exits. Later starts open the directory directly (migrations already applied).
 */
async function createPgliteDir(dir: string, startParams: string[]): Promise<void> {
  const modules = {
    pglite: import.meta.resolve('@electric-sql/pglite'),
    trgm: import.meta.resolve('@electric-sql/pglite/contrib/pg_trgm'),
    drizzle: import.meta.resolve('drizzle-orm/pglite'),
    migrator: import.meta.resolve('drizzle-orm/pglite/migrator'),
  };
  const code = `const [modules, dir, startParams, migrationsFolder] = process.argv.slice(1).map((a) => JSON.parse(a));
const { PGlite } = await import(modules.pglite);
const { pg_trgm } = await import(modules.trgm);
const { drizzle } = await import(modules.drizzle);
const { migrate } = await import(modules.migrator);
const client = await PGlite.create(dir, { startParams, extensions: { pg_trgm } });
await migrate(drizzle(client), { migrationsFolder });
await client.close();`;
  const args = [modules, dir, startParams, migrationsFolder].map((a) => JSON.stringify(a));
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', code, ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`Creating the database in ${dir} failed:\n${stderr}`)),
    );
  });
}

/** Creates database `name` through `adminUrl` unless it exists (the embedded server's first start). */
export async function createDatabaseIfMissing(adminUrl: string, name: string): Promise<void> {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await admin.query(`create database ${pg.escapeIdentifier(name)}`);
  } finally {
    await admin.end();
  }
}

export async function openDatabase(location: DatabaseLocation, options: OpenOptions = {}): Promise<Database> {
  if ('url' in location) {
    const [{ default: pg }, { drizzle }, { migrate }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({
      connectionString: location.url,
      max: location.maxConnections ?? poolSize,
      // Every query here is a short one: where PostgreSQL is built with LLVM, the home feed's
      // estimated cost passed jit_above_cost and compiling it tripled its p99 (docs/performance.md).
      options: '-c jit=off',
    });
    // The pool discards such a connection and opens a new one on demand; without a listener Node
    // would treat the 'error' event as fatal and the whole server would exit.
    pool.on('error', (error) => options.onConnectionError?.(error));
    const db = drizzle(pool, { schema });
    if (location.migrations !== 'skip') await migrate(db, { migrationsFolder });
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  const [{ PGlite }, { pg_trgm }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    // The search migration (0016) creates pg_trgm, which PGlite ships as a contrib extension.
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const startParams = await pgliteStartParams();
  if ('pgliteDir' in location && !existsSync(path.join(location.pgliteDir, 'PG_VERSION'))) {
    await createPgliteDir(location.pgliteDir, startParams);
  }
  const client = await PGlite.create('memory' in location ? undefined : location.pgliteDir, {
    startParams,
    extensions: { pg_trgm },
  });
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}
