/**
 * Named prepared statements for the hottest reads (the feed, Explore, a post and its comments).
 * A prepared query is built into SQL once per database handle instead of on every request (the
 * query builder was a sixth of a worker's time under the mixed load), and PostgreSQL parses it
 * once per connection and may keep a generic plan (planning cost as much as running these).
 *
 * Only for statements run on the pool itself: a prepared query stays bound to the handle it was
 * built on, so inside a transaction use the ordinary builder on `tx`.
 */
import type { Db } from '../db/client.ts';

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
