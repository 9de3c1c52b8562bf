/**
 * The event reminder: the day before an event, everyone who marked it Interested gets one notice.
 * An hourly job (`event_reminders`, a cron item: one run per hour across every process) picks
 * events starting within the next 24 hours. Idempotent and once per event per member by the
 * event_reminders primary key, so a run repeated after a crash, or two at once, remind nobody twice.
 */
import { sql } from 'drizzle-orm';
import { notify } from '../../core/notify.ts';
import type { Db } from '../../db/client.ts';
import { defineTask } from '../../jobs/task.ts';
import type { Logger } from '../../lib/logger.ts';
import type { LiveHub } from '../../live/hub.ts';

export async function sendEventReminders({
  db,
  live,
}: {
  db: Pick<Db, 'transaction'>;
  live: Pick<LiveHub, 'publish'>;
}): Promise<{ reminded: number }> {
  const recipients = await db.transaction(async (tx) => {
    const due = (await tx.execute(sql`
      insert into event_reminders (event_id, user_id)
      select ei.event_id, ei.user_id
      from events e join event_interests ei on ei.event_id = e.id
      where e.starts_at > now() and e.starts_at <= now() + interval '24 hours'
      on conflict do nothing
      returning event_id, user_id`)) as unknown as { rows: { event_id: string; user_id: string }[] };
    const notified: string[] = [];
    for (const { event_id: eventId, user_id: recipientId } of due.rows) {
      if (await notify(tx, { type: 'event_reminder', recipientId, actorId: null, eventId })) {
        notified.push(recipientId);
      }
    }
    return notified;
  });
  for (const recipientId of new Set(recipients)) live.publish({ kind: 'notification', recipientId });
  return { reminded: recipients.length };
}

export const eventRemindersTask = defineTask<
  Record<string, never>,
  { db: Db; live: Pick<LiveHub, 'publish'>; logger: Logger }
>({
  name: 'event_reminders',
  queueName: 'maintenance',
  async run(_, deps) {
    const { reminded } = await sendEventReminders(deps);
    if (reminded) deps.logger.info({ reminded }, 'sent event reminders');
  },
});
