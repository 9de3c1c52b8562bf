/**
 * Reminders to everyone going: 24 hours before a date starts (`day`) and 1 hour before (`hour`), in
 * the app, by web push (the notice's group queues its push job: features/notifications/push.ts) and
 * by email unless turned off (Settings → Notifications). A cron item runs `event_reminders` every
 * five minutes, once per tick across every process (graphile-worker's crontab); each run writes
 * `event_reminders (event_id, occurrence, user_id, kind)` rows with ON CONFLICT DO NOTHING and
 * sends only for the rows it really inserted, in the same transaction as the notices and the
 * queued emails. So two runs at once, a run repeated after a crash or a restart, or several
 * instances, remind nobody twice: whatever commits first owns the row.
 *
 * A date that is less than an hour away when someone joins gets only the hour's reminder; one
 * less than a day away gets the day's at the next tick.
 */
import { paths } from '@glimpse/shared';
import { sql } from 'drizzle-orm';
import { notify } from '../../core/notify.ts';
import type { Db } from '../../db/client.ts';
import { defineTask } from '../../jobs/task.ts';
import { currentLanguage, withLanguage } from '../../lib/language.ts';
import type { Logger } from '../../lib/logger.ts';
import type { LiveHub } from '../../live/hub.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { eventReminderMail } from '../../mail/templates.ts';
import { occurrenceStarts } from './recurrence.ts';

const hourMs = 60 * 60 * 1000;

interface DueDate {
  eventId: string;
  occurrence: number;
  kind: 'day' | 'hour';
  startsAt: Date;
  title: string;
  timeZone: string;
  place: string;
}

/** The dates starting within a day (not yet started) of events someone is going to. */
async function dueDates(tx: Db, now: Date): Promise<DueDate[]> {
  const candidates = (await tx.execute(sql`
    select e.id, e.title, e.starts_at, e.ends_at, e.time_zone, e.recurrence, e.place
    from events e
    where e.cancelled_at is null
      and e.starts_at <= ${new Date(now.getTime() + 24 * hourMs)}
      and coalesce(e.last_starts_at, e.starts_at) > ${now}
      and exists (select 1 from event_attendees a where a.event_id = e.id and a.status = 'going')`)) as unknown as {
    rows: {
      id: string;
      title: string;
      starts_at: Date | string;
      ends_at: Date | string | null;
      time_zone: string;
      recurrence: string | null;
      place: string;
    }[];
  };
  const due: DueDate[] = [];
  for (const row of candidates.rows) {
    const starts = occurrenceStarts({
      startsAt: new Date(row.starts_at),
      endsAt: row.ends_at === null ? null : new Date(row.ends_at),
      timeZone: row.time_zone,
      recurrence: row.recurrence,
    });
    starts.forEach((startsAt, occurrence) => {
      const ahead = startsAt.getTime() - now.getTime();
      if (ahead <= 0 || ahead > 24 * hourMs) return;
      const base = {
        eventId: row.id,
        occurrence,
        startsAt,
        title: row.title,
        timeZone: row.time_zone,
        place: row.place,
      };
      due.push({ ...base, kind: ahead <= hourMs ? 'hour' : 'day' });
    });
  }
  return due;
}

/** In the reader's language (English keeps its day-month order: en-GB). */
const whenText = (startsAt: Date, timeZone: string) => {
  const language = currentLanguage();
  const locale = language === 'en' ? 'en-GB' : language;
  return `${new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short', timeZone }).format(startsAt)} (${timeZone})`;
};

export async function sendEventReminders({
  db,
  live,
  mailer,
  publicUrl,
  now = new Date(),
}: {
  db: Pick<Db, 'transaction'>;
  live: Pick<LiveHub, 'publish'>;
  mailer: Pick<Mailer, 'send'>;
  publicUrl: string;
  now?: Date;
}): Promise<{ reminded: number; emailed: number }> {
  const result = await db.transaction(async (tx) => {
    const notified: string[] = [];
    let emailed = 0;
    for (const date of await dueDates(tx as Db, now)) {
      const claimed = (await tx.execute(sql`
        insert into event_reminders (event_id, occurrence, user_id, kind)
        select a.event_id, a.occurrence, a.user_id, ${date.kind}
        from event_attendees a
        where a.event_id = ${date.eventId} and a.occurrence = ${date.occurrence} and a.status = 'going'
        on conflict do nothing
        returning user_id,
          (select u.email from "user" u where u.id = user_id) as email,
          (select u.language from "user" u where u.id = user_id) as language,
          not exists (select 1 from notification_preferences p
            where p.user_id = event_reminders.user_id and 'event_reminder' = any(p.email_off)) as wants_email`)) as unknown as {
        rows: { user_id: string; email: string; language: string | null; wants_email: boolean }[];
      };
      for (const person of claimed.rows) {
        const notice = {
          type: 'event_reminder',
          recipientId: person.user_id,
          actorId: null,
          eventId: date.eventId,
        } as const;
        if (await notify(tx as Db, notice)) notified.push(person.user_id);
        if (!person.wants_email) continue;
        const link = new URL(`${paths.eventDetail(date.eventId)}?occurrence=${date.occurrence}`, publicUrl)
          .href;
        const mail = withLanguage(person.language, () =>
          eventReminderMail({
            to: person.email,
            title: date.title,
            soon: date.kind,
            when: whenText(date.startsAt, date.timeZone),
            place: date.place,
            link,
          }),
        );
        await mailer.send(mail, { db: tx as Db });
        emailed++;
      }
    }
    return { notified, emailed };
  });
  for (const recipientId of new Set(result.notified)) live.publish({ kind: 'notification', recipientId });
  return { reminded: result.notified.length, emailed: result.emailed };
}

export const eventRemindersTask = defineTask<
  Record<string, never>,
  {
    db: Db;
    live: Pick<LiveHub, 'publish'>;
    mailer: Pick<Mailer, 'send'>;
    logger: Logger;
    env: { publicUrl: string };
  }
>({
  name: 'event_reminders',
  queueName: 'maintenance',
  async run(_, deps) {
    const { reminded, emailed } = await sendEventReminders({ ...deps, publicUrl: deps.env.publicUrl });
    if (reminded || emailed) deps.logger.info({ reminded, emailed }, 'sent event reminders');
  },
});
