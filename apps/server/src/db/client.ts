/**
 * Opens the database: embedded PGlite (a data directory, or in memory for tests) by default, real
 * PostgreSQL when a postgres:// URL is given. Both speak the same dialect, so the same schema,
 * migrations and queries run on either. Query functions take `Db` as their first argument.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
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

export type DatabaseLocation = { url: string } | { pgliteDir: string } | { memory: true };

export interface OpenOptions {
  /** Told when PostgreSQL drops an idle pooled connection (restart, failover, an admin's kill). */
  onConnectionError?: (error: Error) => void;
}

export async function openDatabase(location: DatabaseLocation, options: OpenOptions = {}): Promise<Database> {
  if ('url' in location) {
    const pool = new pg.Pool({ connectionString: location.url, max: 10 });
    // The pool discards such a connection and opens a new one on demand; without a listener Node
    // would treat the 'error' event as fatal and the whole server would exit.
    pool.on('error', (error) => options.onConnectionError?.(error));
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder });
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  const client = 'memory' in location ? new PGlite() : new PGlite(location.pgliteDir);
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}
