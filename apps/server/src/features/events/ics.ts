/**
 * Events as an iCalendar file (RFC 5545): one for "Add to calendar", many for a calendar feed. CRLF
 * line endings, lines folded at 75 octets without splitting a UTF-8 character, TEXT values escaped.
 * An event in UTC is written in UTC; any other zone as local time with its TZID and a VTIMEZONE
 * built from the runtime's zone data (Intl) for the years the event spans, so a weekly RRULE keeps
 * its wall-clock time across DST changes in every calendar program. SEQUENCE counts the edits of
 * time, place and status, so a subscribed calendar replaces its copy; STATUS:CANCELLED removes it.
 */
import { limits, zoneOffsetMs } from '@glimpse/shared';
import type { EventRecord } from '../../db/schema.ts';
import { lastStart } from './recurrence.ts';

export interface CalendarEvent {
  uid: string;
  title: string;
  description: string;
  url: string;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  /** The RRULE value, or null for a single date. */
  recurrence: string | null;
  /** Where the last date ends: how far the VTIMEZONE must reach. */
  lastEndsAt: Date;
  location: string;
  latitude: number | null;
  longitude: number | null;
  sequence: number;
  cancelled: boolean;
  createdAt: Date;
}

const hourMs = 60 * 60 * 1000;

/** The row as a calendar event: the detail page's address in the description, a 2-hour default. */
export function toCalendarEvent(event: EventRecord, publicUrl: string): CalendarEvent {
  const endsAt =
    event.endsAt ?? new Date(event.startsAt.getTime() + limits.eventDefaultDurationHours * hourMs);
  const duration = endsAt.getTime() - event.startsAt.getTime();
  const detail = new URL(`/eventdetail/${event.id}`, publicUrl).href;
  return {
    uid: `${event.id}@${new URL(publicUrl).hostname}`,
    title: event.title,
    description: `${event.description}\n\n${detail}`,
    url: event.website,
    startsAt: event.startsAt,
    endsAt,
    timeZone: event.timeZone,
    recurrence: event.recurrence,
    lastEndsAt: new Date(lastStart(event).getTime() + duration),
    location: event.place,
    latitude: event.latitude,
    longitude: event.longitude,
    sequence: event.sequence,
    cancelled: event.cancelledAt !== null,
    createdAt: event.createdAt,
  };
}

