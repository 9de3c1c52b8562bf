/**
 * OAuth scopes as Mastodon defines them (docs.joinmastodon.org/api/oauth-scopes): what an app may
 * ask for, what each client API route needs, and which granted scope covers which. The server
 * checks them (apps/server/src/oauth); the consent screen names them in words.
 */

/** The top-level scopes: each covers its granular ones (`read` covers every `read:*`). */
export const topLevelScopes = ['read', 'write', 'follow', 'push', 'profile'] as const;

export const granularScopes = [
  'read:accounts',
  'read:blocks',
  'read:bookmarks',
  'read:favourites',
  'read:filters',
  'read:follows',
  'read:lists',
  'read:mutes',
  'read:notifications',
  'read:search',
  'read:statuses',
  'write:accounts',
  'write:blocks',
  'write:bookmarks',
  'write:conversations',
  'write:favourites',
  'write:filters',
  'write:follows',
  'write:lists',
  'write:media',
  'write:mutes',
  'write:notifications',
  'write:reports',
  'write:statuses',
] as const;

export type TopLevelScope = (typeof topLevelScopes)[number];
export type GranularScope = (typeof granularScopes)[number];
export type OAuthScope = TopLevelScope | GranularScope;

export const oauthScopes: readonly OAuthScope[] = [...topLevelScopes, ...granularScopes];

const knownScopes = new Set<string>(oauthScopes);

/** The deprecated `follow` scope still grants what it granted before Mastodon 3.5. */
const coveredByFollow = new Set<string>([
  'read:blocks',
  'write:blocks',
  'read:follows',
  'write:follows',
  'read:mutes',
  'write:mutes',
]);

export const isOAuthScope = (scope: string): scope is OAuthScope => knownScopes.has(scope);

/**
 * Scopes as an app writes them: space-separated (a `+` in a query string already decoded to a
 * space), in any order, repeated or not. No scope at all means `read`, as in Mastodon. Unknown
 * scopes are returned in `unknown`, for the caller to refuse.
 */
export function parseScopes(text: string | null | undefined): { scopes: OAuthScope[]; unknown: string[] } {
  const words = [...new Set((text ?? '').split(/[\s+]+/).filter(Boolean))];
  if (words.length === 0) return { scopes: ['read'], unknown: [] };
  return {
    scopes: words.filter(isOAuthScope),
    unknown: words.filter((word) => !isOAuthScope(word)),
  };
}

/** Whether `granted` includes `needed`: itself, its top-level scope, or `follow` for follows, blocks and mutes. */
export function scopeCovers(granted: readonly string[], needed: OAuthScope): boolean {
  if (granted.includes(needed)) return true;
  const [top] = needed.split(':');
  if (top !== undefined && top !== needed && granted.includes(top)) return true;
  return coveredByFollow.has(needed) && granted.includes('follow');
}

/** Whether every scope of `asked` is within `allowed` (a token never carries more than its app registered). */
export const scopesWithin = (asked: readonly OAuthScope[], allowed: readonly string[]) =>
  asked.every((scope) => scopeCovers(allowed, scope));
