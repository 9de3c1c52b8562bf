/**
 * The OAuth 2 authorization server's own endpoints, outside /api: `POST /oauth/token`,
 * `POST /oauth/revoke` and `GET /.well-known/oauth-authorization-server` (RFC 8414). The consent
 * screen is the web app's page at /oauth/authorize; it asks the web API (web-routes.ts).
 *
 * Apps send their parameters every way there is: a form (RFC 6749), JSON (masto.js), no
 * Content-Type at all, with parameters nobody asked for. Each body is read once (lib/params.ts)
 * and handed to the library as the form request it expects, with only the parameters of the
 * protocol. Errors are RFC 6749's JSON (`{error, error_description}`), which apps show or match.
 * Open to every origin: no cookie is read here, only client credentials and codes.
 */

import { oauthScopes } from '@glimpse/shared';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from '../core/http.ts';
import { oauthTokens } from '../db/schema.ts';
import { clientApiCors } from '../lib/cors.ts';
import { bodyParams, type Params } from '../lib/params.ts';
import { oauthLibrary, oauthServerFor } from './authorization.ts';
import { findAppByClientId, isClientSecret } from './clients.ts';
import { grantTypes } from './model.ts';
import { hashSecret } from './tokens.ts';

/** A token request is a few hundred bytes; anything near this is not one. */
const oauthBodyMaxBytes = 16 * 1024;

/** The parameters of the token and revoke endpoints (RFC 6749 §4.1.3, §4.4.2; RFC 7636; RFC 7009). */
const protocolParams = [
  'grant_type',
  'code',
  'redirect_uri',
  'client_id',
  'client_secret',
  'code_verifier',
  'scope',
  'token',
  'token_type_hint',
] as const;

/** Only the protocol's parameters, each as one string: a JSON number or an array is not one of them. */
function protocolBody(params: Params): Record<string, string> {
  const body: Record<string, string> = {};
  for (const name of protocolParams) {
    const value = params[name];
    if (typeof value === 'string') body[name] = value;
    else if (typeof value === 'number') body[name] = String(value);
  }
  return body;
}

const oauthError = (error: string, description: string) => ({ error, error_description: description });

/** A client authenticated for revocation: HTTP Basic (RFC 6749 §2.3.1) or `client_id` and `client_secret` in the body. */
function clientCredentials(authorization: string | undefined, body: Record<string, string>) {
  const basic = authorization?.match(/^Basic\s+(\S+)$/i)?.[1];
  if (basic) {
    const decoded = Buffer.from(basic, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon > 0) {
      return {
        clientId: decodeURIComponent(decoded.slice(0, colon)),
        clientSecret: decodeURIComponent(decoded.slice(colon + 1)),
      };
    }
  }
  return { clientId: body.client_id, clientSecret: body.client_secret };
}

export const oauthRoutes = new Hono<AppEnv>();

oauthRoutes.use('/oauth/token', clientApiCors());
oauthRoutes.use('/oauth/revoke', clientApiCors());
oauthRoutes.use('/.well-known/oauth-authorization-server', clientApiCors());
for (const path of ['/oauth/token', '/oauth/revoke']) {
  oauthRoutes.use(
    path,
    bodyLimit({
      maxSize: oauthBodyMaxBytes,
      onError: (c) => c.json(oauthError('invalid_request', 'The request is too large.'), 413),
    }),
  );
}

oauthRoutes.post('/oauth/token', async (c) => {
  const { db, logger } = c.get('deps');
  const body = protocolBody(await bodyParams(c.req.raw).catch(() => ({})));
  // The library also knows the password and refresh_token grants; Glimpse offers neither.
  if (body.grant_type && !(grantTypes as readonly string[]).includes(body.grant_type)) {
    return c.json(
      oauthError('unsupported_grant_type', 'Unsupported grant type: `grant_type` is invalid'),
      400,
    );
  }
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    'content-length': String(new URLSearchParams(body).toString().length),
  };
  const authorization = c.req.header('authorization');
  if (authorization && /^Basic\s/i.test(authorization)) headers.authorization = authorization;
  const Library = await oauthLibrary();
  const request = new Library.Request({ method: 'POST', headers, query: {}, body });
  const response = new Library.Response();
  try {
    await (await oauthServerFor(db)).token(request, response);
  } catch (error) {
    if (!(error instanceof Library.OAuthError) || error.code >= 500) {
      const cause = (error as { inner?: unknown }).inner ?? error;
      (c.get('log') ?? logger).error({ err: cause }, 'token request failed');
      return c.json(oauthError('server_error', 'The server could not answer.'), 500);
    }
    // RFC 6749 §5.2: a client that failed to authenticate gets 401.
    const status = error.name === 'invalid_client' ? 401 : error.code;
    if (status === 401 && !response.get('www-authenticate'))
      c.header('www-authenticate', 'Basic realm="Glimpse"');
    c.header('cache-control', 'no-store');
    return c.json(oauthError(error.name, error.message), status as ContentfulStatusCode);
  }
  c.header('cache-control', 'no-store');
  c.header('pragma', 'no-cache');
  return c.json(response.body as Record<string, unknown>, 200);
});

/**
 * RFC 7009: the app authenticates as it does for a token; revoking a token that is unknown (or
 * already revoked) answers 200 too, so the app may simply forget it. Another app's token is not
 * the caller's to revoke (Mastodon: 403).
 */
oauthRoutes.post('/oauth/revoke', async (c) => {
  const { db, live } = c.get('deps');
  const body = protocolBody(await bodyParams(c.req.raw).catch(() => ({})));
  const { clientId, clientSecret } = clientCredentials(c.req.header('authorization'), body);
  const app = clientId ? await findAppByClientId(db, clientId) : null;
  if (!app || !clientSecret || !isClientSecret(app, clientSecret)) {
    c.header('www-authenticate', 'Basic realm="Glimpse"');
    return c.json(oauthError('invalid_client', 'Client authentication failed.'), 401);
  }
  if (!body.token) return c.json(oauthError('invalid_request', 'Missing parameter: `token`'), 400);
  const [token] = await db
    .select({ appId: oauthTokens.appId, userId: oauthTokens.userId, id: oauthTokens.id })
    .from(oauthTokens)
    .where(eq(oauthTokens.tokenHash, hashSecret(body.token)));
  if (!token) return c.json({}, 200);
  if (token.appId !== app.id) {
    return c.json(oauthError('unauthorized_client', 'You are not authorized to revoke this token'), 403);
  }
  await db.delete(oauthTokens).where(eq(oauthTokens.id, token.id));
  if (token.userId) live.publish({ kind: 'tokens_revoked', userId: token.userId });
  return c.json({}, 200);
});

/** RFC 8414: where an app finds the endpoints and what they support (Mastodon 4.3 publishes the same). */
oauthRoutes.get('/.well-known/oauth-authorization-server', (c) => {
  const base = c.get('deps').env.publicUrl;
  return c.json({
    issuer: `${base}/`,
    service_documentation: 'https://docs.joinmastodon.org/',
    authorization_endpoint: `${base}/oauth/authorize`,
    token_endpoint: `${base}/oauth/token`,
    revocation_endpoint: `${base}/oauth/revoke`,
    app_registration_endpoint: `${base}/api/v1/apps`,
    scopes_supported: oauthScopes,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: [...grantTypes],
    code_challenge_methods_supported: ['S256', 'plain'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    revocation_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
  });
});
