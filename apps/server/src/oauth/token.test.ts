/**
 * The token endpoint as apps call it (RFC 6749, RFC 7636, and the pitfalls other servers hit): a
 * code from the consent screen's web API exchanged with a form, JSON, no Content-Type or extra
 * parameters; PKCE (S256 and plain) with the client secret left out only when the code carries a
 * challenge; codes single-use, bound to their client and redirect URI, dead after 10 minutes;
 * client_credentials; scopes never beyond the app's; errors as RFC 6749 JSON; revocation (RFC 7009).
 */
import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientApiClient } from '#test/client-api.ts';
import { createTestContext, type TestContext } from '#test/context.ts';
import { oauthCodes, oauthTokens } from '../db/schema.ts';
import { hashSecret } from './tokens.ts';

let t: TestContext;
let member: Awaited<ReturnType<TestContext['signUpWithProfile']>>;
beforeAll(async () => {
  t = await createTestContext();
  member = await t.signUpWithProfile({ firstName: 'Token' });
});
afterAll(() => t.close());

const redirect = 'com.example.app://oauth';

interface RegisteredApp {
  id: string;
  client_id: string;
  client_secret: string;
}

async function registerApp(
  scopes = 'read write follow push',
  redirectUris = [redirect, 'urn:ietf:wg:oauth:2.0:oob'],
) {
  const response = await clientApiClient(t, null).post('/api/v1/apps', {
    client_name: 'Test app',
    redirect_uris: redirectUris,
    scopes,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as RegisteredApp;
}

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/** Authorize on the consent screen's web API as `who`; answers the code from the redirect. */
async function authorize(
  app: RegisteredApp,
  extra: Record<string, string> = {},
  who: typeof member = member,
): Promise<string> {
  const response = await who.post('/api/oauth/authorize', {
    client_id: app.client_id,
    redirect_uri: redirect,
    response_type: 'code',
    state: 'xyz',
    decision: 'authorize',
    ...extra,
  });
  expect(response.status, await response.clone().text()).toBe(200);
  const answer = (await response.json()) as { redirectTo?: string; code?: string };
  if (answer.code) return answer.code;
  const location = new URL(answer.redirectTo!);
  expect(location.searchParams.get('state')).toBe('xyz');
  return location.searchParams.get('code')!;
}

/** POST /oauth/token with `body` as a form (default), JSON or a bare body. */
async function token(
  body: Record<string, string>,
  as: 'form' | 'json' | 'bare' = 'form',
  headers: Record<string, string> = {},
) {
  const text = as === 'json' ? JSON.stringify(body) : new URLSearchParams(body).toString();
  const contentType: Record<string, string> =
    as === 'json'
      ? { 'content-type': 'application/json' }
      : as === 'form'
        ? { 'content-type': 'application/x-www-form-urlencoded' }
        : {};
  const response = await t.app.request('/oauth/token', {
    method: 'POST',
    headers: { ...contentType, ...headers },
    body: text,
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
}

const exchange = (app: RegisteredApp, code: string, extra: Record<string, string> = {}) => ({
  grant_type: 'authorization_code',
  code,
  redirect_uri: redirect,
  client_id: app.client_id,
  client_secret: app.client_secret,
  ...extra,
});

async function expectWorks(accessToken: unknown) {
  expect(typeof accessToken).toBe('string');
  const response = await clientApiClient(t, accessToken as string).get('/api/v1/accounts/verify_credentials');
  expect(response.status).toBe(200);
  expect(((await response.json()) as { id: string }).id).toBe(member.id);
}

describe('authorization_code', () => {
  it('answers {access_token, token_type: Bearer, scope, created_at as integer seconds}, stores only its hash', async () => {
    const app = await registerApp();
    const code = await authorize(app, { scope: 'read write' });
    const answer = await token(exchange(app, code));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(Object.keys(answer.body).sort()).toEqual(['access_token', 'created_at', 'scope', 'token_type']);
    expect(answer.body).toMatchObject({ token_type: 'Bearer', scope: 'read write' });
    expect(Number.isInteger(answer.body.created_at)).toBe(true);
    expect(Math.abs((answer.body.created_at as number) - Date.now() / 1000)).toBeLessThan(60);
    const [row] = await t.db
      .select()
      .from(oauthTokens)
      .where(eq(oauthTokens.tokenHash, hashSecret(answer.body.access_token as string)));
    expect(row).toMatchObject({ userId: member.id, scopes: ['read', 'write'] });
    await expectWorks(answer.body.access_token);
  });

  it('takes JSON, a body with no Content-Type, and unknown extra parameters', async () => {
    const app = await registerApp();
    for (const as of ['json', 'bare'] as const) {
      const code = await authorize(app);
      const answer = await token(exchange(app, code, { unknown_extra: 'x', foo: 'bar' }), as);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      await expectWorks(answer.body.access_token);
    }
  });

  it('gives read when the app asked no scope, and read covers read:statuses', async () => {
    const app = await registerApp();
    const answer = await token(exchange(app, await authorize(app)));
    expect(answer.body.scope).toBe('read');
    const api = clientApiClient(t, answer.body.access_token as string);
    // verify_credentials needs read:accounts: read covers it.
    expect((await api.get('/api/v1/accounts/verify_credentials')).status).toBe(200);
  });

  it('accepts client credentials in HTTP Basic instead of the body', async () => {
    const app = await registerApp();
    const code = await authorize(app);
    const basic = Buffer.from(`${app.client_id}:${app.client_secret}`).toString('base64');
    const { client_id: _id, client_secret: _secret, ...rest } = exchange(app, code);
    const answer = await token(rest, 'form', { authorization: `Basic ${basic}` });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  });

  it('refuses a code used twice (invalid_grant), and the first token stays', async () => {
    const app = await registerApp();
    const code = await authorize(app);
    const first = await token(exchange(app, code));
    expect(first.status).toBe(200);
    const again = await token(exchange(app, code));
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('invalid_grant');
    expect(typeof again.body.error_description).toBe('string');
  });

  it('gives one token for a code exchanged twice at once', async () => {
    const app = await registerApp();
    const code = await authorize(app);
    const answers = await Promise.all([token(exchange(app, code)), token(exchange(app, code), 'json')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    expect(await t.countRows(oauthTokens, eq(oauthTokens.appId, app.id))).toBe(1);
  });

  it('refuses a code for another client, or with another redirect URI', async () => {
    const app = await registerApp();
    const other = await registerApp();
    const stolen = await token(exchange(other, await authorize(app)));
    expect(stolen.status).toBe(400);
    expect(stolen.body.error).toBe('invalid_grant');
    const wrongRedirect = await token(
      exchange(app, await authorize(app), { redirect_uri: 'urn:ietf:wg:oauth:2.0:oob' }),
    );
    expect(wrongRedirect.status).toBe(400);
    expect(wrongRedirect.body.error).toBe('invalid_request');
  });

  it('refuses an expired code', async () => {
    const app = await registerApp();
    const code = await authorize(app);
    await t.db
      .update(oauthCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oauthCodes.codeHash, hashSecret(code)));
    const answer = await token(exchange(app, code));
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('invalid_grant');
  });

  it('makes codes that live at most 10 minutes, and stores only their hash', async () => {
    const app = await registerApp();
    const code = await authorize(app);
    const [row] = await t.db
      .select()
      .from(oauthCodes)
      .where(eq(oauthCodes.codeHash, hashSecret(code)));
    expect(row!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
  });

  it('refuses a wrong client secret (invalid_client, 401) and a missing one without PKCE', async () => {
    const app = await registerApp();
    const wrong = await token(exchange(app, await authorize(app), { client_secret: 'not-the-secret' }));
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe('invalid_client');
    const { client_secret: _secret, ...withoutSecret } = exchange(app, await authorize(app));
    const missing = await token(withoutSecret);
    expect(missing.status).toBe(401);
    expect(missing.body.error).toBe('invalid_client');
  });

  it('refuses an unknown grant type and a missing code', async () => {
    const app = await registerApp();
    const unknown = await token({
      grant_type: 'password',
      client_id: app.client_id,
      client_secret: app.client_secret,
      username: 'a',
      password: 'b',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe('unsupported_grant_type');
    const noCode = await token({
      grant_type: 'authorization_code',
      client_id: app.client_id,
      client_secret: app.client_secret,
      redirect_uri: redirect,
    });
    expect(noCode.status).toBe(400);
    expect(noCode.body.error).toBe('invalid_request');
  });
});

describe('PKCE', () => {
  const verifier = randomBytes(32).toString('base64url');

  it('S256: the right verifier gets a token, without the client secret too', async () => {
    const app = await registerApp();
    const code = await authorize(app, { code_challenge: s256(verifier), code_challenge_method: 'S256' });
    const { client_secret: _secret, ...publicClient } = exchange(app, code, { code_verifier: verifier });
    const answer = await token(publicClient);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    await expectWorks(answer.body.access_token);
  });

  it('S256: a wrong verifier or none is refused, and the code is spent', async () => {
    const app = await registerApp();
    const code = await authorize(app, { code_challenge: s256(verifier), code_challenge_method: 'S256' });
    const wrong = await token(exchange(app, code, { code_verifier: randomBytes(32).toString('base64url') }));
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('invalid_grant');
    expect((await token(exchange(app, code, { code_verifier: verifier }))).body.error).toBe('invalid_grant');
    const other = await authorize(app, { code_challenge: s256(verifier), code_challenge_method: 'S256' });
    const none = await token(exchange(app, other));
    expect(none.status).toBe(400);
    expect(none.body.error).toBe('invalid_grant');
  });

  it('plain: the verifier equal to the challenge gets a token', async () => {
    const app = await registerApp();
    const code = await authorize(app, { code_challenge: verifier, code_challenge_method: 'plain' });
    const answer = await token(exchange(app, code, { code_verifier: verifier }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  });

  it('a verifier for a code made without a challenge is refused, so the secret cannot be skipped', async () => {
    const app = await registerApp();
    const code = await authorize(app);
    const { client_secret: _secret, ...publicClient } = exchange(app, code, { code_verifier: verifier });
    const answer = await token(publicClient);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('invalid_grant');
    expect(await t.countRows(oauthTokens, eq(oauthTokens.appId, app.id))).toBe(0);
  });
});

describe('client_credentials', () => {
  it('gives the app a token of its own (read by default) that names no member', async () => {
    const app = await registerApp();
    const answer = await token({
      grant_type: 'client_credentials',
      client_id: app.client_id,
      client_secret: app.client_secret,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.scope).toBe('read');
    const api = clientApiClient(t, answer.body.access_token as string);
    expect((await api.get('/api/v1/apps/verify_credentials')).status).toBe(200);
    expect((await api.get('/api/v1/accounts/verify_credentials')).status).toBe(422);
  });

  it('refuses scopes beyond the app’s (invalid_scope) and unknown ones, and a missing secret', async () => {
    const app = await registerApp('read');
    for (const scope of ['write', 'read admin:read', 'read write:statuses']) {
      const answer = await token({
        grant_type: 'client_credentials',
        client_id: app.client_id,
        client_secret: app.client_secret,
        scope,
      });
      expect(answer.status, scope).toBe(400);
      expect(answer.body.error).toBe('invalid_scope');
    }
    const granular = await token({
      grant_type: 'client_credentials',
      client_id: app.client_id,
      client_secret: app.client_secret,
      scope: 'read:statuses',
    });
    expect(granular.status).toBe(200);
    expect(granular.body.scope).toBe('read:statuses');
    const noSecret = await token({ grant_type: 'client_credentials', client_id: app.client_id });
    expect(noSecret.status).toBe(401);
    expect(noSecret.body.error).toBe('invalid_client');
    expect(await t.countRows(oauthTokens, eq(oauthTokens.appId, app.id))).toBe(1);
  });
});

describe('POST /oauth/revoke', () => {
  it('ends the token at once (after it was used), answers {} again for the same or an unknown token', async () => {
    const app = await registerApp();
    const { body } = await token(exchange(app, await authorize(app)));
    const api = clientApiClient(t, body.access_token as string);
    expect((await api.get('/api/v1/accounts/verify_credentials')).status).toBe(200);
    const revoke = (
      tokenValue: string,
      credentials = { client_id: app.client_id, client_secret: app.client_secret },
    ) =>
      t.app.request('/oauth/revoke', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...credentials, token: tokenValue }),
      });
    const first = await revoke(body.access_token as string);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({});
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await api.get('/api/v1/accounts/verify_credentials')).status).toBe(401);
    expect((await revoke(body.access_token as string)).status).toBe(200);
    expect((await revoke('never-issued')).status).toBe(200);
  });

  it('refuses a wrong secret (401) and another app’s token (403), which stays', async () => {
    const app = await registerApp();
    const other = await registerApp();
    const { body } = await token(exchange(app, await authorize(app)));
    const wrong = await t.app.request('/oauth/revoke', {
      method: 'POST',
      body: new URLSearchParams({
        client_id: app.client_id,
        client_secret: 'wrong',
        token: body.access_token as string,
      }),
    });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { error: string }).error).toBe('invalid_client');
    const foreign = await t.app.request('/oauth/revoke', {
      method: 'POST',
      body: new URLSearchParams({
        client_id: other.client_id,
        client_secret: other.client_secret,
        token: body.access_token as string,
      }),
    });
    expect(foreign.status).toBe(403);
    await expectWorks(body.access_token);
  });
});

describe('GET /.well-known/oauth-authorization-server', () => {
  it('names the endpoints, scopes, response types, grants and PKCE methods (RFC 8414), open to every origin', async () => {
    const response = await t.app.request('/.well-known/oauth-authorization-server', {
      headers: { origin: 'https://elk.zone' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const doc = (await response.json()) as Record<string, unknown>;
    expect(doc).toMatchObject({
      issuer: 'http://localhost:3000/',
      authorization_endpoint: 'http://localhost:3000/oauth/authorize',
      token_endpoint: 'http://localhost:3000/oauth/token',
      revocation_endpoint: 'http://localhost:3000/oauth/revoke',
      app_registration_endpoint: 'http://localhost:3000/api/v1/apps',
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'client_credentials'],
      code_challenge_methods_supported: ['S256', 'plain'],
    });
    expect(doc.scopes_supported).toEqual(
      expect.arrayContaining(['read', 'write', 'follow', 'push', 'profile', 'read:statuses']),
    );
  });

  it('answers a preflight for /oauth/token listing Authorization', async () => {
    const response = await t.app.request('/oauth/token', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://elk.zone',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toContain('Authorization');
  });

  it('refuses a token request body over 16 kB with 413', async () => {
    const answer = await token({ grant_type: 'client_credentials', client_id: 'x'.repeat(20_000) });
    expect(answer.status).toBe(413);
    expect(answer.body.error).toBe('invalid_request');
  });
});
