/**
 * The authorization server itself: @node-oauth/oauth2-server on our model (model.ts), with
 * Mastodon's settings (codes valid 10 minutes, PKCE with S256 and plain, no state required, tokens
 * that last until revoked), and what the consent screen needs around it: the request checked
 * before the member sees it, Authorize and Deny, and the apps a member authorized.
 */

import {
  type AuthorizedAppDto,
  type AuthorizeRequestInput,
  messages,
  type OAuthConsentDto,
  type OAuthDecisionDto,
  type OAuthScope,
  oobRedirectUri,
  parseScopes,
  scopesWithin,
} from '@glimpse/shared';
import type OAuth2Server from '@node-oauth/oauth2-server';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { oauthApps, oauthTokens } from '../db/schema.ts';
import { invalid, notFound } from '../lib/errors.ts';
import { findAppByClientId, type OAuthApp } from './clients.ts';
import { oauthModel, oobStandIn, type TokenUser } from './model.ts';

/** RFC 6749 §4.1.2 recommends at most 10 minutes. */
export const codeLifetimeSeconds = 10 * 60;

/**
 * The library wants a lifetime; Mastodon's tokens have none (they last until revoked), and the
 * model answers without an expiry, so this figure is never stored nor sent.
 */
const unusedAccessTokenLifetime = 60 * 60 * 24 * 365 * 100;

type OAuthLibrary = typeof OAuth2Server;
let loading: Promise<OAuthLibrary> | undefined;

/**
 * The library, loaded with the first request that needs it rather than at start: most processes
 * never see an app sign in, and every process's memory counts at start (docs/performance.md).
 */
export const oauthLibrary = (): Promise<OAuthLibrary> =>
  (loading ??= import('@node-oauth/oauth2-server').then(
    (module) => ((module as { default?: OAuthLibrary }).default ?? module) as OAuthLibrary,
  ));

export type OAuthServer = InstanceType<OAuthLibrary>;

const servers = new WeakMap<Db, OAuthServer>();

/** One server per database: it holds no state of its own, only the model. */
export async function oauthServerFor(db: Db): Promise<OAuthServer> {
  let server = servers.get(db);
  if (!server) {
    const Library = await oauthLibrary();
    server = new Library({
      model: oauthModel(db),
      authorizationCodeLifetime: codeLifetimeSeconds,
      accessTokenLifetime: unusedAccessTokenLifetime,
      allowEmptyState: true,
      allowExtendedTokenAttributes: true,
      enablePlainPKCE: true,
    } as OAuth2Server.ServerOptions & { enablePlainPKCE: boolean });
    servers.set(db, server);
  }
  return server;
}

/** A state as RFC 6749 allows it (visible ASCII), so that the library never refuses it mid-way. */
const visibleAscii = /^[\x20-\x7e]*$/;
const pkceChallenge = /^[A-Za-z0-9._~-]{43,128}$/;

export interface CheckedRequest {
  app: OAuthApp;
  redirectUri: string;
  scopes: OAuthScope[];
}

/**
 * An authorization request checked before the member is asked: the app, a redirect URI it
 * registered (character for character), known scopes within the app's, `response_type=code`, a
 * well-formed state and PKCE challenge. Each refusal says what is wrong in words (4xx): the
 * browser is never sent anywhere for a request that does not hold.
 */
export async function checkAuthorizationRequest(
  db: Db,
  input: AuthorizeRequestInput,
): Promise<CheckedRequest> {
  const app = input.client_id ? await findAppByClientId(db, input.client_id) : null;
  if (!app) throw notFound(messages.oauth.unknownApp);
  const redirectUri = input.redirect_uri ?? '';
  if (!app.redirectUris.includes(redirectUri)) throw invalid(messages.oauth.redirectNotRegistered);
  if (input.response_type !== 'code') throw invalid(messages.oauth.responseTypeUnsupported);
  const { scopes, unknown } = parseScopes(input.scope);
  if (unknown.length > 0) throw invalid(messages.oauth.unknownScope(unknown.join(' ')));
  if (!scopesWithin(scopes, app.scopes)) throw invalid(messages.oauth.scopeBeyondApp);
  if (input.state !== undefined && !visibleAscii.test(input.state)) throw invalid(messages.oauth.badRequest);
  const method = input.code_challenge_method;
  if (method !== undefined && method !== '' && method !== 'S256' && method !== 'plain') {
    throw invalid(messages.oauth.badRequest);
  }
  if (input.code_challenge && !pkceChallenge.test(input.code_challenge))
    throw invalid(messages.oauth.badRequest);
  if (!input.code_challenge && method) throw invalid(messages.oauth.badRequest);
  return { app, redirectUri, scopes };
}

