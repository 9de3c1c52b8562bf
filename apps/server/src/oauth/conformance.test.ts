/**
 * The OAuth dance as real apps dance it, with the libraries they are built on, against a real
 * listening server: masto.js (Elk, Phanpy) and megalodon (Whalebird, many bots). Each registers
 * an app, a member authorizes it through the consent screen's web API (what the page at
 * /oauth/authorize calls with its query string), the app exchanges the code (with PKCE and a custom
 * scheme, or out of band), reads verify_credentials with the token, revokes it, and is refused.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { createOAuthAPIClient, createRestAPIClient } from 'masto';
import generator from 'megalodon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createTestContext, type TestContext } from '#test/context.ts';

// masto.js 8 uses what Node 22 has: Promise.withResolvers and a global WebSocket.
const promiseStatics = Promise as unknown as { withResolvers?: unknown };
promiseStatics.withResolvers ??= <T>() => {
  let resolve!: (value: T) => void;
  let reject!: (reason?: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
};
(globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;

let t: TestContext;
let server: ServerType;
let base: string;
let member: Awaited<ReturnType<TestContext['signUpWithProfile']>>;

beforeAll(async () => {
  t = await createTestContext();
  member = await t.signUpWithProfile({ firstName: 'Dana', lastName: 'Dancer', username: 'dana' });
  await new Promise<void>((resolve) => {
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      base = `http://127.0.0.1:${info.port}`;
      resolve();
    });
  });
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

/** What the consent page does with the query it was opened with: shows it, then Authorize. */
async function consent(query: URLSearchParams) {
  const shown = await member.get(`/api/oauth/authorize?${query}`);
  expect(shown.status, await shown.clone().text()).toBe(200);
  const decided = await member.post('/api/oauth/authorize', {
    ...Object.fromEntries(query),
    decision: 'authorize',
  });
  expect(decided.status, await decided.clone().text()).toBe(200);
  return (await decided.json()) as { redirectTo?: string; code?: string };
}

describe('masto.js', () => {
  it('signs in with PKCE (S256) and a custom-scheme redirect, without the client secret, then revokes', async () => {
    const redirectUri = 'com.example.app://oauth';
    const rest = createRestAPIClient({ url: base });
    const app = await rest.v1.apps.create({
      clientName: 'Elk-like',
      redirectUris: redirectUri,
      scopes: 'read write follow push',
      website: 'https://elk.zone',
    });
    expect(typeof (app as unknown as { id: unknown }).id).toBe('string');
    expect(app.clientId).toBeTruthy();

    const verifier = randomBytes(32).toString('base64url');
    const state = randomBytes(8).toString('hex');
    const query = new URLSearchParams({
      client_id: app.clientId!,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'read write follow push',
      state,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    });
    const { redirectTo } = await consent(query);
    expect(redirectTo!.startsWith(`${redirectUri}?`)).toBe(true);
    const back = new URL(redirectTo!);
    expect(back.searchParams.get('state')).toBe(state);

    const oauth = createOAuthAPIClient({ url: base });
    // masto.js sends camelCase as snake_case: codeVerifier → code_verifier.
    const token = await oauth.token.create({
      grantType: 'authorization_code',
      clientId: app.clientId!,
      redirectUri,
      code: back.searchParams.get('code')!,
      codeVerifier: verifier,
    } as unknown as Parameters<typeof oauth.token.create>[0]);
    expect(token.tokenType).toBe('Bearer');
    expect(token.scope).toBe('read write follow push');
    expect(Number.isInteger(token.createdAt)).toBe(true);

    const signedIn = createRestAPIClient({ url: base, accessToken: token.accessToken });
    const me = await signedIn.v1.accounts.verifyCredentials();
    expect(me.id).toBe(member.id);
    expect(me.acct).toBe('dana');
    expect((await signedIn.v1.apps.verifyCredentials()).name).toBe('Elk-like');

    await oauth.revoke({
      clientId: app.clientId!,
      clientSecret: app.clientSecret!,
      token: token.accessToken,
    });
    // masto.js 8 rejects with the HTTP answer itself for a 401.
    const refused = await signedIn.v1.accounts.verifyCredentials().then(
      () => null,
      (error: { status?: number; statusCode?: number }) => error.statusCode ?? error.status,
    );
    expect(refused).toBe(401);
  });

  it('signs in out of band with the client secret, as masto.js sends a token request (a multipart form)', async () => {
    const rest = createRestAPIClient({ url: base });
    const app = await rest.v1.apps.create({
      clientName: 'Phanpy-like',
      redirectUris: 'urn:ietf:wg:oauth:2.0:oob',
      scopes: 'read',
    });
    const { code } = await consent(
      new URLSearchParams({
        client_id: app.clientId!,
        redirect_uri: 'urn:ietf:wg:oauth:2.0:oob',
        response_type: 'code',
      }),
    );
    const oauth = createOAuthAPIClient({ url: base });
    const token = await oauth.token.create({
      grantType: 'authorization_code',
      clientId: app.clientId!,
      clientSecret: app.clientSecret!,
      redirectUri: 'urn:ietf:wg:oauth:2.0:oob',
      code: code!,
    });
    expect(token.scope).toBe('read');
    const me = await createRestAPIClient({
      url: base,
      accessToken: token.accessToken,
    }).v1.accounts.verifyCredentials();
    expect(me.displayName).toBe('Dana Dancer');
  });
});

describe('megalodon', () => {
  it('registers, signs in out of band, reads its account, revokes and is refused', async () => {
    const anonymous = generator('mastodon', base);
    const app = await anonymous.registerApp('Whalebird-like', {
      scopes: ['read', 'write', 'follow'],
      redirect_uris: 'urn:ietf:wg:oauth:2.0:oob',
      website: 'https://whalebird.social',
    });
    expect(app.url).toContain(`${base}/oauth/authorize?`);
    // The page megalodon opens in the browser: the consent screen reads this query.
    const { code } = await consent(new URL(app.url!).searchParams);
    const token = await anonymous.fetchAccessToken(
      app.client_id,
      app.client_secret,
      code!,
      'urn:ietf:wg:oauth:2.0:oob',
    );
    expect(token.access_token).toBeTruthy();
    expect(token.scope).toBe('read write follow');

    const client = generator('mastodon', base, token.access_token);
    const me = await client.verifyAccountCredentials();
    expect(me.data.username).toBe('dana');
    expect((await client.verifyAppCredentials()).data.name).toBe('Whalebird-like');

    await anonymous.revokeToken(app.client_id, app.client_secret, token.access_token);
    await expect(client.verifyAccountCredentials()).rejects.toMatchObject({ response: { status: 401 } });
  });

  it('signs in with a custom-scheme redirect', async () => {
    const anonymous = generator('mastodon', base);
    const redirectUri = 'com.example.app://oauth';
    const app = await anonymous.registerApp('Custom scheme', {
      scopes: ['read'],
      redirect_uris: redirectUri,
    });
    const { redirectTo } = await consent(new URL(app.url!).searchParams);
    const code = new URL(redirectTo!).searchParams.get('code')!;
    const token = await anonymous.fetchAccessToken(app.client_id, app.client_secret, code, redirectUri);
    const me = await generator('mastodon', base, token.access_token).verifyAccountCredentials();
    expect(me.data.id).toBe(member.id);
  });
});
