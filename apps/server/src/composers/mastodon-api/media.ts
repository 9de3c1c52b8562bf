/** Media: uploads (v2 and v1), their state and description (docs.joinmastodon.org/methods). */
import { Hono } from 'hono';
import type { MastodonEnv } from './http.ts';

export const mediaRoutes = new Hono<MastodonEnv>();
