/**
 * The Mastodon client API (docs/api.md): `/api/v1/…` and `/api/v2/…` as docs.joinmastodon.org
 * documents them, so that Ivory, Tusky, Elk, Phanpy and the other apps work with Glimpse. It is a
 * translation layer: each resource's routes read their parameters as Mastodon names them, call
 * the same services as the web app's routes with the member their token names, and answer with
 * one serializer per entity (serializers/, as Mastodon's app/serializers/rest/).
 *
 * Open to every origin (browser apps call from theirs); only a bearer token is read, never the
 * session cookie. Every answer is JSON, an unknown path included.
 */
import { Hono } from 'hono';
import { clientApiCors } from '../../lib/cors.ts';
import type { TokenCheck } from '../../oauth/tokens.ts';
import { accountRoutes } from './accounts.ts';
import { announcementRoutes } from './announcements.ts';
import { appRoutes } from './apps.ts';
import { bearer, type MastodonEnv, mastodonErrorHandler, mastodonErrors } from './http.ts';
import { instanceRoutes } from './instance.ts';
import { markerRoutes } from './markers.ts';
import { mediaRoutes } from './media.ts';
import { notificationRoutes } from './notifications.ts';
import { pushRoutes } from './push.ts';
import { searchRoutes } from './search.ts';
import { signInRoutes } from './sign-in.ts';
import { statusRoutes } from './statuses.ts';
import { streamingRoutes } from './streaming.ts';
import { timelineRoutes } from './timelines.ts';

/** The paths of the client API: the app's own guards (Origin check, session) stay off them. */
export const isClientApiPath = (path: string) => /^\/api\/v[12](\/|$)/.test(path);

/** Mounted at `/api` by app.ts. */
export function createClientApi(checkToken: TokenCheck) {
  const api = new Hono<MastodonEnv>();
  api.use('/v1/*', clientApiCors());
  api.use('/v2/*', clientApiCors());
  api.use('/v1/*', bearer(checkToken));
  api.use('/v2/*', bearer(checkToken));
  api
    .route('/', appRoutes)
    .route('/', instanceRoutes)
    .route('/', accountRoutes)
    .route('/', statusRoutes)
    .route('/', timelineRoutes)
    .route('/', mediaRoutes)
    .route('/', notificationRoutes)
    .route('/', markerRoutes)
    .route('/', announcementRoutes)
    .route('/', pushRoutes)
    .route('/', searchRoutes)
    .route('/', signInRoutes)
    .route('/', streamingRoutes(checkToken));
  api.all('/v1/*', (c) => c.json({ error: mastodonErrors.notFound }, 404));
  api.all('/v2/*', (c) => c.json({ error: mastodonErrors.notFound }, 404));
  api.onError(mastodonErrorHandler);
  return api;
}
