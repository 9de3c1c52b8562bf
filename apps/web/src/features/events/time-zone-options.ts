/**
 * The choices of /addevent's Time zone box: every zone under its current name with its UTC offset
 * now ("(UTC+05:30) Asia/Kolkata"), west to east, and the search that finds one by any part of
 * its name, a city written with spaces, a former name (Calcutta) or its offset ("+5:30").
 */
import { formatUtcOffset, formerZoneNames, timeZoneNames, zoneOffsetMs } from '@glimpse/shared';

export interface ZoneOption {
  /** The IANA name the event keeps: "Asia/Kolkata". */
  value: string;
  /** What the list shows: "(UTC+05:30) Asia/Kolkata". */
  label: string;
  offsetMs: number;
  /** Lower-case words a search looks through. */
  words: string;
}

/** "Asia/Ho_Chi_Minh" → "asia ho chi minh": what someone types for it. */
const spaced = (text: string) => text.toLowerCase().replace(/[_/]+/g, ' ');

function optionOf(zone: string, now: number): ZoneOption {
  const offsetMs = zoneOffsetMs(now, zone);
  const offset = formatUtcOffset(offsetMs);
  // "+05:30" is also found as "+5:30", as people often write it.
  const shortOffset = offset.replace(/([+-])0(\d)/, '$1$2');
  return {
    value: zone,
    label: `(${offset}) ${zone}`,
    offsetMs,
    words: [zone.toLowerCase(), spaced(zone), offset.toLowerCase(), shortOffset.toLowerCase()]
      .concat(formerZoneNames(zone).flatMap((old) => [old.toLowerCase(), spaced(old)]))
      .join(' '),
  };
}

/**
 * Every zone, west to east by its offset now and by name within one offset. A zone the runtime
 * does not list (one kept by an event) is offered too, so the box can show what is stored.
 */
export function timeZoneOptions(now: number = Date.now(), keep?: string): ZoneOption[] {
  const names = timeZoneNames();
  if (keep && !names.includes(keep)) names.push(keep);
  return names
    .map((zone) => optionOf(zone, now))
    .sort((a, b) => a.offsetMs - b.offsetMs || a.value.localeCompare(b.value));
}

/** Whether every word typed is in the zone's words: "new york", "kolk", "calcutta", "+5:30", "utc-3". */
export function zoneMatches(option: ZoneOption, query: string): boolean {
  const typed = spaced(query.replace(/\u2212/g, '-'))
    .split(/\s+/)
    .filter(Boolean);
  return typed.every((word) => option.words.includes(word));
}
