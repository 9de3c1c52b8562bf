/** Display formatting shared by every screen. Dates are stored once (ISO) and shown in the viewer's locale. */

const countFormat = new Intl.NumberFormat('en-US');

/** English thousands separators, as SPEC.md §9 asks: 1,234. */
export const formatCount = (value: number) => countFormat.format(value);

/** "1 comment", "2 comments", "0 comments": singular for exactly one. */
export const pluralize = (count: number, singular: string, plural = `${singular}s`) =>
  `${formatCount(count)} ${count === 1 ? singular : plural}`;

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
const steps: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "5 minutes ago", "yesterday"; "just now" under a minute. */
export function formatRelativeTime(iso: string, now: Date = new Date()): string {
  const seconds = Math.round((new Date(iso).getTime() - now.getTime()) / 1000);
  for (const [unit, size] of steps) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return 'just now';
}

export const formatDateTime = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

export const fullName = (profile: { firstName: string; lastName: string } | null | undefined) =>
  profile ? `${profile.firstName} ${profile.lastName}`.trim() : '';
