/** The instance: /api/v1/instance, /api/v2/instance, rules (docs.joinmastodon.org/methods). */
import { Hono } from 'hono';
import type { MastodonEnv } from './http.ts';

export const instanceRoutes = new Hono<MastodonEnv>();
