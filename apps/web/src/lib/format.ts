/**
 * Display formatting shared by every screen, in the active language (lib/i18n.ts): numbers with the
 * locale's separators, dates and relative times through Intl. Dates are stored once (ISO).
 */
import { t } from '@lingui/core/macro';
import { currentLanguage } from './i18n.ts';

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();
function cached<F extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  kind: string,
  options: object,
  make: (locale: string) => F,
): F {
  const locale = currentLanguage();
  const key = `${kind}|${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key) as F | undefined;
  if (!format) {
    format = make(locale);
    cache.set(key, format);
  }
  return format;
}

/** A date format in the active language, made once per language and options. */
export const dateTimeFormat = (options: Intl.DateTimeFormatOptions) =>
  cached('date', options, (locale) => new Intl.DateTimeFormat(locale, options));

/** Thousands separators of the active language: 1,234 in English, 1.234 in German. */
export const formatCount = (value: number) =>
  cached('number', {}, (locale) => new Intl.NumberFormat(locale)).format(value);

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
  const relative = cached(
    'relative',
    {},
    (locale) => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }),
  ) as Intl.RelativeTimeFormat;
  const seconds = Math.round((new Date(iso).getTime() - now.getTime()) / 1000);
  for (const [unit, size] of steps) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return t`just now`;
}

/** "840 kB", "1.2 MB", "3.4 GB": a file's size in the active language's digits and unit words. */
export function formatFileSize(bytes: number): string {
  const [unit, size] =
    bytes >= 1e9
      ? (['gigabyte', bytes / 1e9] as const)
      : bytes >= 1e6
        ? (['megabyte', bytes / 1e6] as const)
        : (['kilobyte', Math.max(bytes / 1e3, 1)] as const);
  const options = { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 } as const;
  return cached('size', options, (locale) => new Intl.NumberFormat(locale, options)).format(size);
}

export const formatDateTime = (iso: string) =>
  dateTimeFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

export const fullName = (profile: { firstName: string; lastName: string } | null | undefined) =>
  profile ? `${profile.firstName} ${profile.lastName}`.trim() : '';
