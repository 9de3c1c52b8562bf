import { describe, expect, it } from 'vitest';
import {
  currentZoneName,
  formatUtcOffset,
  formerZoneNames,
  instantOfWallTime,
  isTimeZone,
  timeZoneNames,
  wallTimeOf,
  zoneCity,
  zoneOffsetMs,
} from './event-time.ts';

describe('wall-clock times in a named zone', () => {
  it('turns a date and time in a zone into the instant, either side of a DST change', () => {
    expect(instantOfWallTime({ date: '2027-07-01', time: '10:00' }, 'Europe/Berlin')?.toISOString()).toBe(
      '2027-07-01T08:00:00.000Z',
    );
    expect(instantOfWallTime({ date: '2027-12-01', time: '10:00' }, 'Europe/Berlin')?.toISOString()).toBe(
      '2027-12-01T09:00:00.000Z',
    );
    expect(instantOfWallTime({ date: '2027-03-14', time: '19:30' }, 'America/New_York')?.toISOString()).toBe(
      '2027-03-14T23:30:00.000Z',
    );
    expect(instantOfWallTime({ date: '2027-01-01', time: '00:00' }, 'UTC')?.toISOString()).toBe(
      '2027-01-01T00:00:00.000Z',
    );
  });

  it('reads a skipped time with the offset before the change and a repeated one as the first', () => {
    // 02:30 does not exist in Berlin on 28 March 2027; it is read as 03:30 summer time.
    expect(instantOfWallTime({ date: '2027-03-28', time: '02:30' }, 'Europe/Berlin')?.toISOString()).toBe(
      '2027-03-28T01:30:00.000Z',
    );
    // 02:30 happens twice on 31 October 2027: the first, still in summer time.
    expect(instantOfWallTime({ date: '2027-10-31', time: '02:30' }, 'Europe/Berlin')?.toISOString()).toBe(
      '2027-10-31T00:30:00.000Z',
    );
  });

  it('refuses dates that roll over, bad times and unknown zones', () => {
    expect(instantOfWallTime({ date: '2027-02-30', time: '10:00' }, 'UTC')).toBeNull();
    expect(instantOfWallTime({ date: '2027-02-01', time: '24:00' }, 'UTC')).toBeNull();
    expect(instantOfWallTime({ date: '2027-02-01', time: '10:00' }, 'Mars/Olympus')).toBeNull();
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone('Not/AZone')).toBe(false);
  });

  it('reads an instant back on the zone clock, with its offset and city', () => {
    expect(wallTimeOf(new Date('2027-10-31T01:30:00Z'), 'Europe/Berlin')).toEqual({
      date: '2027-10-31',
      time: '02:30',
    });
    expect(zoneOffsetMs(Date.parse('2027-07-01T00:00:00Z'), 'Asia/Kolkata')).toBe(5.5 * 3_600_000);
    expect(zoneCity('America/Argentina/Buenos_Aires')).toBe('Buenos Aires');
  });
});

describe('the list of zones', () => {
  it('names each zone once, by its current IANA name, with UTC first', () => {
    const names = timeZoneNames();
    expect(names[0]).toBe('UTC');
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(
      expect.arrayContaining(['Asia/Kolkata', 'Europe/Kyiv', 'America/Nuuk', 'Europe/Berlin']),
    );
    for (const old of ['Asia/Calcutta', 'Europe/Kiev', 'Asia/Saigon', 'America/Godthab', 'Asia/Katmandu'])
      expect(names).not.toContain(old);
    expect(names.length).toBeGreaterThan(400);
  });

  it('maps an old name to the current one and back, and keeps the old name working', () => {
    expect(currentZoneName('Asia/Calcutta')).toBe('Asia/Kolkata');
    expect(currentZoneName('Europe/Berlin')).toBe('Europe/Berlin');
    expect(formerZoneNames('Asia/Kolkata')).toEqual(['Asia/Calcutta']);
    expect(isTimeZone('Asia/Calcutta')).toBe(true);
    expect(zoneCity('Asia/Calcutta')).toBe('Kolkata');
    expect(zoneOffsetMs(Date.parse('2027-07-01T00:00:00Z'), 'Asia/Calcutta')).toBe(5.5 * 3_600_000);
  });

  it('writes offsets as zone pickers do', () => {
    expect(formatUtcOffset(5.5 * 3_600_000)).toBe('UTC+05:30');
    expect(formatUtcOffset(-3 * 3_600_000)).toBe('UTC-03:00');
    expect(formatUtcOffset(0)).toBe('UTC+00:00');
    expect(formatUtcOffset(5.75 * 3_600_000)).toBe('UTC+05:45');
  });
});
