/**
 * One event as an iCalendar file (RFC 5545) for "Add to calendar": CRLF line endings, lines folded
 * at 75 octets without splitting a UTF-8 character, TEXT values escaped, times in UTC.
 */

export interface CalendarEvent {
  uid: string;
  title: string;
  description: string;
  url: string;
  startsAt: Date;
  endsAt: Date;
  /** When this file was made (DTSTAMP). */
  stampedAt: Date;
  createdAt: Date;
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

export function buildCalendar(event: CalendarEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Glimpse//Glimpse Events//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${formatUtc(event.stampedAt)}`,
    `CREATED:${formatUtc(event.createdAt)}`,
    `DTSTART:${formatUtc(event.startsAt)}`,
    `DTEND:${formatUtc(event.endsAt)}`,
    `SUMMARY:${escapeText(event.title)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    // URL is of type URI, not TEXT: it is not escaped (a comma in a link stays a comma).
    `URL:${event.url.replace(/[\r\n]/g, '')}`,
    'END:VEVENT',
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
