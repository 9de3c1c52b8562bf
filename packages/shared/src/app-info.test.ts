import { describe, expect, it } from 'vitest';
import { appName, appVersion } from './app-info.ts';

describe('app version', () => {
  // The value comes from the root package.json; this pins the number SPEC.md §9 shows.
  it('is 1.0.0, read from the root package.json', () => {
    expect(appName).toBe('Glimpse');
    expect(appVersion).toBe('1.0.0');
  });
});
