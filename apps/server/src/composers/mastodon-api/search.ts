/** Search: /api/v2/search, tags (docs.joinmastodon.org/methods). */
import { Hono } from 'hono';
import type { MastodonEnv } from './http.ts';

export const searchRoutes = new Hono<MastodonEnv>();