export async function describeConsent(db: Db, input: AuthorizeRequestInput): Promise<OAuthConsentDto> {
  const { app, redirectUri, scopes } = await checkAuthorizationRequest(db, input);
  return { app: { name: app.name, website: app.website }, scopes, oob: redirectUri === oobRedirectUri };
}

/** `uri` with `params` added to its query; custom schemes (`com.example.app://oauth`) keep their form. */
function withQuery(uri: string, params: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [key, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(key, value);
  return url.toString();
}

/**
 * Authorize: the library makes the code (bound to the app, the redirect URI, the scopes, the PKCE
 * challenge) and the redirect with `code` and the same `state`; out of band, the code itself is
 * answered, for the screen to show. Deny: back to the app with `error=access_denied`.
 */
export async function decide(
  db: Db,
  memberId: string,
  input: AuthorizeRequestInput & { decision: 'authorize' | 'deny' },
): Promise<OAuthDecisionDto> {
  const { redirectUri, scopes } = await checkAuthorizationRequest(db, input);
  const oob = redirectUri === oobRedirectUri;
  if (input.decision === 'deny') {
    if (oob) return { denied: true };
    return {
      redirectTo: withQuery(redirectUri, { error: 'access_denied', state: input.state || undefined }),
    };
  }
  const body: Record<string, string> = {
    client_id: input.client_id ?? '',
    redirect_uri: oob ? oobStandIn : redirectUri,
    response_type: 'code',
    scope: scopes.join(' '),
    ...(input.state ? { state: input.state } : {}),
    ...(input.code_challenge
      ? {
          code_challenge: input.code_challenge,
          code_challenge_method: input.code_challenge_method || 'plain',
        }
      : {}),
  };
  const Library = await oauthLibrary();
  const request = new Library.Request({ method: 'POST', headers: {}, query: {}, body });
  const response = new Library.Response();
  const user: TokenUser = { id: memberId };
  const code = await (await oauthServerFor(db)).authorize(request, response, {
    authenticateHandler: { handle: () => user },
  });
  if (oob) return { code: code.authorizationCode };
  const location = response.get('location');
  if (typeof location !== 'string') throw invalid(messages.oauth.badRequest);
  return { redirectTo: location };
}

/** The apps `memberId` has authorized, each with its scopes, first authorization and last use. */
export async function listAuthorizedApps(db: Db, memberId: string): Promise<AuthorizedAppDto[]> {
  const rows = await db
    .select({
      appId: oauthApps.id,
      name: oauthApps.name,
      website: oauthApps.website,
      scopes: oauthTokens.scopes,
      createdAt: oauthTokens.createdAt,
      lastUsedAt: oauthTokens.lastUsedAt,
    })
    .from(oauthTokens)
    .innerJoin(oauthApps, eq(oauthApps.id, oauthTokens.appId))
    .where(eq(oauthTokens.userId, memberId))
    .orderBy(asc(oauthTokens.createdAt));
  const apps = new Map<string, AuthorizedAppDto>();
  for (const row of rows) {
    const seen = apps.get(row.appId);
    const lastUsedAt = row.lastUsedAt?.toISOString() ?? null;
    if (!seen) {
      apps.set(row.appId, {
        appId: row.appId,
        name: row.name,
        website: row.website,
        scopes: [...row.scopes],
        authorizedAt: row.createdAt.toISOString(),
        lastUsedAt,
      });
      continue;
    }
    for (const scope of row.scopes) if (!seen.scopes.includes(scope)) seen.scopes.push(scope);
    if (lastUsedAt && (!seen.lastUsedAt || lastUsedAt > seen.lastUsedAt)) seen.lastUsedAt = lastUsedAt;
  }
  // Most recently authorized first.
  return [...apps.values()].reverse();
}
