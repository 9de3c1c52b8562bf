/** Apps: `POST /api/v1/apps` (registration) and `GET /api/v1/apps/verify_credentials` (docs.joinmastodon.org/methods/apps). */
import { Hono } from 'hono';
import type { MastodonEnv } from './http.ts';

export const appRoutes = new Hono<MastodonEnv>();
