/**
 * The API's routes, chained once so that their types add up: `ApiRoutes` is what the web app's
 * `hc<ApiRoutes>('/api')` client is typed by (a renamed route, a changed input or DTO then fails
 * its typecheck). app.ts mounts this under /api, after the session middleware. The benchmark-only
 * routes stay outside (mounted in app.ts when BENCH_ENDPOINTS=on), so no client can name them.
 */
import { Hono } from 'hono';
import { accountRoutes } from './composers/account/routes.ts';
import { federationAdminRoutes } from './composers/federation/admin/routes.ts';
import { accountMoveRoutes } from './composers/federation/outbox/move-routes.ts';
import { feedRoutes } from './composers/feed/routes.ts';
import { importRoutes } from './composers/import/routes.ts';
import { moderationRoutes } from './composers/moderation/routes.ts';
import { searchRoutes } from './composers/search/routes.ts';
import { socialRoutes } from './composers/social/routes.ts';
import type { AppEnv } from './core/http.ts';
import { communityRoutes } from './features/community/routes.ts';
import { eventRoutes } from './features/events/routes.ts';
import { feedbackRoutes } from './features/feedback/routes.ts';
import { imageRoutes } from './features/images/routes.ts';
import { liveRoutes } from './features/live/routes.ts';
import { notificationRoutes } from './features/notifications/routes.ts';
import { placeRoutes } from './features/posts/place-routes.ts';
import { postRoutes } from './features/posts/routes.ts';
import { tagRoutes } from './features/posts/tag-routes.ts';
import { profileRoutes } from './features/profile/routes.ts';
import { safetyRoutes } from './features/safety/routes.ts';
import { oauthWebRoutes } from './oauth/web-routes.ts';

export const apiRoutes = new Hono<AppEnv>()
  .route('/', profileRoutes)
  .route('/', imageRoutes)
  .route('/', postRoutes)
  .route('/', eventRoutes)
  .route('/', feedRoutes)
  .route('/', socialRoutes)
  .route('/', notificationRoutes)
  .route('/', searchRoutes)
  .route('/', liveRoutes)
  .route('/', feedbackRoutes)
  .route('/', safetyRoutes)
  .route('/', moderationRoutes)
  .route('/', federationAdminRoutes)
  .route('/', accountMoveRoutes)
  .route('/', tagRoutes)
  .route('/', placeRoutes)
  .route('/', accountRoutes)
  .route('/', importRoutes)
  .route('/', oauthWebRoutes)
  .route('/', communityRoutes);

export type ApiRoutes = typeof apiRoutes;
