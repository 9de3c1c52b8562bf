import { describe, expect, it } from 'vitest';
import { parseScopes, scopeCovers, scopeGroups, scopesWithin } from './oauth-scopes.ts';

describe('OAuth scopes', () => {
  it('reads scopes separated by spaces or pluses, read when none, and names the unknown ones', () => {
    expect(parseScopes('read write+follow  push')).toEqual({
      scopes: ['read', 'write', 'follow', 'push'],
      unknown: [],
    });
    expect(parseScopes(undefined)).toEqual({ scopes: ['read'], unknown: [] });
    expect(parseScopes('  ')).toEqual({ scopes: ['read'], unknown: [] });
    expect(parseScopes('read admin:read')).toEqual({ scopes: ['read'], unknown: ['admin:read'] });
  });

  it('lets read cover read:statuses, write cover write:media, follow the follows, and nothing else', () => {
    expect(scopeCovers(['read'], 'read:statuses')).toBe(true);
    expect(scopeCovers(['write'], 'write:media')).toBe(true);
    expect(scopeCovers(['follow'], 'write:blocks')).toBe(true);
    expect(scopeCovers(['read'], 'write:statuses')).toBe(false);
    expect(scopeCovers(['read:statuses'], 'read')).toBe(false);
    expect(scopesWithin(['read:statuses', 'write:media'], ['read', 'write'])).toBe(true);
    expect(scopesWithin(['read', 'write'], ['read'])).toBe(false);
  });

  it('groups scopes for the consent screen: a whole group, or the granular ones asked within it', () => {
    expect(scopeGroups(['read', 'write:statuses', 'write:media', 'push'])).toEqual([
      { group: 'read', all: true, parts: [] },
      { group: 'write', all: false, parts: ['write:statuses', 'write:media'] },
      { group: 'push', all: true, parts: [] },
    ]);
  });
});
