import type { EventDto } from '@glimpse/shared';
import { i18n } from '@lingui/core';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  anyoneJoined,
  attendanceSummary,
  goingLabel,
  interestedLabel,
  isPast,
  overflowCount,
  startsAtFrom,
} from './format.ts';

// The code's English texts (kept by the macros outside production builds).
beforeEach(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

describe('event start from the pickers', () => {
  it('reads the date and time in the browser’s zone as one instant', () => {
    expect(startsAtFrom('2027-03-14', '19:30')).toBe(new Date(2027, 2, 14, 19, 30).toISOString());
    expect(startsAtFrom('2027-03-14', '07:05:00')).toBe(new Date(2027, 2, 14, 7, 5).toISOString());
  });

  it('refuses missing, malformed and impossible values', () => {
    expect(startsAtFrom('', '19:30')).toBeNull();
    expect(startsAtFrom('2027-03-14', '')).toBeNull();
    expect(startsAtFrom('14/03/2027', '19:30')).toBeNull();
    expect(startsAtFrom('2027-02-30', '10:00')).toBeNull();
    expect(startsAtFrom('2027-13-01', '10:00')).toBeNull();
    expect(startsAtFrom('2027-03-14', '25:00')).toBeNull();
  });
});

describe('avatar stack', () => {
  it('labels the count in words and shows the rest as +N', () => {
    expect(goingLabel(1)).toBe('1 going');
    expect(interestedLabel(4)).toBe('4 interested');
    expect(interestedLabel(1200)).toBe('1,200 interested');
    expect(overflowCount(2)).toBe(0);
    expect(overflowCount(3)).toBe(0);
    expect(overflowCount(4)).toBe(1);
    expect(overflowCount(12)).toBe(9);
  });

  it('marks events that already started as past', () => {
    const now = Date.parse('2027-01-01T12:00:00Z');
    expect(isPast('2027-01-01T11:59:00Z', now)).toBe(true);
    expect(isPast('2027-01-01T12:01:00Z', now)).toBe(false);
  });
});

describe('who joined, in one set of words', () => {
  const now = Date.parse('2027-01-01T12:00:00Z');
  const event = (
    counts: { going?: number; waiting?: number; interested?: number; placesLeft?: number | null },
    more: { cancelled?: boolean; startsAt?: string } = {},
  ) =>
    ({
      interestedCount: counts.interested ?? 0,
      cancelled: more.cancelled ?? false,
      occurrence: { index: 0, startsAt: more.startsAt ?? '2027-02-01T18:00:00Z', endsAt: null },
      attendance: {
        goingCount: counts.going ?? 0,
        waitlistCount: counts.waiting ?? 0,
        placesLeft: counts.placesLeft ?? null,
      },
    }) as Pick<EventDto, 'interestedCount' | 'cancelled' | 'attendance' | 'occurrence'>;
  const summary = (...args: Parameters<typeof event>) => attendanceSummary(event(...args), now);

  it('counts Going beside Interested, never a zero beside someone who joined', () => {
    expect(summary({ going: 1 })).toBe('1 going');
    expect(summary({ going: 2, interested: 3 })).toBe('2 going · 3 interested');
    expect(summary({ interested: 1 })).toBe('1 interested');
    expect(summary({})).toBeNull();
    expect(anyoneJoined(event({}))).toBe(false);
    expect(anyoneJoined(event({ going: 1 }))).toBe(true);
    expect(anyoneJoined(event({ waiting: 1 }))).toBe(true);
  });

  it('says how many places are left while one can still go, and the waitlist', () => {
    expect(summary({ placesLeft: 10 })).toBe('10 places left');
    expect(summary({ going: 9, placesLeft: 1 })).toBe('9 going · 1 place left');
    expect(summary({ going: 1, placesLeft: 0, waiting: 1 })).toBe('1 going · Full · 1 on the waitlist');
    expect(summary({ going: 1, placesLeft: 0 }, { cancelled: true })).toBe('1 going');
    expect(summary({ placesLeft: 5 }, { startsAt: '2026-12-01T18:00:00Z' })).toBeNull();
  });
});
