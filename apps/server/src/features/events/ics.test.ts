import { describe, expect, it } from 'vitest';
import { buildCalendar, calendarFileName, escapeText, foldLine, formatUtc } from './ics.ts';

const octets = (line: string) => Buffer.byteLength(line, 'utf8');

describe('iCalendar text', () => {
  it('escapes backslashes, semicolons, commas and every kind of newline', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
  });

  it('folds long lines at 75 octets with a leading space, never inside a UTF-8 character', () => {
    const line = `DESCRIPTION:${'é✨a'.repeat(40)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const [i, part] of parts.entries()) {
      expect(octets(part)).toBeLessThanOrEqual(75);
      if (i > 0) expect(part.startsWith(' ')).toBe(true);
      expect(part).not.toContain('\uFFFD');
    }
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    expect(foldLine('SUMMARY:short')).toBe('SUMMARY:short');
    expect(foldLine('x'.repeat(75))).toBe('x'.repeat(75));
    expect(foldLine('x'.repeat(76))).toBe(`${'x'.repeat(75)}\r\n x`);
  });

  it('writes UTC date-times and safe file names', () => {
    expect(formatUtc(new Date('2027-06-01T16:30:05.123Z'))).toBe('20270601T163005Z');
    expect(calendarFileName('Ça va? Jazz, wine & more!')).toBe('ca-va-jazz-wine-more.ics');
    expect(calendarFileName('🎉🎉')).toBe('event.ics');
    expect(calendarFileName('"quoted"\r\nheader')).toBe('quoted-header.ics');
  });

  it('builds one VEVENT inside a VCALENDAR with CRLF endings', () => {
    const ics = buildCalendar(
      [
        {
          uid: 'abc@glimpse.example',
          title: 'Picnic',
          description: 'Bring food',
          url: 'https://example.com',
          startsAt: new Date('2027-01-01T10:00:00Z'),
          endsAt: new Date('2027-01-01T12:00:00Z'),
          timeZone: 'UTC',
          recurrence: null,
          lastEndsAt: new Date('2027-01-01T12:00:00Z'),
          location: '',
          latitude: null,
          longitude: null,
          sequence: 0,
          cancelled: false,
          createdAt: new Date('2026-11-30T00:00:00Z'),
        },
      ],
      { stampedAt: new Date('2026-12-01T00:00:00Z') },
    );
    expect(ics.split('\r\n')).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Glimpse//Glimpse Events//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'BEGIN:VEVENT',
      'UID:abc@glimpse.example',
      'DTSTAMP:20261201T000000Z',
      'CREATED:20261130T000000Z',
      'SEQUENCE:0',
      'DTSTART:20270101T100000Z',
      'DTEND:20270101T120000Z',
      'SUMMARY:Picnic',
      'DESCRIPTION:Bring food',
      'URL:https://example.com',
      'STATUS:CONFIRMED',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ]);
  });
});
