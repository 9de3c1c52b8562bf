/**
 * The private calendar feed: one subscription address per member, `/api/calendar/<token>.ics`,
 * which calendar apps fetch without a session cookie. The token is 24 random bytes in base64url
 * (32 characters); only its SHA-256 is stored, so the address is shown once, when it is made, and
 * a new one revokes the old. A wrong or revoked token is 404, as for any unknown address.
 *
 * The feed holds the events the member organises, is going to or waiting for, is interested in,
 * and those of the people they follow: from a month back on, hidden hosts left out
 * (core/visibility.ts), as the member would see them signed in.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { CalendarFeedDto } from '@glimpse/shared';
import { limits } from '@glimpse/shared';
import { and, desc, eq, gte, inArray, or, sql } from 'drizzle-orm';
import type { ServiceArgs } from '../../core/service.ts';
import type { Db } from '../../db/client.ts';
import {
  calendarFeeds,
  eventAttendees,
  eventColumns,
  eventInterests,
  events,
  follows,
} from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { buildCalendar, toCalendarEvent } from './ics.ts';
import { eventVisibleTo } from './queries.ts';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** A token is base64url; anything else is no token (and never reaches the database). */
const tokenShape = /^[A-Za-z0-9_-]{16,128}$/;

/** How far back a feed reaches, and how many events it holds at most. */
const feedPastDays = 31;
const feedEventsMax = 500;

function addressesOf(token: string, publicUrl: string): { url: string; webcalUrl: string } {
  const url = new URL(`/api/calendar/${token}.ics`, publicUrl).href;
  return { url, webcalUrl: url.replace(/^https?:/, 'webcal:') };
}

/** Whether the member has a feed; the address itself is only ever shown when it is made. */
export async function getCalendarFeed({
  ctx: { db, actor },
}: ServiceArgs<'db' | 'actor'>): Promise<CalendarFeedDto> {
  const [feed] = await db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, actor.id));
  return { active: Boolean(feed), url: null, webcalUrl: null };
}

/** A new address (the old one, if any, stops working at once). */
export async function createCalendarFeed({
  ctx: { db, actor },
  input: { publicUrl },
}: ServiceArgs<'db' | 'actor', { publicUrl: string }>): Promise<CalendarFeedDto> {
  const token = randomBytes(limits.calendarFeedTokenBytes).toString('base64url');
  await db
    .insert(calendarFeeds)
    .values({ userId: actor.id, tokenHash: hashOf(token) })
    .onConflictDoUpdate({
      target: calendarFeeds.userId,
      set: { tokenHash: hashOf(token), createdAt: sql`now()` },
    });
  return { active: true, ...addressesOf(token, publicUrl) };
}

export async function revokeCalendarFeed({ ctx: { db, actor } }: ServiceArgs<'db' | 'actor'>): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, actor.id));
}

/** The member's events as one calendar, for the holder of the token; 404 for any other token. */
export async function readCalendarFeed({
  ctx: { db },
  input: { token, publicUrl, now = new Date() },
}: ServiceArgs<'db', { token: string; publicUrl: string; now?: Date }>): Promise<string> {
  if (!tokenShape.test(token)) throw notFound();
  const [feed] = await db
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.tokenHash, hashOf(token)));
  if (!feed) throw notFound();
  const rows = await feedEvents(db, feed.userId, now);
  return buildCalendar(
    rows.map((event) => toCalendarEvent(event, publicUrl)),
    { stampedAt: now, name: `Glimpse events (${new URL(publicUrl).host})` },
  );
}

function feedEvents(db: Db, userId: string, now: Date) {
  const since = new Date(now.getTime() - feedPastDays * 24 * 60 * 60 * 1000);
  const followed = db.select({ id: follows.followeeId }).from(follows).where(eq(follows.followerId, userId));
  const attending = db
    .select({ id: eventAttendees.eventId })
    .from(eventAttendees)
    .where(eq(eventAttendees.userId, userId));
  const interested = db
    .select({ id: eventInterests.eventId })
    .from(eventInterests)
    .where(eq(eventInterests.userId, userId));
  return db
    .select(eventColumns)
    .from(events)
    .where(
      and(
        or(
          eq(events.hostId, userId),
          inArray(events.hostId, followed),
          inArray(events.id, attending),
          inArray(events.id, interested),
        ),
        gte(sql`coalesce(${events.lastStartsAt}, ${events.startsAt})`, since),
        eventVisibleTo(userId),
      ),
    )
    .orderBy(desc(events.startsAt))
    .limit(feedEventsMax);
}
