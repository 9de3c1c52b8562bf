/**
 * Apps: `POST /api/v1/apps` (registration) and `GET /api/v1/apps/verify_credentials`
 * (docs.joinmastodon.org/methods/apps). Registration needs no token; the app then signs a member
 * in through OAuth (apps/server/src/oauth). The answer is Mastodon's Application entity: a string
 * `id`, the client id and secret (shown this once), `redirect_uris` as an array and, for older
 * apps, `redirect_uri` as one string, and the VAPID key apps subscribe to web push with.
 */
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { rateLimit } from '../../core/rate-limit.ts';
import { oauthApps } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import { vapidKeys } from '../../features/notifications/vapid.ts';
import { bodyParams } from '../../lib/params.ts';
import { checkRegistration, type OAuthApp, registerApp } from '../../oauth/clients.ts';
import { type MastodonEnv, mastodonErrors } from './http.ts';

/** The Application entity as every answer shares it (Mastodon's REST::ApplicationSerializer). */
async function serializeApp(app: OAuthApp, env: Env) {
  return {
    id: app.id,
    name: app.name,
    website: app.website,
    scopes: app.scopes,
    redirect_uri: app.redirectUris.join('\n'),
    redirect_uris: app.redirectUris,
    vapid_key: (await vapidKeys(env)).publicKey,
  };
}

export const appRoutes = new Hono<MastodonEnv>()
  .post('/v1/apps', rateLimit('appRegistrations'), async (c) => {
    const params = await bodyParams(c.req.raw);
    const registration = checkRegistration({
      name: params.client_name,
      website: params.website,
      redirectUris: params.redirect_uris ?? params.redirect_uri,
      scopes: params.scopes,
    });
    const { app, clientSecret } = await registerApp(c.get('deps').db, registration);
    return c.json(
      {
        ...(await serializeApp(app, c.get('deps').env)),
        client_id: app.clientId,
        client_secret: clientSecret,
        // Mastodon 4.3: client secrets never expire.
        client_secret_expires_at: 0,
      },
      200,
    );
  })
  /** Any valid token of the app, a member's or its own (client_credentials); no scope needed. */
  .get('/v1/apps/verify_credentials', async (c) => {
    const caller = c.get('caller');
    if (!caller) return c.json({ error: mastodonErrors.invalidToken }, 401);
    const [app] = await c.get('deps').db.select().from(oauthApps).where(eq(oauthApps.id, caller.appId));
    if (!app) return c.json({ error: mastodonErrors.invalidToken }, 401);
    return c.json(await serializeApp(app, c.get('deps').env), 200);
  });
