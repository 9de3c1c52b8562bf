import { describe, expect, it } from 'vitest';
import { formatCount, formatRelativeTime, pluralize } from './format.ts';

describe('format', () => {
  it('uses English thousands separators', () => {
    expect(formatCount(1234)).toBe('1,234');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(12)).toBe('12');
  });

  it('uses the singular for exactly one', () => {
    expect(pluralize(1, 'comment')).toBe('1 comment');
    expect(pluralize(0, 'comment')).toBe('0 comments');
    expect(pluralize(2, 'comment')).toBe('2 comments');
    expect(pluralize(1500, 'like')).toBe('1,500 likes');
  });

  it('says how long ago something happened', () => {
    const now = new Date('2026-01-10T12:00:00Z');
    expect(formatRelativeTime('2026-01-10T11:59:30Z', now)).toBe('just now');
    expect(formatRelativeTime('2026-01-10T11:55:00Z', now)).toMatch(/5 minutes ago/);
  });
});
