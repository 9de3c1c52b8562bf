/**
 * The event reminder: the day before an event, everyone who marked it Interested gets one notice.
 * A job (hourly, runtime/worker.ts) picks events starting within the next 24 hours. Idempotent
 * and once per event per member by the event_reminders primary key; when several instances run
 * it at once, a transaction-level advisory lock lets one of them do the work and the others skip.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { LiveHub } from '../../live/hub.ts';
import { notify } from './notify.ts';

/** Any constant both instances agree on: "glimpse event reminders". */
const reminderLockKey = 0x676c_6572;

export async function sendEventReminders({
  db,
  live,
}: {
  db: Pick<Db, 'transaction'>;
  live: Pick<LiveHub, 'publish'>;
}): Promise<{ reminded: number; skipped: boolean }> {
  const outcome = await db.transaction(async (tx) => {
    const lock = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(${reminderLockKey}) as locked`,
    )) as unknown as {
      rows: { locked: boolean }[];
    };
    if (!lock.rows[0]?.locked) return { recipients: [] as string[], skipped: true };
    const due = (await tx.execute(sql`
      insert into event_reminders (event_id, user_id)
      select ei.event_id, ei.user_id
      from events e join event_interests ei on ei.event_id = e.id
      where e.starts_at > now() and e.starts_at <= now() + interval '24 hours'
      on conflict do nothing
      returning event_id, user_id`)) as unknown as { rows: { event_id: string; user_id: string }[] };
    const recipients: string[] = [];
    for (const { event_id: eventId, user_id: recipientId } of due.rows) {
      if (await notify(tx, { type: 'event_reminder', recipientId, actorId: null, eventId })) {
        recipients.push(recipientId);
      }
    }
    return { recipients, skipped: false };
  });
  for (const recipientId of new Set(outcome.recipients)) live.publish({ kind: 'notification', recipientId });
  return { reminded: outcome.recipients.length, skipped: outcome.skipped };
}
