/**
 * Wall-clock times in a named IANA zone and the instants they are: an event is stored
 * as one instant plus its zone's name, entered as a date and a time in that zone, and shown in the
 * viewer's zone with the event's named when they differ. Only Intl, so browser and server agree and
 * neither ships a zone database of its own.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** Whether the name is a zone this runtime knows ("Europe/Berlin", "UTC"). */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    partsFormatter(zone);
    return true;
  } catch {
    return false;
  }
}

export interface WallTime {
  /** `2027-03-14` */
  date: string;
  /** `19:30` */
  time: string;
}

/** The fields of an instant on the zone's clock, as if that clock were UTC (ms). */
function wallClockMs(instant: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const part of partsFormatter(zone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/** How far the zone's clock is ahead of UTC at an instant, in ms (Berlin in July: 7,200,000). */
export function zoneOffsetMs(instant: number, zone: string): number {
  return wallClockMs(Math.floor(instant / 1000) * 1000, zone) - Math.floor(instant / 1000) * 1000;
}

/** The instant's date and time on the zone's clock. */
export function wallTimeOf(instant: Date, zone: string): WallTime {
  const iso = new Date(wallClockMs(instant.getTime(), zone)).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/**
 * The instant at which the zone's clock shows this date and time. A time skipped by a DST change
 * (02:30 on the spring Sunday in Berlin) is read with the offset before the change, as calendar
 * programs do; a time that happens twice is the first. null when the fields are no real date.
 */
export function instantOfWallTime({ date, time }: WallTime, zone: string): Date | null {
  const dateMatch = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const timeMatch = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(time);
  if (!dateMatch || !timeMatch || !isTimeZone(zone)) return null;
  const [year, month, day] = dateMatch.slice(1).map(Number) as [number, number, number];
  const [hour, minute] = timeMatch.slice(1, 3).map(Number) as [number, number];
  if (hour > 23 || minute > 59) return null;
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(asUtc);
  // Date.UTC rolls "2027-02-30" over to March; a rolled date is not what the person chose.
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day)
    return null;
  // Two guesses settle it: the offset a few hours before, then the offset at the first guess.
  const before = asUtc - zoneOffsetMs(asUtc - 12 * 3600_000, zone);
  const candidate = asUtc - zoneOffsetMs(before, zone);
  const earlier = Math.min(before, candidate);
  return new Date(wallClockMs(earlier, zone) === asUtc ? earlier : Math.max(before, candidate));
}

/**
 * Zones the IANA database renamed (its `backward` file marks each "renamed"), which ICU, and so
 * V8, Chromium and Node, still list and resolve under the old name: `Intl.supportedValuesOf`
 * says Asia/Calcutta where people look for Asia/Kolkata. Both names keep working everywhere.
 */
const renamedZones: Readonly<Record<string, string>> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Coral_Harbour': 'America/Atikokan',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

/** The zone's current IANA name ("Asia/Kolkata" for "Asia/Calcutta"); other names as they are. */
export function currentZoneName(zone: string): string {
  const renamed = renamedZones[zone];
  return renamed && isTimeZone(renamed) ? renamed : zone;
}

/** The former names of a zone ("Asia/Calcutta" for "Asia/Kolkata"), so a search finds it by either. */
export function formerZoneNames(zone: string): string[] {
  return Object.keys(renamedZones).filter((old) => renamedZones[old] === zone);
}

/** "Berlin" for "Europe/Berlin", "Buenos Aires" for "America/Argentina/Buenos_Aires", "Kolkata" for "Asia/Calcutta". */
export function zoneCity(zone: string): string {
  const name = currentZoneName(zone);
  return (name.split('/').pop() ?? name).replace(/_/g, ' ');
}

/** "UTC+05:30", "UTC-03:00", "UTC+00:00": an offset from zoneOffsetMs, as zone pickers write it. */
export function formatUtcOffset(offsetMs: number): string {
  const minutes = Math.round(Math.abs(offsetMs) / 60_000);
  const hours = String(Math.floor(minutes / 60)).padStart(2, '0');
  return `UTC${offsetMs < 0 ? '-' : '+'}${hours}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * Every zone the runtime lists, under its current name and once each, with UTC first (a runtime
 * without the list offers UTC alone).
 */
export function timeZoneNames(): string[] {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  const zones = supported ? supported('timeZone').map(currentZoneName) : [];
  return ['UTC', ...new Set(zones.filter((zone) => zone !== 'UTC'))];
}
