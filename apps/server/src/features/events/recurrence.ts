/**
 * The dates of an event. A repeating event keeps an RFC 5545 RRULE (`FREQ=WEEKLY;COUNT=10`, UNTIL
 * in UTC as the RFC asks when DTSTART has a TZID), expanded by the `rrule` package on the zone's
 * wall clock: the first start's date and time in the event's zone become a "floating" time, rrule
 * steps through weeks or months of floating times, and each is turned back into an instant in
 * that zone. So a weekly 10:00 in Europe/Berlin stays 10:00 in Berlin across a DST change (its UTC
 * hour moves), as calendar programs expect.
 */
import { createRequire } from 'node:module';
import {
  type EventOccurrenceDto,
  type EventRepeatDto,
  type EventRepeatInput,
  instantOfWallTime,
  limits,
  wallTimeOf,
  zoneOffsetMs,
} from '@glimpse/shared';
import type * as RRuleModule from 'rrule';

// rrule ships CommonJS for Node (its ESM build is for bundlers); its types are the ESM build's.
const { RRule } = createRequire(import.meta.url)('rrule') as typeof RRuleModule;

export interface EventTimes {
  startsAt: Date;
  endsAt: Date | null;
  timeZone: string;
  recurrence: string | null;
}

/** The instant's reading on the zone's clock, as if that clock were UTC (seconds kept). */
const floating = (instant: Date, zone: string): Date =>
  new Date(instant.getTime() + zoneOffsetMs(instant.getTime(), zone));

/** Back from the zone's clock to the instant; seconds and milliseconds ride along unchanged. */
const fromFloating = (moment: Date, zone: string): Date => {
  const iso = moment.toISOString();
  const minute = instantOfWallTime({ date: iso.slice(0, 10), time: iso.slice(11, 16) }, zone)!;
  return new Date(minute.getTime() + (moment.getTime() % 60_000));
};

/** `20270630T215959Z` */
const utcStamp = (date: Date) =>
  date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');

/** The RRULE value for the form's Repeats (null for Never). */
export function recurrenceOf(repeat: EventRepeatInput | null, timeZone: string): string | null {
  if (!repeat) return null;
  const frequency = `FREQ=${repeat.frequency === 'weekly' ? 'WEEKLY' : 'MONTHLY'}`;
  if (repeat.count != null) return `${frequency};COUNT=${repeat.count}`;
  // The whole last day counts, on the event's clock.
  const until = instantOfWallTime({ date: repeat.until!, time: '23:59' }, timeZone)!;
  return `${frequency};UNTIL=${utcStamp(new Date(until.getTime() + 59_000))}`;
}

/** The form's Repeats back from the stored rule (edit, the DTO). */
export function repeatOf(recurrence: string | null, timeZone: string): EventRepeatDto | null {
  if (!recurrence) return null;
  const options = RRule.parseString(recurrence);
  return {
    frequency: options.freq === RRule.MONTHLY ? 'monthly' : 'weekly',
    until: options.until ? wallTimeOf(options.until, timeZone).date : null,
    count: options.count ?? null,
  };
}

function ruleFor(times: EventTimes): RRuleModule.RRule {
  const options = RRule.parseString(times.recurrence!);
  return new RRule({
    freq: options.freq,
    count: options.count ?? null,
    until: options.until ? floating(options.until, times.timeZone) : null,
    dtstart: floating(times.startsAt, times.timeZone),
  });
}

// An edit changes the rule's text or its first start, so expansions are kept by both.
const expansions = new Map<string, Date[]>();
const expansionsKept = 2000;

/** Every start of the event, in order (one for a single date; a rule is bounded by the schema). */
export function occurrenceStarts(times: EventTimes): Date[] {
  if (!times.recurrence) return [times.startsAt];
  const key = `${times.startsAt.getTime()}|${times.timeZone}|${times.recurrence}`;
  const kept = expansions.get(key);
  if (kept) return kept;
  const starts = ruleFor(times)
    .all((_, index) => index < limits.eventRepeatCountMax * 2)
    .map((moment) => fromFloating(moment, times.timeZone));
  if (expansions.size >= expansionsKept) expansions.delete(expansions.keys().next().value!);
  expansions.set(key, starts);
  return starts;
}

export function lastStart(times: EventTimes): Date {
  return occurrenceStarts(times).at(-1)!;
}

function toOccurrence(times: EventTimes, index: number, startsAt: Date): EventOccurrenceDto {
  const duration = times.endsAt ? times.endsAt.getTime() - times.startsAt.getTime() : null;
  return {
    index,
    startsAt: startsAt.toISOString(),
    endsAt: duration === null ? null : new Date(startsAt.getTime() + duration).toISOString(),
  };
}

/** The date with this index, or null when the event has none. */
export function occurrenceAt(times: EventTimes, index: number): EventOccurrenceDto | null {
  const start = occurrenceStarts(times)[index];
  return start ? toOccurrence(times, index, start) : null;
}

/** The dates that have not started yet, soonest first. */
export function nextOccurrences(times: EventTimes, now: Date, limit: number): EventOccurrenceDto[] {
  const starts = occurrenceStarts(times);
  const next: EventOccurrenceDto[] = [];
  for (let index = 0; index < starts.length && next.length < limit; index++) {
    if (starts[index]!.getTime() >= now.getTime()) next.push(toOccurrence(times, index, starts[index]!));
  }
  return next;
}

/** The date a view shows by default: the next one, else the last. */
export function currentOccurrence(times: EventTimes, now: Date): EventOccurrenceDto {
  const starts = occurrenceStarts(times);
  const index = starts.findIndex((start) => start.getTime() >= now.getTime());
  const chosen = index === -1 ? starts.length - 1 : index;
  return toOccurrence(times, chosen, starts[chosen]!);
}
