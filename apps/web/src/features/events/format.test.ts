import { i18n } from '@lingui/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { isPast, joinedLabel, overflowCount, startsAtFrom } from './format.ts';

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
    expect(joinedLabel(1)).toBe('1 person joined');
    expect(joinedLabel(4)).toBe('4 people joined');
    expect(joinedLabel(1200)).toBe('1,200 people joined');
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
