import type { CalendarFeedDto, EventDto, NotificationDto, Page } from '@glimpse/shared';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.ts';
import { eventReminders } from '../../db/schema.ts';
import { startJobRunner } from '../../jobs/runner.ts';
import { addJob } from '../../jobs/task.ts';
import { createLogger } from '../../lib/logger.ts';
import { tasks } from '../../runtime/tasks.ts';
import { eventRemindersTask, sendEventReminders } from './reminders.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<TestContext['signedInMembers']>>[number];
const json = async <T>(response: Response) => (await response.json()) as T;
const hour = 60 * 60 * 1000;

async function hostEvent(member: Member, overrides: Record<string, unknown> = {}) {
  const response = await member.post('/api/events', {
    title: 'Harbour jazz night',
    startsAt: new Date(Date.now() + 7 * 24 * hour).toISOString(),
    website: 'https://jazz.example.com/night',
    description: 'Live music on the pier.',
    ...overrides,
  });
  if (response.status !== 201) throw new Error(`event failed: ${response.status} ${await response.text()}`);
  return json<EventDto>(response);
}

/** The calendar as a real iCalendar parser reads it, with its VTIMEZONEs registered. */
function parseCalendar(body: string) {
  const calendar = new ICAL.Component(ICAL.parse(body));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  return calendar.getAllSubcomponents('vevent').map((vevent) => ({ vevent, event: new ICAL.Event(vevent) }));
}

