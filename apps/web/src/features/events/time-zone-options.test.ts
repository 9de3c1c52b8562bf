import { describe, expect, it } from 'vitest';
import { timeZoneOptions, zoneMatches } from './time-zone-options.ts';

const july = Date.parse('2027-07-01T12:00:00Z');
const january = Date.parse('2027-01-15T12:00:00Z');
const found = (query: string, now = july) =>
  timeZoneOptions(now)
    .filter((option) => zoneMatches(option, query))
    .map((option) => option.label);

describe('the Time zone choices', () => {
  it('lists every zone once under its current name with its offset now, west to east', () => {
    const options = timeZoneOptions(july);
    const labels = options.map((option) => option.label);
    expect(labels).toContain('(UTC+05:30) Asia/Kolkata');
    expect(labels).toContain('(UTC+03:00) Europe/Kyiv');
    expect(labels).toContain('(UTC+00:00) UTC');
    expect(labels.filter((label) => /Calcutta|Kiev|Saigon|Katmandu|Godthab/.test(label))).toEqual([]);
    expect(new Set(options.map((option) => option.value)).size).toBe(options.length);
    const offsets = options.map((option) => option.offsetMs);
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
  });

  it('gives the offset of the day it is: Berlin in summer and in winter', () => {
    expect(found('europe/berlin', july)).toEqual(['(UTC+02:00) Europe/Berlin']);
    expect(found('europe/berlin', january)).toEqual(['(UTC+01:00) Europe/Berlin']);
    expect(found('new york', january)).toEqual(['(UTC-05:00) America/New_York']);
  });

  it('finds a zone by part of its name, its city with spaces, a former name or its offset', () => {
    expect(found('kolk')).toEqual(['(UTC+05:30) Asia/Kolkata']);
    expect(found('Calcutta')).toEqual(['(UTC+05:30) Asia/Kolkata']);
    expect(found('ho chi')).toEqual(['(UTC+07:00) Asia/Ho_Chi_Minh']);
    expect(found('+5:45')).toEqual(['(UTC+05:45) Asia/Kathmandu']);
    expect(found('UTC+05:30')).toEqual(expect.arrayContaining(['(UTC+05:30) Asia/Kolkata']));
    expect(found('nowhere at all')).toEqual([]);
  });

  it('keeps a stored zone the runtime does not list, so the form can show it', () => {
    expect(timeZoneOptions(july, 'Etc/GMT-14').map((option) => option.value)).toContain('Etc/GMT-14');
  });
});