/** `20250314T093000Z`: the UTC form of DATE-TIME (RFC 5545 §3.3.5). */
export function formatUtc(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** TEXT escaping (RFC 5545 §3.3.11): backslash, semicolon, comma and newlines. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();

/**
 * Folds a content line into chunks of at most 75 octets; each continuation starts with one space
 * (RFC 5545 §3.1). Splits only between characters, so multi-byte UTF-8 stays whole.
 */
export function foldLine(line: string): string {
  const chunks: string[] = [];
  let current = '';
  let currentOctets = 0;
  for (const char of line) {
    const octets = encoder.encode(char).length;
    // The first line may hold 75 octets; continuation lines 74 plus their leading space.
    const limit = chunks.length === 0 ? 75 : 74;
    if (currentOctets + octets > limit) {
      chunks.push(current);
      current = '';
      currentOctets = 0;
    }
    current += char;
    currentOctets += octets;
  }
  chunks.push(current);
  return chunks.join('\r\n ');
}

/** `20270314T093000`: a local DATE-TIME on the zone's clock (used with TZID). */
export function formatLocal(date: Date, zone: string): string {
  return formatUtc(new Date(date.getTime() + zoneOffsetMs(date.getTime(), zone))).replace(/Z$/, '');
}

/** `+0100`, `-0330` */
function formatOffset(offsetMs: number): string {
  const minutes = Math.round(Math.abs(offsetMs) / 60000);
  const sign = offsetMs < 0 ? '-' : '+';
  return `${sign}${String(Math.floor(minutes / 60)).padStart(2, '0')}${String(minutes % 60).padStart(2, '0')}`;
}

interface Transition {
  at: number;
  from: number;
  to: number;
}

/** The zone's offset changes from `start` to `end`, each to the minute (a day's step, then bisection). */
function transitionsOf(zone: string, start: number, end: number): Transition[] {
  const found: Transition[] = [];
  const dayMs = 24 * hourMs;
  let previous = zoneOffsetMs(start, zone);
  for (let day = start + dayMs; day <= end + dayMs; day += dayMs) {
    const offset = zoneOffsetMs(day, zone);
    if (offset === previous) continue;
    let low = day - dayMs;
    let high = day;
    while (high - low > 60_000) {
      const middle = low + Math.floor((high - low) / 2 / 60_000) * 60_000;
      if (zoneOffsetMs(middle, zone) === previous) low = middle;
      else high = middle;
    }
    found.push({ at: high, from: previous, to: offset });
    previous = offset;
  }
  return found;
}

/**
 * A VTIMEZONE for `zone` valid from `from` to `to`: the offset at the start as an observance from
 * 1970, then each change in between as its own observance with an exact DTSTART (RFC 5545 §3.6.5
 * allows observances without a rule), DAYLIGHT when the clock moves forward.
 */
export function buildTimeZone(zone: string, from: Date, to: Date): string[] {
  const start = from.getTime() - 366 * 24 * hourMs;
  const initial = zoneOffsetMs(start, zone);
  const observance = (
    kind: 'STANDARD' | 'DAYLIGHT',
    dtstart: string,
    fromOffset: number,
    toOffset: number,
  ) => [
    `BEGIN:${kind}`,
    `DTSTART:${dtstart}`,
    `TZOFFSETFROM:${formatOffset(fromOffset)}`,
    `TZOFFSETTO:${formatOffset(toOffset)}`,
    `END:${kind}`,
  ];
  const lines = [
    'BEGIN:VTIMEZONE',
    `TZID:${zone}`,
    ...observance('STANDARD', '19700101T000000', initial, initial),
  ];
  for (const change of transitionsOf(zone, start, to.getTime() + 366 * 24 * hourMs)) {
    // DTSTART is the local time just before the change, on the old offset's clock.
    const local = formatUtc(new Date(change.at + change.from)).replace(/Z$/, '');
    lines.push(
      ...observance(change.to > change.from ? 'DAYLIGHT' : 'STANDARD', local, change.from, change.to),
    );
  }
  lines.push('END:VTIMEZONE');
  return lines;
}

function eventLines(event: CalendarEvent, stampedAt: Date): string[] {
  const utc = event.timeZone === 'UTC';
  const when = (name: string, date: Date) =>
    utc
      ? `${name}:${formatUtc(date)}`
      : `${name};TZID=${event.timeZone}:${formatLocal(date, event.timeZone)}`;
  return [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${formatUtc(stampedAt)}`,
    `CREATED:${formatUtc(event.createdAt)}`,
    `SEQUENCE:${event.sequence}`,
    when('DTSTART', event.startsAt),
    when('DTEND', event.endsAt),
    ...(event.recurrence ? [`RRULE:${event.recurrence}`] : []),
    `SUMMARY:${escapeText(event.title)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.latitude !== null && event.longitude !== null
      ? [`GEO:${event.latitude};${event.longitude}`]
      : []),
    // URL is of type URI, not TEXT: it is not escaped (a comma in a link stays a comma).
    `URL:${event.url.replace(/[\r\n]/g, '')}`,
    `STATUS:${event.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
  ];
}

export function buildCalendar(
  calendarEvents: readonly CalendarEvent[],
  options: { stampedAt: Date; name?: string },
): string {
  const spans = new Map<string, { from: Date; to: Date }>();
  for (const event of calendarEvents) {
    if (event.timeZone === 'UTC') continue;
    const span = spans.get(event.timeZone);
    spans.set(event.timeZone, {
      from: span && span.from < event.startsAt ? span.from : event.startsAt,
      to: span && span.to > event.lastEndsAt ? span.to : event.lastEndsAt,
    });
  }
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Glimpse//Glimpse Events//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...(options.name
      ? [`X-WR-CALNAME:${escapeText(options.name)}`, 'REFRESH-INTERVAL;VALUE=DURATION:PT1H']
      : []),
    ...[...spans].flatMap(([zone, span]) => buildTimeZone(zone, span.from, span.to)),
    ...calendarEvents.flatMap((event) => eventLines(event, options.stampedAt)),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** A safe ASCII file name from the title: `harbour-concert.ics`. */
export function calendarFileName(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${slug || 'event'}.ics`;
}
