/**
 * Driving the Mastodon client API in tests: an app and a token made straight in the database (the
 * OAuth dance has its own tests), and a client that sends the token as apps do, with no cookie and
 * no Origin.
 */
import type { OAuthScope } from '@glimpse/shared';
import { oauthApps, oauthTokens } from '../src/db/schema.ts';
import { hashSecret, newSecret } from '../src/oauth/tokens.ts';
import type { TestContext } from './context.ts';

/** A registered app, as `POST /api/v1/apps` would make it. */
export async function registerTestApp(
  t: Pick<TestContext, 'db'>,
  { name = 'Test app', scopes = ['read', 'write', 'follow', 'push'] as OAuthScope[] } = {},
) {
  const [app] = await t.db
    .insert(oauthApps)
    .values({
      clientId: newSecret(),
      clientSecretHash: hashSecret(newSecret()),
      name,
      redirectUris: ['urn:ietf:wg:oauth:2.0:oob'],
      scopes,
    })
    .returning();
  return app!;
}

/** A token of `userId` (null: the app's own, as client_credentials makes) with `scopes`. */
export async function issueTestToken(
  t: Pick<TestContext, 'db'>,
  userId: string | null,
  scopes: OAuthScope[] = ['read', 'write', 'follow', 'push'],
  app?: { id: string },
) {
  const owner = app ?? (await registerTestApp(t, { scopes }));
  const token = newSecret();
  const [row] = await t.db
    .insert(oauthTokens)
    .values({ tokenHash: hashSecret(token), appId: owner.id, userId, scopes })
    .returning({ id: oauthTokens.id });
  return { token, tokenId: row!.id, appId: owner.id };
}

/** Requests as an app sends them: `Authorization: Bearer` (or nothing), JSON or a form body. */
export function clientApiClient(t: Pick<TestContext, 'app'>, token: string | null) {
  async function request(
    path: string,
    init: RequestInit & { json?: unknown; form?: Record<string, string | string[]> } = {},
  ) {
    const headers = new Headers(init.headers);
    if (token !== null) headers.set('authorization', `Bearer ${token}`);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    } else if (init.form !== undefined) {
      const form = new URLSearchParams();
      for (const [key, value] of Object.entries(init.form)) {
        for (const item of Array.isArray(value) ? value : [value]) form.append(key, item);
      }
      headers.set('content-type', 'application/x-www-form-urlencoded');
      body = form.toString();
    }
    return t.app.request(path, { ...init, headers, body });
  }
  return {
    request,
    get: (path: string) => request(path),
    post: (path: string, json?: unknown) => request(path, { method: 'POST', json: json ?? {} }),
    put: (path: string, json?: unknown) => request(path, { method: 'PUT', json: json ?? {} }),
    patch: (path: string, json?: unknown) => request(path, { method: 'PATCH', json: json ?? {} }),
    delete: (path: string) => request(path, { method: 'DELETE' }),
  };
}

/** A member with an app token: the usual start of a client API test. */
export async function memberWithToken(
  t: TestContext,
  profile: Parameters<TestContext['signUpWithProfile']>[0] = {},
  scopes?: OAuthScope[],
) {
  const member = await t.signUpWithProfile(profile);
  const { token, tokenId, appId } = await issueTestToken(t, member.id, scopes);
  return { member, token, tokenId, appId, api: clientApiClient(t, token) };
}
