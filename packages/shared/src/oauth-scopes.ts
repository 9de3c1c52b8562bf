/**
 * OAuth scopes as Mastodon defines them (docs.joinmastodon.org/api/oauth-scopes): what an app may
 * ask for, what each client API route needs, and which granted scope covers which. The server
 * checks them (apps/server/src/oauth); the consent screen names them in words. The consent
 * screen's request and answers are here too, for the web app and the server alike.
 */
import { z } from 'zod';
import { limits } from './limits.ts';

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

/** The redirect URI of apps that show the code to copy instead of receiving it (RFC 6749's "out of band"). */
export const oobRedirectUri = 'urn:ietf:wg:oauth:2.0:oob';

/**
 * A scope list as the consent screen names it: one line per top-level scope, `all` when the app
 * asked for the whole of it, otherwise the granular scopes it asked for within it.
 */
export function scopeGroups(
  scopes: readonly string[],
): { group: TopLevelScope; all: boolean; parts: string[] }[] {
  return topLevelScopes.flatMap((group) => {
    const all = scopes.includes(group);
    const parts = all ? [] : scopes.filter((scope) => scope.startsWith(`${group}:`));
    return all || parts.length > 0 ? [{ group, all, parts }] : [];
  });
}

const oauthParam = z.string().max(limits.oauthParamMax);

/**
 * What the consent screen was opened with (`/oauth/authorize?client_id=…`), as the app sent it:
 * the server checks it against the app (oauth/authorization.ts) and answers in words.
 */
export const AuthorizeRequestInput = z.object({
  client_id: oauthParam.default(''),
  redirect_uri: oauthParam.default(''),
  response_type: oauthParam.default(''),
  scope: oauthParam.optional(),
  state: oauthParam.optional(),
  code_challenge: oauthParam.optional(),
  code_challenge_method: oauthParam.optional(),
});
export type AuthorizeRequestInput = z.input<typeof AuthorizeRequestInput>;

/** Authorize or Deny on the consent screen, with the request it answers. */
export const AuthorizeDecisionInput = AuthorizeRequestInput.extend({
  decision: z.enum(['authorize', 'deny']),
});
export type AuthorizeDecisionInput = z.input<typeof AuthorizeDecisionInput>;

/** What the consent screen shows. */
export interface OAuthConsentDto {
  app: { name: string; website: string | null };
  /** The scopes the token will carry (`read` when the app named none). */
  scopes: OAuthScope[];
  /** The code is shown to copy instead of being sent back (`urn:ietf:wg:oauth:2.0:oob`). */
  oob: boolean;
}

/** After Authorize or Deny: where the browser goes next; out of band, the code to copy, or nothing (denied). */
export type OAuthDecisionDto = { redirectTo: string } | { code: string } | { denied: true };

/** One app a member authorized (/settings/apps). */
export interface AuthorizedAppDto {
  appId: string;
  name: string;
  website: string | null;
  /** Every scope its tokens carry. */
  scopes: string[];
  /** When the member first authorized it (its oldest token still alive). */
  authorizedAt: string;
  lastUsedAt: string | null;
}
