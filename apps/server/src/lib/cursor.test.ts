import { messages } from '@glimpse/shared';
import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, slicePage, toPage } from './cursor.ts';
import { AppError } from './errors.ts';

const rowsOf = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ id: `row-${i}`, at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)) }));
const cursorOf = (row: { id: string; at: Date }) => ({ at: row.at, id: row.id });

describe('keyset cursors', () => {
  it('round-trip a timestamp to the millisecond and an id', () => {
    const cursor = { at: new Date('2026-03-04T05:06:07.089Z'), id: 'a1b2-c3_d4' };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
  });

  it('read no cursor as the first page', () => {
    expect(decodeCursor(undefined)).toBeNull();
    expect(decodeCursor('')).toBeNull();
  });

  it.each([
    ['not base64 of anything', 'garbage'],
    ['an id with a quote', Buffer.from("2026-01-01T00:00:00.000Z|x'or 1=1").toString('base64url')],
    ['a date out of range', Buffer.from('+275760-09-13T00:00:00.000Z|x').toString('base64url')],
    ['an extra field', Buffer.from('2026-01-01T00:00:00.000Z|x|y').toString('base64url')],
  ])('refuse %s with the shared message', (_, value) => {
    expect(() => decodeCursor(value)).toThrow(new AppError('Invalid', messages.common.pageLinkInvalid));
  });
});

describe('pages', () => {
  it('give a cursor after the last row shown only when the extra row says more exist', () => {
    const full = slicePage(rowsOf(4), 3, cursorOf);
    expect(full.rows.map((r) => r.id)).toEqual(['row-0', 'row-1', 'row-2']);
    expect(decodeCursor(full.nextCursor ?? undefined)).toEqual(cursorOf(rowsOf(3)[2]!));
    expect(slicePage(rowsOf(3), 3, cursorOf).nextCursor).toBeNull();
    expect(slicePage([], 3, cursorOf)).toEqual({ rows: [], nextCursor: null });
  });

  it('map the page rows, not the extra one', () => {
    const page = toPage(rowsOf(3), 2, (row) => row.id.toUpperCase(), cursorOf);
    expect(page.items).toEqual(['ROW-0', 'ROW-1']);
  });
});
