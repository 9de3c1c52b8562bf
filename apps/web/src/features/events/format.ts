/**
 * How events read: start times in the viewer's locale and time zone (Intl), the avatar stack's
 * label, and the one instant built from the native date and time pickers.
 */
import { type EventDto, limits, zoneCity } from '@glimpse/shared';
import { plural, t } from '@lingui/core/macro';
import { dateTimeFormat } from '@/lib/format.ts';
import { placeSearchMapUrl, pointMapUrl } from '@/lib/map-link.ts';

const full = () => dateTimeFormat({ dateStyle: 'full', timeStyle: 'short' });
const month = () => dateTimeFormat({ month: 'short' });
const dayOfMonth = () => dateTimeFormat({ day: 'numeric' });
const dateAndTime = () =>
  dateTimeFormat({
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

/** "Saturday, March 14, 2027 at 7:30 PM" (in the viewer's own words). */
export const formatEventStart = (iso: string) => full().format(new Date(iso));

/** "Sat, Mar 14, 2027, 7:30 PM": lists and the panel. */
export const formatEventStartShort = (iso: string) => dateAndTime().format(new Date(iso));

const sameYear = () =>
  dateTimeFormat({
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

/** "Mon, Nov 23, 7:00 AM", with the year only when it is not this one: the panel's tight column. */
export function formatEventStartCompact(iso: string, now: Date = new Date()) {
  const date = new Date(iso);
  return date.getFullYear() === now.getFullYear() ? sameYear().format(date) : dateAndTime().format(date);
}

/** The calendar-leaf badge: "MAR" over "14". */
export function calendarLeaf(iso: string) {
  const date = new Date(iso);
  return { month: month().format(date), day: dayOfMonth().format(date) };
}

export const isPast = (iso: string, now: number = Date.now()) => Date.parse(iso) < now;

/** "3 going": the Going list's avatar stack, and the summary's first part. */
export const goingLabel = (count: number) => plural(count, { one: '# going', other: '# going' });

/** "3 interested": the Interested list's avatar stack, and a part of the summary. */
export const interestedLabel = (count: number) =>
  plural(count, { one: '# interested', other: '# interested' });

const waitlistLabel = (count: number) =>
  plural(count, { one: '# on the waitlist', other: '# on the waitlist' });

const placesLeftLabel = (count: number) => plural(count, { one: '# place left', other: '# places left' });

/**
 * Who joined the date shown, in the same words on a card and on the detail page: "2 going · 3
 * interested", "1 going · Full · 1 on the waitlist", "10 places left". Each part only when it
 * says something (places only while one can still go); null when there is nothing to say, which
 * the detail page words as "No one has joined yet."
 */
export function attendanceSummary(
  event: Pick<EventDto, 'interestedCount' | 'cancelled' | 'attendance' | 'occurrence'>,
  now: number = Date.now(),
): string | null {
  const { goingCount, waitlistCount, placesLeft } = event.attendance;
  const canGo = !event.cancelled && !isPast(event.occurrence.startsAt, now);
  const parts = [
    goingCount > 0 ? goingLabel(goingCount) : '',
    canGo && placesLeft !== null
      ? placesLeft === 0
        ? t({ message: 'Full', comment: 'An event with no places left' })
        : placesLeftLabel(placesLeft)
      : '',
    waitlistCount > 0 ? waitlistLabel(waitlistCount) : '',
    event.interestedCount > 0 ? interestedLabel(event.interestedCount) : '',
  ];
  const said = parts.filter(Boolean);
  return said.length > 0 ? said.join(' · ') : null;
}

/** Whether anyone joined the date shown at all: going, waiting or interested. */
export const anyoneJoined = (event: Pick<EventDto, 'interestedCount' | 'attendance'>) =>
  event.interestedCount + event.attendance.goingCount + event.attendance.waitlistCount > 0;

/** How many joined beyond the avatars shown: the "+N". */
export const overflowCount = (interestedCount: number, shown: number = limits.avatarStackSize) =>
  Math.max(0, interestedCount - shown);

/**
 * The date ("2027-03-14") and time ("19:30") of the native pickers, read in the browser's time
 * zone, as one ISO 8601 instant. null when they do not form a real moment.
 */
export function startsAtFrom(date: string, time: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}(:\d{2})?$/.test(time)) return null;
  const start = new Date(`${date}T${time}`);
  if (Number.isNaN(start.getTime())) return null;
  // new Date() rolls "2027-02-30" over to March; a rolled date is not what the person chose.
  const [year, monthNumber, day] = date.split('-').map(Number);
  if (start.getFullYear() !== year || start.getMonth() + 1 !== monthNumber || start.getDate() !== day)
    return null;
  return start.toISOString();
}

/** The viewer's time zone, for the hint under the Time field. */
export const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** "7:30 PM" on a zone's clock, in the viewer's own words. */
export const formatTimeIn = (iso: string, zone: string) =>
  dateTimeFormat({ hour: 'numeric', minute: '2-digit', timeZone: zone }).format(new Date(iso));

/**
 * The event's own clock beside the viewer's when they differ at that moment: "19:30 in Berlin ·
 * 13:30 your time"; null when both clocks read the same.
 */
export function zoneNote(
  iso: string,
  eventZone: string,
  viewerZone: string = localTimeZone(),
): string | null {
  const there = formatTimeIn(iso, eventZone);
  const here = formatTimeIn(iso, viewerZone);
  if (eventZone === viewerZone || there === here) return null;
  const city = zoneCity(eventZone);
  return t`${there} in ${city} · ${here} your time`;
}

/** The end after the start: only the time when it is the same day for the viewer. */
export function formatEnd(startIso: string, endIso: string) {
  const start = new Date(startIso);
  const end = new Date(endIso);
  return start.toDateString() === end.toDateString()
    ? formatTimeIn(endIso, localTimeZone())
    : full().format(end);
}

/** A map of the place: by coordinates when given, else a search for the address (OpenStreetMap). */
export function mapLink(event: Pick<EventDto, 'place' | 'latitude' | 'longitude'>): string | null {
  if (event.latitude !== null && event.longitude !== null)
    return pointMapUrl(event.latitude, event.longitude);
  if (!event.place.trim()) return null;
  return placeSearchMapUrl(event.place);
}

/** "Repeats weekly" / "Repeats monthly": one whole sentence each, so every language words its own. */
export const repeatsLabel = (frequency: 'weekly' | 'monthly') =>
  frequency === 'weekly' ? t`Repeats weekly` : t`Repeats monthly`;
