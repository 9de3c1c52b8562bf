/**
 * Paging cursors found from a status id alone: on a list ordered by (created_at, UUID), the rows
 * past the cursor are exactly the rows whose ids are older or newer, within the id's own
 * millisecond too, for the list's own kind of id and for another kind's.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cursorOfTimeId, type IdKind, parseTimeId, timeIdOf } from './ids.ts';

const at = new Date('2026-06-01T12:00:00.123Z');
const millisecondsAround = [-1, 0, 1].map((offset) => new Date(at.getTime() + offset));

/** A burst of rows around one millisecond, as an import writes them, each with a random UUID. */
const burst = () =>
  millisecondsAround.flatMap((createdAt) =>
    Array.from({ length: 40 }, () => ({ createdAt, id: randomUUID() })),
  );

type Row = ReturnType<typeof burst>[number];

/** The list's keyset order, as PostgreSQL compares (timestamptz, uuid). */
const compareKeys = (row: Row, cursor: { at: Date; id: string }) =>
  row.createdAt.getTime() - cursor.at.getTime() || (row.id < cursor.id ? -1 : row.id > cursor.id ? 1 : 0);

describe('cursorOfTimeId', () => {
  for (const idKind of ['post', 'comment', 'event'] as const satisfies IdKind[]) {
    it(`bounds a list of posts by a ${idKind}'s id exactly, without reading a row`, () => {
      const rows = burst();
      const pivot = { createdAt: at, id: randomUUID() };
      const pivotId = BigInt(timeIdOf(idKind, pivot.createdAt, pivot.id));
      const parsed = parseTimeId(pivotId.toString())!;
      const idOf = (row: Row) => BigInt(timeIdOf('post', row.createdAt, row.id));

      const older = cursorOfTimeId(parsed, 'post', 'older');
      const newer = cursorOfTimeId(parsed, 'post', 'newer');
      for (const row of rows) {
        expect(compareKeys(row, older) < 0, row.id).toBe(idOf(row) < pivotId);
        expect(compareKeys(row, newer) > 0, row.id).toBe(idOf(row) > pivotId);
      }
    });
  }

  it('leaves out the row the id names, and a row that shares its id', () => {
    const row = { createdAt: at, id: randomUUID() };
    const parsed = parseTimeId(timeIdOf('post', row.createdAt, row.id))!;
    expect(compareKeys(row, cursorOfTimeId(parsed, 'post', 'older'))).toBeGreaterThan(0);
    expect(compareKeys(row, cursorOfTimeId(parsed, 'post', 'newer'))).toBeLessThan(0);
  });
});