describe('Add to calendar (.ics)', () => {
  it('writes a weekly Berlin event that a parser expands at 10:00 local across the October change', async () => {
    const [host] = await t.signedInMembers(1, 'Ics');
    const event = await hostEvent(host!, {
      title: 'Choir, practice; weekly',
      startsAt: '2027-10-17T10:00:00+02:00',
      endsAt: '2027-10-17T11:30:00+02:00',
      timeZone: 'Europe/Berlin',
      place: 'St. Pauli church, Pinnasberg 80, Hamburg',
      latitude: 53.5467,
      longitude: 9.9592,
      repeat: { frequency: 'weekly', count: 4 },
    });
    const response = await host!.get(`/api/events/${event.id}/calendar.ics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const body = await response.text();
    expect(body).toContain('DTSTART;TZID=Europe/Berlin:20271017T100000');
    const [{ vevent, event: parsed }] = parseCalendar(body) as [ReturnType<typeof parseCalendar>[number]];
    expect(parsed.summary).toBe('Choir, practice; weekly');
    expect(parsed.location).toBe('St. Pauli church, Pinnasberg 80, Hamburg');
    expect(vevent.getFirstPropertyValue('geo')).toEqual([53.5467, 9.9592]);
    expect(vevent.getFirstPropertyValue('url')).toBe('https://jazz.example.com/night');
    expect(parsed.sequence).toBe(0);
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(parsed.startDate.zone?.tzid).toBe('Europe/Berlin');
    expect(parsed.isRecurring()).toBe(true);
    const iterator = parsed.iterator();
    const starts: string[] = [];
    for (let next = iterator.next(); next; next = iterator.next()) starts.push(next.toJSDate().toISOString());
    // The parser's own expansion, through our VTIMEZONE: 10:00 in Berlin each week, DST or not.
    expect(starts).toEqual([
      '2027-10-17T08:00:00.000Z',
      '2027-10-24T08:00:00.000Z',
      '2027-10-31T09:00:00.000Z',
      '2027-11-07T09:00:00.000Z',
    ]);
    expect(parsed.endDate.toJSDate().toISOString()).toBe('2027-10-17T09:30:00.000Z');
  });

  it('bumps SEQUENCE on an edit and says STATUS:CANCELLED once cancelled', async () => {
    const [host] = await t.signedInMembers(1, 'Seq');
    const event = await hostEvent(host!, { timeZone: 'UTC' });
    await host!.put(`/api/events/${event.id}`, {
      title: 'Harbour jazz night',
      startsAt: new Date(Date.now() + 8 * 24 * hour).toISOString(),
      website: 'https://jazz.example.com/night',
      description: 'Live music on the pier.',
    });
    await host!.post(`/api/events/${event.id}/cancel`);
    const body = await (await host!.get(`/api/events/${event.id}/calendar.ics`)).text();
    const [{ vevent, event: parsed }] = parseCalendar(body) as [ReturnType<typeof parseCalendar>[number]];
    expect(parsed.sequence).toBe(2);
    expect(vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
    // UTC needs no VTIMEZONE: DTSTART is in the UTC form.
    expect(body).not.toContain('BEGIN:VTIMEZONE');
    expect(body).toMatch(/DTSTART:\d{8}T\d{6}Z/);
  });
});

describe('the calendar feed', () => {
  it('serves a member’s events by a random token without a cookie; 404 for a wrong or revoked token', async () => {
    const [owner, followed, stranger, blocked] = await t.signedInMembers(4, 'Feed');
    await owner!.put(`/api/users/${followed!.id}/follow`);
    const mine = await hostEvent(owner!, { title: 'My own picnic' });
    const theirs = await hostEvent(followed!, { title: 'Followed market' });
    const joined = await hostEvent(stranger!, { title: 'Stranger I go to' });
    const unrelated = await hostEvent(stranger!, { title: 'Stranger unrelated' });
    await owner!.put(`/api/events/${joined.id}/going`);
    const hidden = await hostEvent(blocked!, { title: 'Blocked host' });
    await owner!.put(`/api/events/${hidden.id}/interest`);
    await blocked!.put(`/api/users/${owner!.id}/block`);

    expect(await json(await owner!.get('/api/events/calendar-feed'))).toEqual({
      active: false,
      url: null,
      webcalUrl: null,
    });
    expect((await t.client().post('/api/events/calendar-feed')).status).toBe(401);
    const made = await owner!.post('/api/events/calendar-feed');
    expect(made.status).toBe(201);
    const feed = await json<CalendarFeedDto>(made);
    const url = new URL(feed.url!);
    expect(url.origin).toBe(new URL(t.deps.env.publicUrl).origin);
    const token = url.pathname.match(/^\/api\/calendar\/([^/]+)\.ics$/)?.[1] ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    expect(feed.webcalUrl).toBe(feed.url!.replace(/^https?:/, 'webcal:'));
    // Asked again, the address is not shown (only its hash is kept).
    expect(await json(await owner!.get('/api/events/calendar-feed'))).toEqual({
      active: true,
      url: null,
      webcalUrl: null,
    });

    // Signed out (no cookie at all), as a calendar app fetches it.
    const anonymous = await t.client().get(url.pathname);
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const titles = parseCalendar(await anonymous.text()).map(({ event }) => event.summary);
    expect(titles.sort()).toEqual(['Followed market', 'My own picnic', 'Stranger I go to']);
    expect(titles).not.toContain(unrelated.title);
    expect(titles).not.toContain('Blocked host');
    void mine;
    void theirs;

    // Another member's session does not change whose feed it is; a wrong token is 404.
    expect((await stranger!.get(url.pathname)).status).toBe(200);
    const wrong = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect((await t.client().get(`/api/calendar/${wrong}.ics`)).status).toBe(404);
    expect((await t.client().get('/api/calendar/short.ics')).status).toBe(404);
    expect((await t.client().get(`/api/calendar/${token}`)).status).toBe(404);

    // A new address revokes the old one; turning it off revokes the new.
    const renewed = new URL(
      (await json<CalendarFeedDto>(await owner!.post('/api/events/calendar-feed'))).url!,
    );
    expect((await t.client().get(url.pathname)).status).toBe(404);
    expect((await t.client().get(renewed.pathname)).status).toBe(200);
    expect((await stranger!.delete('/api/events/calendar-feed')).status).toBe(204);
    expect((await t.client().get(renewed.pathname)).status).toBe(200);
    expect((await t.client().delete('/api/events/calendar-feed')).status).toBe(401);
    expect((await owner!.delete('/api/events/calendar-feed')).status).toBe(204);
    expect((await t.client().get(renewed.pathname)).status).toBe(404);
  });
});

describe('reminders', () => {
  it('reminds each person going once a day before and once an hour before, across runners and a restart', async () => {
    const [host, ana, ben, cleo, fan] = await t.signedInMembers(5, 'Remind');
    const startsAt = new Date(Date.now() + 20 * hour);
    const event = await hostEvent(host!, { startsAt: startsAt.toISOString(), capacity: 10 });
    for (const member of [ana!, ben!, cleo!]) await member.put(`/api/events/${event.id}/going`);
    await fan!.put(`/api/events/${event.id}/interest`);
    await cleo!.put('/api/notifications/preferences', { email: { event_reminder: false } });

    // Two ticks at once on this instance's runner.
    await Promise.all([addJob(t.db, eventRemindersTask, {}), addJob(t.db, eventRemindersTask, {})]);
    await t.jobsDone();
    // A second instance's runner, then a restart of it.
    const logger = createLogger('silent', false);
    const runner = () =>
      startJobRunner({ connectionString: t.databaseUrl, tasks, deps: t.deps, logger, concurrency: 1 });
    const second = await runner();
    await Promise.all([addJob(t.db, eventRemindersTask, {}), addJob(t.db, eventRemindersTask, {})]);
    await second.idle();
    await t.jobsDone();
    await second.stop();
    const restarted = await runner();
    await addJob(t.db, eventRemindersTask, {});
    await restarted.idle();
    await restarted.stop();
    await t.jobsDone();

    const rows = await t.db.select().from(eventReminders).where(eq(eventReminders.eventId, event.id));
    expect(rows.map((row) => row.kind)).toEqual(['day', 'day', 'day']);
    const notices = async (member: Member) =>
      (await json<Page<NotificationDto>>(await member.get('/api/notifications'))).items.filter(
        (n) => n.type === 'event_reminder',
      );
    for (const member of [ana!, ben!, cleo!]) expect(await notices(member)).toHaveLength(1);
    expect(await notices(fan!)).toHaveLength(0);
    const mailsTo = async (member: Member) =>
      (await t.mailbox()).filter((mail) => mail.to === `${member.id}@example.com`.toLowerCase());
    expect((await mailsTo(ana!)).map((mail) => mail.subject)).toEqual(['Tomorrow: Harbour jazz night']);
    expect(await mailsTo(cleo!)).toHaveLength(0);

    // Half an hour before: the hour's reminder, once, however many runs.
    const soon = new Date(startsAt.getTime() - hour / 2);
    const deps = {
      db: t.db,
      live: t.deps.live,
      mailer: t.deps.mailer,
      publicUrl: t.deps.env.publicUrl,
      now: soon,
    };
    const runs = await Promise.all([sendEventReminders(deps), sendEventReminders(deps)]);
    expect(runs.reduce((sum, run) => sum + run.emailed, 0)).toBe(2);
    expect((await sendEventReminders(deps)).emailed).toBe(0);
    await t.jobsDone();
    expect((await mailsTo(ben!)).map((mail) => mail.subject)).toEqual([
      'Tomorrow: Harbour jazz night',
      'In an hour: Harbour jazz night',
    ]);
    expect(await t.countRows(eventReminders, eq(eventReminders.eventId, event.id))).toBe(6);
  });
});
