/**
 * The upcoming list sorts a repeating event by its next date, which moves as dates go by; SQL
 * cannot expand a rule, so `events.next_starts_at` keeps it: written on create and edit, and moved
 * on every five minutes by `event_next_dates` (a cron item) for the series whose kept date has
 * passed (a single date's is its start, kept so by a trigger: migration 0018). Between two ticks a
 * series may sort by a date minutes old; its card always shows its real next date (computed when
 * read). The list reads series whose kept date is up to a week old (service.ts `nextDateSlackMs`).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { defineTask } from '../../jobs/task.ts';
import type { Logger } from '../../lib/logger.ts';
import { type EventTimes, occurrenceStarts } from './recurrence.ts';

/** The first start not before `now`, else the last: null for a single date. */
export function nextStartOf(times: EventTimes, now: Date): Date | null {
  if (!times.recurrence) return null;
  const starts = occurrenceStarts(times);
  return starts.find((start) => start.getTime() >= now.getTime()) ?? starts.at(-1)!;
}

/** Moves every stale `next_starts_at` on; the number of events moved. */
export async function moveNextDates(db: Db, now: Date = new Date()): Promise<number> {
  const stale = (await db.execute(sql`
    select id, starts_at, ends_at, time_zone, recurrence from events
    where recurrence is not null and next_starts_at < ${now} and last_starts_at >= ${now}`)) as unknown as {
    rows: {
      id: string;
      starts_at: string | Date;
      ends_at: string | Date | null;
      time_zone: string;
      recurrence: string;
    }[];
  };
  for (const row of stale.rows) {
    const next = nextStartOf(
      {
        startsAt: new Date(row.starts_at),
        endsAt: row.ends_at === null ? null : new Date(row.ends_at),
        timeZone: row.time_zone,
        recurrence: row.recurrence,
      },
      now,
    );
    await db.execute(sql`update events set next_starts_at = ${next} where id = ${row.id}`);
  }
  return stale.rows.length;
}

export const eventNextDatesTask = defineTask<Record<string, never>, { db: Db; logger: Logger }>({
  name: 'event_next_dates',
  queueName: 'maintenance',
  async run(_, { db, logger }) {
    const moved = await moveNextDates(db);
    if (moved) logger.info({ moved }, 'moved repeating events on to their next dates');
  },
});
