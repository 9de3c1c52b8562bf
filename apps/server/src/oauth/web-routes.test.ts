/**
 * The consent screen's web API and /settings/apps: what the screen shows for a request, and a
 * clear 4xx (nothing stored, nobody redirected) for one that does not hold; Authorize (the exact
 * registered redirect with `code` and the same `state`; out of band, the code), Deny
 * (`access_denied`); the member's authorized apps and Revoke. Each as the member, another member
 * and a signed-out visitor.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientApiClient } from '#test/client-api.ts';
import { createTestContext, type TestContext } from '#test/context.ts';
import { oauthCodes, oauthTokens } from '../db/schema.ts';

let t: TestContext;
let member: Awaited<ReturnType<TestContext['signUpWithProfile']>>;
let other: Awaited<ReturnType<TestContext['signUpWithProfile']>>;
beforeAll(async () => {
  t = await createTestContext();
  [member, other] = await Promise.all([
    t.signUpWithProfile({ firstName: 'Mia' }),
    t.signUpWithProfile({ firstName: 'Oto' }),
  ]);
});
afterAll(() => t.close());

const redirect = 'https://app.example/callback?from=glimpse';

async function registerApp(name = 'Elk', scopes = 'read write push') {
  const response = await clientApiClient(t, null).post('/api/v1/apps', {
    client_name: name,
    redirect_uris: [redirect, 'urn:ietf:wg:oauth:2.0:oob', 'com.example.app://oauth'],
    scopes,
    website: 'https://elk.zone',
  });
  return (await response.json()) as { id: string; client_id: string; client_secret: string };
}

const consentQuery = (params: Record<string, string>) =>
  `/api/oauth/authorize?${new URLSearchParams(params)}`;

describe('GET /api/oauth/authorize', () => {
  it('shows the app’s name, website and the scopes asked (read when none)', async () => {
    const app = await registerApp();
    const asked = await member.get(
      consentQuery({
        client_id: app.client_id,
        redirect_uri: redirect,
        response_type: 'code',
        scope: 'read write:statuses',
      }),
    );
    expect(asked.status).toBe(200);
    expect(await asked.json()).toEqual({
      app: { name: 'Elk', website: 'https://elk.zone' },
      scopes: ['read', 'write:statuses'],
      oob: false,
    });
    const none = await member.get(
      consentQuery({
        client_id: app.client_id,
        redirect_uri: 'urn:ietf:wg:oauth:2.0:oob',
        response_type: 'code',
      }),
    );
    expect(await none.json()).toMatchObject({ scopes: ['read'], oob: true });
  });

  it('refuses, in words, an unknown client (404), an unregistered redirect, unknown or excess scopes, another response type (400)', async () => {
    const app = await registerApp('Narrow', 'read');
    const base = { client_id: app.client_id, redirect_uri: redirect, response_type: 'code' };
    const cases: [Record<string, string>, number][] = [
      [{ ...base, client_id: 'no-such-client' }, 404],
      [{ ...base, client_id: '' }, 404],
      [{ ...base, redirect_uri: 'https://app.example/callback' }, 400],
      [{ ...base, redirect_uri: 'https://evil.example/steal' }, 400],
      [{ ...base, scope: 'read admin:write' }, 400],
      [{ ...base, scope: 'read write' }, 400],
      [{ ...base, response_type: 'token' }, 400],
      [{ ...base, code_challenge: 'too-short', code_challenge_method: 'S256' }, 400],
      [{ ...base, code_challenge: 'a'.repeat(43), code_challenge_method: 'S512' }, 400],
    ];
    for (const [params, status] of cases) {
      const response = await member.get(consentQuery(params));
      expect(response.status, JSON.stringify(params)).toBe(status);
      const body = (await response.json()) as { error: { message: string } };
      expect(body.error.message.length).toBeGreaterThan(10);
    }
  });

  it('answers a signed-out visitor 401', async () => {
    const app = await registerApp();
    const response = await t
      .client()
      .get(consentQuery({ client_id: app.client_id, redirect_uri: redirect, response_type: 'code' }));
    expect(response.status).toBe(401);
  });
});

describe('POST /api/oauth/authorize', () => {
  it('Authorize sends the browser to the exact registered redirect with code and the same state', async () => {
    const app = await registerApp();
    const response = await member.post('/api/oauth/authorize', {
      client_id: app.client_id,
      redirect_uri: redirect,
      response_type: 'code',
      scope: 'read',
      state: 'opaque state/123',
      decision: 'authorize',
    });
    expect(response.status).toBe(200);
    const { redirectTo } = (await response.json()) as { redirectTo: string };
    const url = new URL(redirectTo);
    expect(`${url.origin}${url.pathname}`).toBe('https://app.example/callback');
    expect(url.searchParams.get('from')).toBe('glimpse');
    expect(url.searchParams.get('state')).toBe('opaque state/123');
    expect(url.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await t.countRows(oauthCodes, eq(oauthCodes.appId, app.id))).toBe(1);
  });

  it('keeps a custom scheme’s form', async () => {
    const app = await registerApp();
    const response = await member.post('/api/oauth/authorize', {
      client_id: app.client_id,
      redirect_uri: 'com.example.app://oauth',
      response_type: 'code',
      decision: 'authorize',
    });
    const { redirectTo } = (await response.json()) as { redirectTo: string };
    expect(redirectTo).toMatch(/^com\.example\.app:\/\/oauth\?code=[A-Za-z0-9_-]{43}$/);
  });

  it('out of band answers the code to show, and Deny there answers denied; Node warns of nothing', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    const app = await registerApp();
    const request = {
      client_id: app.client_id,
      redirect_uri: 'urn:ietf:wg:oauth:2.0:oob',
      response_type: 'code',
    };
    const shown = (await (
      await member.post('/api/oauth/authorize', { ...request, decision: 'authorize' })
    ).json()) as {
      code: string;
    };
    expect(shown.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(
      await (await member.post('/api/oauth/authorize', { ...request, decision: 'deny' })).json(),
    ).toEqual({ denied: true });
    // The library's url.parse once warned (DEP0170, a throw in future Node) on the out-of-band URN.
    await new Promise((resolve) => setImmediate(resolve));
    process.off('warning', onWarning);
    expect(warnings.filter((message) => message.includes('urn:ietf'))).toEqual([]);
  });

  it('Deny sends the browser back with error=access_denied and the state, and makes no code', async () => {
    const app = await registerApp();
    const response = await member.post('/api/oauth/authorize', {
      client_id: app.client_id,
      redirect_uri: redirect,
      response_type: 'code',
      state: 's1',
      decision: 'deny',
    });
    const url = new URL(((await response.json()) as { redirectTo: string }).redirectTo);
    expect(url.searchParams.get('error')).toBe('access_denied');
    expect(url.searchParams.get('state')).toBe('s1');
    expect(url.searchParams.get('code')).toBeNull();
    expect(await t.countRows(oauthCodes, eq(oauthCodes.appId, app.id))).toBe(0);
  });

  it('refuses a request that does not hold (no code, no redirect), a signed-out visitor, and a cross-site post', async () => {
    const app = await registerApp('Narrow', 'read');
    const refused = await member.post('/api/oauth/authorize', {
      client_id: app.client_id,
      redirect_uri: 'https://evil.example/steal',
      response_type: 'code',
      decision: 'authorize',
    });
    expect(refused.status).toBe(400);
    const beyond = await member.post('/api/oauth/authorize', {
      client_id: app.client_id,
      redirect_uri: redirect,
      response_type: 'code',
      scope: 'write',
      decision: 'authorize',
    });
    expect(beyond.status).toBe(400);
    const signedOut = await t.client().post('/api/oauth/authorize', {
      client_id: app.client_id,
      redirect_uri: redirect,
      response_type: 'code',
      decision: 'authorize',
    });
    expect(signedOut.status).toBe(401);
    const crossSite = await member.request('/api/oauth/authorize', {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
      json: {
        client_id: app.client_id,
        redirect_uri: redirect,
        response_type: 'code',
        decision: 'authorize',
      },
    });
    expect(crossSite.status).toBe(403);
    expect(await t.countRows(oauthCodes, eq(oauthCodes.appId, app.id))).toBe(0);
  });
});

describe('/api/oauth/authorizations', () => {
  async function signInWith(app: { client_id: string; client_secret: string }, who = member, scope = 'read') {
    const response = await who.post('/api/oauth/authorize', {
      client_id: app.client_id,
      redirect_uri: 'urn:ietf:wg:oauth:2.0:oob',
      response_type: 'code',
      scope,
      decision: 'authorize',
    });
    const { code } = (await response.json()) as { code: string };
    const exchanged = await t.app.request('/oauth/token', {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: 'urn:ietf:wg:oauth:2.0:oob',
        client_id: app.client_id,
        client_secret: app.client_secret,
      }),
    });
    return ((await exchanged.json()) as { access_token: string }).access_token;
  }

  it('lists the caller’s apps (name, scopes, first authorized, last used), never another member’s', async () => {
    const fresh = await t.signUpWithProfile();
    expect(await (await fresh.get('/api/oauth/authorizations')).json()).toEqual([]);
    const elk = await registerApp('Elk');
    const ivory = await registerApp('Ivory');
    await signInWith(elk, fresh, 'read');
    const token = await signInWith(elk, fresh, 'write');
    await signInWith(ivory, other);
    expect((await clientApiClient(t, token).get('/api/v1/accounts/verify_credentials')).status).toBe(403);
    await clientApiClient(t, await signInWith(elk, fresh, 'read')).get('/api/v1/accounts/verify_credentials');
    const list = (await (await fresh.get('/api/oauth/authorizations')).json()) as {
      appId: string;
      name: string;
      scopes: string[];
      authorizedAt: string;
      lastUsedAt: string | null;
    }[];
    expect(list.map((entry) => entry.name)).toEqual(['Elk']);
    expect(list[0]!.appId).toBe(elk.id);
    expect(list[0]!.scopes.sort()).toEqual(['read', 'write']);
    expect(Date.parse(list[0]!.authorizedAt)).toBeLessThanOrEqual(Date.now());
    // The first use of a token is written down at once, later ones at most hourly.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const again = (await (await fresh.get('/api/oauth/authorizations')).json()) as {
      lastUsedAt: string | null;
    }[];
    expect(again[0]!.lastUsedAt).not.toBeNull();
    expect((await t.client().get('/api/oauth/authorizations')).status).toBe(401);
  });

  it('Revoke ends every token the caller gave that app, at once; another member’s stay; 404 for an app not authorized', async () => {
    const app = await registerApp('Tusky');
    const mine = [await signInWith(app), await signInWith(app)];
    const theirs = await signInWith(app, other);
    for (const token of [...mine, theirs])
      expect((await clientApiClient(t, token).get('/api/v1/accounts/verify_credentials')).status).toBe(200);
    expect((await t.client().delete(`/api/oauth/authorizations/${app.id}`)).status).toBe(401);
    const revoked = await member.delete(`/api/oauth/authorizations/${app.id}`);
    expect(revoked.status).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 20));
    for (const token of mine)
      expect((await clientApiClient(t, token).get('/api/v1/accounts/verify_credentials')).status).toBe(401);
    expect((await clientApiClient(t, theirs).get('/api/v1/accounts/verify_credentials')).status).toBe(200);
    expect(await t.countRows(oauthTokens, eq(oauthTokens.userId, other.id))).toBeGreaterThan(0);
    expect((await member.delete(`/api/oauth/authorizations/${app.id}`)).status).toBe(404);
    expect((await member.delete('/api/oauth/authorizations/not-a-uuid')).status).toBe(404);
    const list = (await (await member.get('/api/oauth/authorizations')).json()) as { appId: string }[];
    expect(list.some((entry) => entry.appId === app.id)).toBe(false);
  });
});
