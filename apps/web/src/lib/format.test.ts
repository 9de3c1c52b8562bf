import { i18n } from '@lingui/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatCount, formatFileSize, formatRelativeTime } from './format.ts';

describe('format', () => {
  // The English texts of the code itself: the macros keep them outside production builds.
  beforeEach(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

  it('uses the thousands separators of the active language (English before any other is chosen)', () => {
    expect(formatCount(1234)).toBe('1,234');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(12)).toBe('12');
  });

  it('says how long ago something happened', () => {
    const now = new Date('2026-01-10T12:00:00Z');
    expect(formatRelativeTime('2026-01-10T11:59:30Z', now)).toBe('just now');
    expect(formatRelativeTime('2026-01-10T11:55:00Z', now)).toMatch(/5 minutes ago/);
  });

  it('follows the active language', () => {
    i18n.loadAndActivate({ locale: 'de', messages: {} });
    expect(formatCount(1234567)).toBe('1.234.567');
    expect(formatRelativeTime('2026-01-10T11:55:00Z', new Date('2026-01-10T12:00:00Z'))).toBe(
      'vor 5 Minuten',
    );
    i18n.loadAndActivate({ locale: 'ar', messages: {} });
    expect(formatRelativeTime('2026-01-09T12:00:00Z', new Date('2026-01-10T12:00:00Z'))).toBe('أمس');
  });

  it('writes file sizes with a unit that fits: never "0 MB" for a small archive', () => {
    expect(formatFileSize(48_213)).toBe('48.2 kB');
    expect(formatFileSize(120)).toBe('1 kB');
    expect(formatFileSize(1_234_567)).toBe('1.2 MB');
    expect(formatFileSize(3_400_000_000)).toBe('3.4 GB');
    i18n.loadAndActivate({ locale: 'de', messages: {} });
    expect(formatFileSize(1_234_567)).toBe('1,2 MB');
  });
});
