/**
 * Named prepared statements for the hottest reads (the feed, Explore, a post and its comments)
 * and the like, the commonest write.
 * A prepared query is built into SQL once per database handle instead of on every request (the
 * query builder was a sixth of a worker's time under the mixed load), and PostgreSQL parses it
 * once per connection and may keep a generic plan (planning cost as much as running these).
 *
 * Only for statements run on the pool itself: a prepared query stays bound to the handle it was
 * built on, so inside a transaction use the ordinary builder on `tx`.
 *
 * Check that PostgreSQL keeps the generic plan: `pg_stat_statements` counts a plan per call when it
 * does not (docs/footguns.md). A `LIMIT` sent as a parameter is one reason: see `firstRows`.
 *
 * Public APIs only: Drizzle's query builder and `sql`, and node-postgres' named statements.
 */
import { fillPlaceholders, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from '../db/client.ts';

/** Renders SQL objects to text and parameters; the same as the database handle's own. */
const dialect = new PgDialect();

/** `build(db)` once per database handle, then the same statements for every call. */
export function preparedFor<Statements>(build: (db: Db) => Statements): (db: Db) => Statements {
  const cache = new WeakMap<Db, Statements>();
  return (db) => {
    let statements = cache.get(db);
    if (!statements) {
      statements = build(db);
      cache.set(db, statements);
    }
    return statements;
  };
}

/**
 * The first `rows` rows of `query` (a select with its `order by`), the count written into the SQL
 * instead of sent as a parameter. PostgreSQL costs `LIMIT $1` in a generic plan as if it might keep
 * a tenth of the rows, so the generic plan looked dearer than planning each call, and the feed's and
 * Explore's ids were planned on every call (0.5 ms each) although one plan fits all. Drizzle's
 * `.limit()` always sends a parameter, so a page is a subquery of the statement:
 * `… = any(array(${firstRows(ids, 21)}))`, or in parentheses where a table goes.
 */
export function firstRows(query: SQLWrapper, rows: number): SQL {
  if (!Number.isInteger(rows) || rows < 0) throw new Error(`not a row count: ${rows}`);
  return sql`${query} limit ${sql.raw(String(rows))}`;
}

/** A statement written as SQL and prepared by name: `execute` fills its placeholders. */
export interface PreparedSql<Row> {
  execute(values: Record<string, unknown>): Promise<{ rows: Row[] }>;
}

/**
 * A statement written as SQL, prepared like the query builder's (named, built once, placeholders
 * filled per call): for writes the builder cannot express, such as several data-modifying CTEs
 * that make one action one round trip (core/cte.ts). It runs as a node-postgres named statement on
 * the pool behind `db`, so its rows are node-postgres' own: columns as the SQL names them,
 * timestamps as `Date` (docs/footguns.md).
 */
export function prepareSql<Row>(db: Db, name: string, statement: SQL): PreparedSql<Row> {
  const pool = poolOf(db);
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return {
    execute: (values) =>
      pool.query<Row & pg.QueryResultRow>({ name, text, values: fillPlaceholders(params, values) }),
  };
}

/** The node-postgres pool a database handle runs on (`$client`); a transaction or PGlite has none. */
function poolOf(db: Db): pg.Pool {
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) {
    throw new Error('prepared SQL runs on a node-postgres pool (not in a transaction, not on PGlite)');
  }
  return client;
}
