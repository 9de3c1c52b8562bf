/**
 * What every client API route shares: the bearer token check, the scope each route needs, the
 * request env, and errors in Mastodon's shape (`{"error": "…"}`, with the exact wording clients
 * match on). Only a bearer token is read here, never the session cookie, so no request can be
 * forged from another site: the web app's Origin check does not apply (browser apps such as Elk
 * call from their own origin, native apps send none).
 */
import type { OAuthScope } from '@glimpse/shared';
import { scopeCovers } from '@glimpse/shared';
import type { Context, ErrorHandler, MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '../../core/http.ts';
import { serviceContext } from '../../core/http.ts';
import type { MemberContext } from '../../core/service.ts';
import { isDatabaseUnavailable, isDataException } from '../../db/errors.ts';
import { AppError } from '../../lib/errors.ts';
import type { TokenCaller, TokenCheck } from '../../oauth/tokens.ts';
import type { FeedDeps } from '../feed/cache.ts';

/**
 * Mastodon's own words for the errors clients look for (Mastodon's controllers and Doorkeeper):
 * protocol strings, like the paths, so they are not translated.
 */
export const mastodonErrors = {
  notFound: 'Record not found',
  invalidToken: 'The access token is invalid',
  outsideScopes: 'This action is outside the authorized scopes',
  userRequired: 'This method requires an authenticated user',
  rateLimited: 'Too many requests',
  internal: 'Internal server error',
  unavailable: 'Service unavailable',
} as const;

export interface MastodonVariables extends Omit<AppEnv['Variables'], 'deps'> {
  deps: FeedDeps;
  /** The token's app and member, or null without a token (routes anyone may read). */
  caller: TokenCaller | null;
}

export type MastodonEnv = { Variables: MastodonVariables };

/** What handlers after `needs` read: the member through their token, and the service context. */
export type MemberEnv = {
  Variables: MastodonVariables & {
    caller: TokenCaller & { member: NonNullable<TokenCaller['member']> };
    ctx: MemberContext;
  };
};

export type MastodonContext = Context<MastodonEnv>;

/** `Authorization: Bearer <token>`; the streaming API alone also takes it from the query or the WebSocket subprotocol. */
export const bearerTokenOf = (header: string | undefined): string | null => {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1] ?? null;
};

/**
 * Reads the bearer token, if any, into `caller`. A token that names nobody (unknown, revoked, its
 * account suspended) is a 401 at once, even on a route anyone may read, as Mastodon answers.
 */
export const bearer =
  (checkToken: TokenCheck): MiddlewareHandler<MastodonEnv> =>
  async (c, next) => {
    const token = bearerTokenOf(c.req.header('authorization'));
    const caller = token === null ? null : await checkToken(token);
    if (token !== null && caller === null) return c.json({ error: mastodonErrors.invalidToken }, 401);
    c.set('caller', caller);
    await next();
  };

/**
 * A member's token carrying one of `scopes` (granular or the top-level one that covers it). No
 * token: 401; an app's own token (client_credentials): 422; a token without the scope: 403.
 */
export const needs =
  (...scopes: [OAuthScope, ...OAuthScope[]]): MiddlewareHandler<MemberEnv> =>
  async (c, next) => {
    const caller = c.get('caller');
    if (!caller) return c.json({ error: mastodonErrors.invalidToken }, 401);
    if (!caller.member) return c.json({ error: mastodonErrors.userRequired }, 422);
    if (!scopes.some((scope) => scopeCovers(caller.scopes, scope))) {
      return c.json({ error: mastodonErrors.outsideScopes }, 403);
    }
    c.set('ctx', serviceContext(c.get('deps'), caller.member));
    // The web's rate limits (core/rate-limit.ts) count per member: an app shares the member's window.
    c.set('member', caller.member);
    await next();
  };

/** Status codes as Mastodon answers them: its validation errors are 422, not 400. */
const statusOf = {
  Invalid: 422,
  Unauthenticated: 401,
  Forbidden: 403,
  NotFound: 404,
  Conflict: 422,
  TooLarge: 413,
  RateLimited: 429,
  Internal: 500,
  Unavailable: 503,
} as const;

/** Whatever a client API handler throws, as Mastodon words it: `{"error": "…"}`. */
export const mastodonErrorHandler: ErrorHandler<MastodonEnv> = (error, c) => {
  if (error instanceof AppError) {
    const status = statusOf[error.kind];
    const message =
      error.kind === 'NotFound'
        ? mastodonErrors.notFound
        : error.kind === 'Invalid' || error.kind === 'Conflict'
          ? `Validation failed: ${error.message}`
          : error.message;
    return c.json({ error: message }, status);
  }
  if (error instanceof HTTPException && error.status < 500) {
    return c.json({ error: `Validation failed: ${error.message}` }, 422);
  }
  if (isDataException(error)) return c.json({ error: mastodonErrors.notFound }, 404);
  if (isDatabaseUnavailable(error)) {
    return c.json({ error: mastodonErrors.unavailable }, 503, { 'retry-after': '2' });
  }
  c.get('log')?.error({ err: error, path: c.req.path }, 'unhandled client API error');
  return c.json({ error: mastodonErrors.internal }, 500);
};
