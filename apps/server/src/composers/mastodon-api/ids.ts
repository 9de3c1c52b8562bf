/**
 * Client API ids that sort by time. Glimpse's rows have random UUIDs, which apps cannot page with
 * (`max_id`, `min_id` compare ids) and some (Ivory) expect as numbers. A status or notification
 * id is therefore a decimal number, as Mastodon's are, computed from the row and never stored:
 *
 *   (created_at in ms since 1970) << 21 | kind << 19 | the high 19 bits of the row's UUID
 *
 * It fits a signed 64-bit integer until the year 2109, has 19 digits from 1985 on (so it sorts
 * as text too), and points at one table by its kind. The UUID's high bits, not its low ones: the
 * lists order rows of one millisecond by UUID, which PostgreSQL compares byte by byte from the
 * first, so ids in that millisecond sort as the list does and `max_id` paging neither skips nor
 * repeats a row of a burst (an import, a batch of deliveries). Finding the row back reads one
 * millisecond of that table's `created_at` index and keeps the row whose UUID starts with those
 * bits: two rows of one kind made in the same millisecond share an id only 1 time in 524,288.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Cursor } from '../../lib/cursor.ts';

/** What an id can point at: one id space for posts, comments (replies) and events (statuses). */
export const idKinds = ['post', 'comment', 'event', 'notification'] as const;
export type IdKind = (typeof idKinds)[number];

const uuidBitCount = 19n;
const uuidBitMask = (1n << uuidBitCount) - 1n;
const kindShift = uuidBitCount;
const timeShift = uuidBitCount + 2n;

/** The high 19 bits of a UUID: its first five hex digits (20 bits) less the last bit. */
const uuidBits = (uuid: string) => BigInt(`0x${uuid.slice(0, 5)}`) >> 1n;

/** The id clients see for a row made at `createdAt` with the UUID `uuid`. */
export function timeIdOf(kind: IdKind, createdAt: Date | string, uuid: string): string {
  const ms = BigInt(new Date(createdAt).getTime());
  return ((ms << timeShift) | (BigInt(idKinds.indexOf(kind)) << kindShift) | uuidBits(uuid)).toString();
}

export interface ParsedTimeId {
  kind: IdKind;
  createdAt: Date;
  /** The high 19 bits of the row's UUID. */
  bits: number;
}

/** An id a client sent back, or null when it cannot be one of ours (then: 404, as for a deleted row). */
export function parseTimeId(id: string): ParsedTimeId | null {
  if (!/^\d{1,19}$/.test(id)) return null;
  const value = BigInt(id);
  if (value >= 1n << 63n) return null;
  const kind = idKinds[Number((value >> kindShift) & 3n)];
  const ms = Number(value >> timeShift);
  if (!kind || ms > Date.UTC(9999, 11, 31)) return null;
  return { kind, createdAt: new Date(ms), bits: Number(value & uuidBitMask) };
}

/**
 * The condition that finds the row of `parsed` in a table: its `created_at` millisecond (the
 * table's time index) and the UUID's high bits.
 */
export function rowOfTimeId(parsed: ParsedTimeId, createdAt: AnyPgColumn, id: AnyPgColumn): SQL {
  return sql`${createdAt} = ${parsed.createdAt.toISOString()}::timestamptz and (('x' || left(${id}::text, 5))::bit(20)::int >> 1) = ${parsed.bits}`;
}

/** A UUID-shaped key: five hex digits, the rest filled with `fill`. */
const uuidKey = (head: string, fill: '0' | 'f') =>
  `${head}${fill.repeat(3)}-${fill.repeat(4)}-${fill.repeat(4)}-${fill.repeat(4)}-${fill.repeat(12)}`;

const millisecond = 1;

/**
 * Where a list of `kind`'s rows, ordered by (created_at, UUID), passes the id a client sent back:
 * the rows past the cursor toward `edge` are exactly those whose ids are older (smaller) or newer
 * (larger). No row is read, so paging costs no lookup: the id carries its millisecond and its
 * UUID's high bits, and within a millisecond the list's UUID order is the ids' order. The first
 * UUID with those bits bounds the older side, the last the newer. Another kind's id sorts, within
 * its millisecond, above or below all of the list's rows (the kind bits), so the cursor takes or
 * leaves that millisecond whole.
 */
export function cursorOfTimeId(parsed: ParsedTimeId, kind: IdKind, edge: 'older' | 'newer'): Cursor {
  const at = parsed.createdAt.getTime();
  const listRank = idKinds.indexOf(kind);
  const idRank = idKinds.indexOf(parsed.kind);
  if (listRank === idRank) {
    const head = (parsed.bits * 2 + (edge === 'newer' ? 1 : 0)).toString(16).padStart(5, '0');
    return { at: parsed.createdAt, id: uuidKey(head, edge === 'older' ? '0' : 'f') };
  }
  const millisecondIsOlder = listRank < idRank;
  if (edge === 'older') {
    return millisecondIsOlder
      ? { at: new Date(at + millisecond), id: uuidKey('00000', '0') }
      : { at: parsed.createdAt, id: uuidKey('00000', '0') };
  }
  return millisecondIsOlder
    ? { at: parsed.createdAt, id: uuidKey('fffff', 'f') }
    : { at: new Date(at - millisecond), id: uuidKey('fffff', 'f') };
}
