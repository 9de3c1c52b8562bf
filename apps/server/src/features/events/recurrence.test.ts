import { wallTimeOf } from '@glimpse/shared';
import { describe, expect, it } from 'vitest';
import {
  currentOccurrence,
  lastStart,
  nextOccurrences,
  occurrenceAt,
  occurrenceStarts,
  recurrenceOf,
  repeatOf,
} from './recurrence.ts';

const berlin = 'Europe/Berlin';

describe('repeating events', () => {
  it('keeps a weekly 10:00 in Europe/Berlin at 10:00 local across the October change', () => {
    const times = {
      // Sunday 17 October 2027, 10:00 summer time (08:00 UTC); DST ends on 31 October.
      startsAt: new Date('2027-10-17T08:00:00Z'),
      endsAt: new Date('2027-10-17T10:00:00Z'),
      timeZone: berlin,
      recurrence: recurrenceOf({ frequency: 'weekly', count: 4 }, berlin),
    };
    const starts = occurrenceStarts(times);
    expect(starts.map((start) => start.toISOString())).toEqual([
      '2027-10-17T08:00:00.000Z',
      '2027-10-24T08:00:00.000Z',
      // Winter time: the UTC hour moves, the Berlin clock does not.
      '2027-10-31T09:00:00.000Z',
      '2027-11-07T09:00:00.000Z',
    ]);
    for (const start of starts) expect(wallTimeOf(start, berlin).time).toBe('10:00');
    // Every date lasts as long as the first.
    expect(occurrenceAt(times, 2)).toEqual({
      index: 2,
      startsAt: '2027-10-31T09:00:00.000Z',
      endsAt: '2027-10-31T11:00:00.000Z',
    });
    expect(occurrenceAt(times, 4)).toBeNull();
  });

  it('writes RFC 5545 rules with a count or a UTC UNTIL, and reads them back', () => {
    expect(recurrenceOf(null, berlin)).toBeNull();
    expect(recurrenceOf({ frequency: 'weekly', count: 10 }, berlin)).toBe('FREQ=WEEKLY;COUNT=10');
    // The whole last day counts on the event's clock: 23:59:59 in Berlin is 22:59:59 UTC in winter.
    const until = recurrenceOf({ frequency: 'monthly', until: '2028-01-31' }, berlin);
    expect(until).toBe('FREQ=MONTHLY;UNTIL=20280131T225959Z');
    expect(repeatOf(until, berlin)).toEqual({ frequency: 'monthly', until: '2028-01-31', count: null });
    expect(repeatOf('FREQ=WEEKLY;COUNT=10', berlin)).toEqual({ frequency: 'weekly', until: null, count: 10 });
  });

  it('expands monthly rules up to and including the until day, and finds the next and last dates', () => {
    const times = {
      startsAt: new Date('2027-01-15T18:00:00Z'),
      endsAt: null,
      timeZone: 'UTC',
      recurrence: recurrenceOf({ frequency: 'monthly', until: '2027-06-15' }, 'UTC'),
    };
    expect(occurrenceStarts(times).map((start) => start.toISOString().slice(0, 10))).toEqual([
      '2027-01-15',
      '2027-02-15',
      '2027-03-15',
      '2027-04-15',
      '2027-05-15',
      '2027-06-15',
    ]);
    expect(lastStart(times).toISOString()).toBe('2027-06-15T18:00:00.000Z');
    const now = new Date('2027-03-20T00:00:00Z');
    expect(nextOccurrences(times, now, 2).map((date) => date.index)).toEqual([3, 4]);
    expect(currentOccurrence(times, now).index).toBe(3);
    // Past the last date: the last one is what a view shows.
    expect(currentOccurrence(times, new Date('2028-01-01T00:00:00Z')).index).toBe(5);
    expect(nextOccurrences(times, new Date('2028-01-01T00:00:00Z'), 2)).toEqual([]);
  });

  it('gives a single date one occurrence', () => {
    const times = {
      startsAt: new Date('2027-01-15T18:00:00Z'),
      endsAt: null,
      timeZone: berlin,
      recurrence: null,
    };
    expect(occurrenceStarts(times)).toEqual([times.startsAt]);
    expect(occurrenceAt(times, 0)).toEqual({ index: 0, startsAt: '2027-01-15T18:00:00.000Z', endsAt: null });
    expect(occurrenceAt(times, 1)).toBeNull();
  });
});
