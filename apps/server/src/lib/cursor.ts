/**
 * Keyset cursors: the (timestamp, id) of the last row of a page, opaque to clients. Lists never
 * use OFFSET, so a page costs the same however deep it is and new rows never shift it.
 */
import { and, eq, gt, lt, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { invalid } from './errors.ts';

export interface Cursor {
  at: Date;
  id: string;
}

export const encodeCursor = ({ at, id }: Cursor) =>
  Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');

/** Row ids are uuids or better-auth ids (letters, digits, `-`, `_`); timestamps lie within PostgreSQL's range. */
const cursorId = /^[A-Za-z0-9_-]{1,100}$/;
const earliest = Date.UTC(1970, 0, 1);
const latest = Date.UTC(9999, 11, 31);

export function decodeCursor(value: string | undefined): Cursor | null {
  if (!value) return null;
  const [iso, id, ...rest] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  const at = new Date(iso ?? '');
  const time = at.getTime();
  // A cursor is only ever one the server made; anything else is a tampered or truncated link.
  if (rest.length || !id || !cursorId.test(id) || !(time >= earliest && time <= latest)) {
    throw invalid('That page link is no longer valid.');
  }
  return { at, id };
}

/** Fetch one row more than the page size: its presence says whether another page exists. */
export function toPage<Row, Item>(
  rows: Row[],
  pageSize: number,
  toItem: (row: Row) => Item,
  cursorOf: (row: Row) => Cursor,
) {
  const hasMore = rows.length > pageSize;
  const pageRows = hasMore ? rows.slice(0, pageSize) : rows;
  const last = pageRows[pageRows.length - 1];
  return { items: pageRows.map(toItem), nextCursor: hasMore && last ? encodeCursor(cursorOf(last)) : null };
}

/** `(at, id) < cursor`: the next rows in newest-first order, served by an ascending index scanned backwards. */
export function olderThan(
  atColumn: AnyPgColumn,
  idColumn: AnyPgColumn,
  cursor: Cursor | null,
): SQL | undefined {
  if (!cursor) return undefined;
  return or(lt(atColumn, cursor.at), and(eq(atColumn, cursor.at), lt(idColumn, cursor.id)));
}

/** `(at, id) > cursor`: the next rows in oldest-first order. */
export function newerThan(
  atColumn: AnyPgColumn,
  idColumn: AnyPgColumn,
  cursor: Cursor | null,
): SQL | undefined {
  if (!cursor) return undefined;
  return or(gt(atColumn, cursor.at), and(eq(atColumn, cursor.at), gt(idColumn, cursor.id)));
}
