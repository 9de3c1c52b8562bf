import { describe, expect, it } from 'vitest';
import { describeBrowser } from './user-agent.ts';

describe('describeBrowser', () => {
  it.each([
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome on Linux',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      'Safari on iOS',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge on Windows',
    ],
    ['Mozilla/5.0 (Linux; Android 14) Gecko/133.0 Firefox/133.0', 'Firefox on Android'],
    ['curl/8.0', null],
    [null, null],
  ])('%s → %s', (userAgent, expected) => {
    expect(describeBrowser(userAgent)).toBe(expected);
  });
});
