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
 * does not (docs/footguns.md). A `LIMIT` sent as a parameter is one reason: see `literalLimit`.
 */
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
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
 * A page size written into the SQL instead of sent as a parameter, for `.limit()` of a prepared
 * statement. PostgreSQL costs `LIMIT $1` in a generic plan as if it might keep a tenth of the rows,
 * so the generic plan looked dearer than planning each call, and the feed's and Explore's ids were
 * planned on every call (0.5 ms each) although one plan fits all. Drizzle writes an SQL object
 * given to `.limit()` as it is; its type only admits a number or a placeholder.
 */
export function literalLimit(rows: number): number {
  if (!Number.isInteger(rows) || rows < 0) throw new Error(`not a row count: ${rows}`);
  return sql.raw(String(rows)) as unknown as number;
}

/**
 * A statement written as SQL, prepared like the query builder's (named, built once, placeholders
 * filled per call): for writes the builder cannot express, such as several data-modifying CTEs
 * that make one action one round trip. `execute` resolves to node-postgres' result, rows as the
 * statement names its columns.
 */
export function prepareSql<Row>(db: Db, name: string, statement: SQL) {
  return db._.session.prepareQuery<PreparedQueryConfig & { execute: { rows: Row[] } }>(
    dialect.sqlToQuery(statement),
    undefined,
    name,
    false,
  );
}
