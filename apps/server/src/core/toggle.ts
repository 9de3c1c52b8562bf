/**
 * Toggle-with-counter, behind save, Interested and follow (the like, the commonest, is one
 * statement of its own: `likeStatement` in features/posts/service.ts): the join row
 * (whose primary key makes the toggle idempotent) is inserted or deleted, and the counters move
 * in the same transaction only when a row really changed, so counts stay exact under concurrent
 * and repeated taps.
 */
import { and, eq, getTableColumns, type InferInsertModel } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { withTransaction } from './service.ts';

export type Step = -1 | 0 | 1;

export async function toggleWithCounter<T extends PgTable, State>(
  db: Db,
  {
    table,
    row,
    on,
    moveCounters,
  }: {
    /** The join table, e.g. post_likes. */
    table: T;
    /** The join row: its primary key columns and nothing else. */
    row: InferInsertModel<T> & Record<string, string>;
    /** The state the caller chose: present (like) or absent (unlike). */
    on: boolean;
    /** Moves the counters by `step` (0 when nothing changed) and reads the state to answer. */
    moveCounters: (tx: Db, step: Step) => Promise<State>;
  },
): Promise<State & { changed: boolean }> {
  return withTransaction(db, async (tx) => {
    const columns = getTableColumns(table);
    const changed = on
      ? await tx.insert(table).values(row).onConflictDoNothing().returning()
      : await tx
          .delete(table)
          .where(and(...Object.entries(row).map(([key, value]) => eq(columns[key]!, value))))
          .returning();
    const step: Step = changed.length === 0 ? 0 : on ? 1 : -1;
    return { ...(await moveCounters(tx, step)), changed: step !== 0 };
  });
}
