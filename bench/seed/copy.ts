/**
 * Bulk loading with COPY, the fastest way into PostgreSQL: over the wire with pg-copy-streams on a
 * real server, through PGlite's `/dev/blob` on the embedded one. Rows are turned into COPY's text
 * format here, in chunks, so a million rows never sit in memory as one string.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import { getTableName } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

export type Cell = string | number | boolean | null;

/** Where COPY data goes: a PostgreSQL connection or an embedded PGlite. */
export type CopyTarget = { kind: 'postgres'; client: pg.Client } | { kind: 'pglite'; client: PGlite };

const escapes: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

function cell(value: Cell): string {
  if (value === null) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number') return String(value);
  return value.replace(/[\\\t\n\r]/g, (c) => escapes[c]!);
}

/** A PostgreSQL array literal of simple values (keys and widths contain no quotes or commas). */
export const arrayLiteral = (values: readonly (string | number)[]) => `{${values.join(',')}}`;

export const timestamp = (ms: number) => new Date(ms).toISOString();

/** COPY text lines, about `chunkBytes` at a time. */
function* textChunks(rows: Iterable<Cell[]>, chunkBytes: number): Generator<string> {
  let chunk = '';
  for (const row of rows) {
    chunk += `${row.map(cell).join('\t')}\n`;
    if (chunk.length >= chunkBytes) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Loads `rows` (cells in `columns` order) into `table`; returns how many rows went in. */
export async function copyRows(
  target: CopyTarget,
  table: PgTable,
  columns: readonly PgColumn[],
  rows: Iterable<Cell[]>,
): Promise<number> {
  let count = 0;
  const counted = (function* () {
    for (const row of rows) {
      count += 1;
      yield row;
    }
  })();
  const columnList = columns.map((c) => quote(c.name)).join(', ');
  const name = quote(getTableName(table));
  if (target.kind === 'postgres') {
    const stream = target.client.query(copyFrom(`COPY ${name} (${columnList}) FROM STDIN`));
    await pipeline(Readable.from(textChunks(counted, 1 << 20)), stream);
  } else {
    // PGlite reads COPY data from a Blob; a few MB per statement keeps its WASM heap small.
    for (const chunk of textChunks(counted, 8 << 20)) {
      await target.client.query(`COPY ${name} (${columnList}) FROM '/dev/blob'`, [], {
        blob: new Blob([chunk]),
      });
    }
  }
  return count;
}

export interface ForeignKey {
  /** Qualified, quoted as PostgreSQL prints it (`"user"`, `posts`). */
  table: string;
  name: string;
  definition: string;
}

/**
 * Drops the foreign keys of `tables` (inside the caller's transaction), returning their exact
 * definitions as the database reports them, so restoreForeignKeys puts back what migrations made.
 * A bulk load checks each constraint once with one join, instead of a trigger call per row.
 */
export async function dropForeignKeys(client: pg.Client, tables: readonly PgTable[]): Promise<ForeignKey[]> {
  const { rows } = await client.query<ForeignKey>(
    `SELECT conrelid::regclass::text AS table, conname AS name, pg_get_constraintdef(oid) AS definition
       FROM pg_constraint
      WHERE contype = 'f' AND conrelid = ANY($1::regclass[])
      ORDER BY conrelid::regclass::text, conname`,
    [tables.map((t) => quote(getTableName(t)))],
  );
  for (const fk of rows) await client.query(`ALTER TABLE ${fk.table} DROP CONSTRAINT ${quote(fk.name)}`);
  return rows;
}

export async function restoreForeignKeys(
  client: pg.Client,
  foreignKeys: readonly ForeignKey[],
): Promise<void> {
  for (const fk of foreignKeys) {
    await client.query(`ALTER TABLE ${fk.table} ADD CONSTRAINT ${quote(fk.name)} ${fk.definition}`);
  }
}
