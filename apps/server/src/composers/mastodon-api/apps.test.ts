/**
 * `POST /api/v1/apps` and `GET /api/v1/apps/verify_credentials` as apps call them: JSON (masto.js),
 * forms (Tusky, Ivory), `redirect_uris` as an array or a string of several, custom schemes and the
 * out-of-band URN; Mastodon's Application entity back, with a string id, both redirect fields and
 * the VAPID key. A refused registration stores nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientApiClient, issueTestToken, memberWithToken } from '#test/client-api.ts';
import { createTestContext, type TestContext } from '#test/context.ts';
import { oauthApps } from '../../db/schema.ts';
import { vapidKeys } from '../../features/notifications/vapid.ts';
import { hashSecret } from '../../oauth/tokens.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const anonymous = () => clientApiClient(t, null);

interface Application {
  id: string;
  name: string;
  website: string | null;
  scopes: string[];
  redirect_uri: string;
  redirect_uris: string[];
  vapid_key: string;
  client_id?: string;
  client_secret?: string;
}

describe('POST /api/v1/apps', () => {
  it('registers an app from JSON with an array of redirect URIs, custom schemes and oob included', async () => {
    const response = await anonymous().post('/api/v1/apps', {
      client_name: 'Ivory',
      redirect_uris: ['com.example.app://oauth', 'urn:ietf:wg:oauth:2.0:oob'],
      scopes: 'read write follow push',
      website: 'https://tapbots.com/ivory/',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const app = (await response.json()) as Application;
    expect(typeof app.id).toBe('string');
    expect(app).toMatchObject({
      name: 'Ivory',
      website: 'https://tapbots.com/ivory/',
      scopes: ['read', 'write', 'follow', 'push'],
      redirect_uri: 'com.example.app://oauth\nurn:ietf:wg:oauth:2.0:oob',
      redirect_uris: ['com.example.app://oauth', 'urn:ietf:wg:oauth:2.0:oob'],
      vapid_key: (await vapidKeys(t.deps.env)).publicKey,
    });
    expect(app.client_id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(app.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the secret's hash is stored.
    const [row] = await t.db
      .select()
      .from(oauthApps)
      .where((await import('drizzle-orm')).eq(oauthApps.id, app.id));
    expect(row!.clientSecretHash).toBe(hashSecret(app.client_secret!));
    expect(JSON.stringify(row)).not.toContain(app.client_secret!);
  });

  it('takes a form, with redirect_uris as one string of several (spaces or new lines), and read by default', async () => {
    const response = await anonymous().request('/api/v1/apps', {
      method: 'POST',
      form: { client_name: 'Tusky', redirect_uris: 'tusky://oauth\nhttps://example.com/cb other.app:/cb' },
    });
    expect(response.status).toBe(200);
    const app = (await response.json()) as Application;
    expect(app.redirect_uris).toEqual(['tusky://oauth', 'https://example.com/cb', 'other.app:/cb']);
    expect(app.scopes).toEqual(['read']);
    expect(app.website).toBeNull();
  });

  it('takes a body with no Content-Type at all', async () => {
    const response = await anonymous().request('/api/v1/apps', {
      method: 'POST',
      body: 'client_name=Bare&redirect_uris=urn%3Aietf%3Awg%3Aoauth%3A2.0%3Aoob&scopes=read+write',
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as Application).scopes).toEqual(['read', 'write']);
  });

  it('refuses an unknown scope, a missing name or redirect, a script redirect and a bad website with 422, storing nothing', async () => {
    const before = await t.countRows(oauthApps);
    for (const body of [
      { client_name: 'X', redirect_uris: 'urn:ietf:wg:oauth:2.0:oob', scopes: 'read admin:everything' },
      { redirect_uris: 'urn:ietf:wg:oauth:2.0:oob' },
      { client_name: 'X' },
      { client_name: 'X', redirect_uris: 'javascript:alert(1)' },
      { client_name: 'X', redirect_uris: 'data:text/html,hi' },
      { client_name: 'X', redirect_uris: 'https://example.com/cb#fragment' },
      { client_name: 'X', redirect_uris: 'not a uri' },
      { client_name: 'X', redirect_uris: 'urn:ietf:wg:oauth:2.0:oob', website: 'javascript:alert(1)' },
      { client_name: 'X'.repeat(61), redirect_uris: 'urn:ietf:wg:oauth:2.0:oob' },
    ]) {
      const response = await anonymous().post('/api/v1/apps', body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(((await response.json()) as { error: string }).error).toMatch(/^Validation failed: /);
    }
    expect(await t.countRows(oauthApps)).toBe(before);
  });

  it('is open to a member with a token too (apps register before anyone signs in)', async () => {
    const { api } = await memberWithToken(t);
    const response = await api.post('/api/v1/apps', {
      client_name: 'Elk',
      redirect_uris: 'https://elk.zone/cb',
    });
    expect(response.status).toBe(200);
  });
});

describe('rate limit', () => {
  it('refuses registrations past the limit from one address with 429', async () => {
    const limited = await createTestContext({ RATE_LIMITS: 'on' }, { seedAdmin: false });
    try {
      const client = clientApiClient(limited, null);
      const { rateLimits } = await import('@glimpse/shared');
      for (let i = 0; i < rateLimits.appRegistrations.max; i++) {
        const ok = await client.post('/api/v1/apps', {
          client_name: `A${i}`,
          redirect_uris: 'urn:ietf:wg:oauth:2.0:oob',
        });
        expect(ok.status).toBe(200);
      }
      const refused = await client.post('/api/v1/apps', {
        client_name: 'Z',
        redirect_uris: 'urn:ietf:wg:oauth:2.0:oob',
      });
      expect(refused.status).toBe(429);
      expect(typeof ((await refused.json()) as { error: string }).error).toBe('string');
    } finally {
      await limited.close();
    }
  });
});

describe('GET /api/v1/apps/verify_credentials', () => {
  it('names the token’s own app, without its secret, for a member’s token and an app’s own', async () => {
    const registered = (await (
      await anonymous().post('/api/v1/apps', {
        client_name: 'Phanpy',
        redirect_uris: 'https://phanpy.social/',
        scopes: 'read write',
        website: 'https://phanpy.social',
      })
    ).json()) as Application;
    const member = await t.signUpWithProfile();
    for (const userId of [member.id, null]) {
      const { token } = await issueTestToken(t, userId, ['read'], { id: registered.id });
      const response = await clientApiClient(t, token).get('/api/v1/apps/verify_credentials');
      expect(response.status).toBe(200);
      const app = (await response.json()) as Application;
      expect(app).toMatchObject({ id: registered.id, name: 'Phanpy', website: 'https://phanpy.social' });
      expect(app.redirect_uris).toEqual(['https://phanpy.social/']);
      expect(app.client_secret).toBeUndefined();
      expect(app.vapid_key).toBe(registered.vapid_key);
    }
  });

  it('answers 401 without a token and with a made-up one', async () => {
    expect((await anonymous().get('/api/v1/apps/verify_credentials')).status).toBe(401);
    const response = await clientApiClient(t, 'made-up-token').get('/api/v1/apps/verify_credentials');
    expect(response.status).toBe(401);
    // A browser app (Elk, Phanpy) reads the error only if the refusal carries CORS too.
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-expose-headers')).toContain('Link');
    expect(await response.json()).toEqual({ error: 'The access token is invalid' });
  });
});
