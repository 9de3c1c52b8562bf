/** Web push subscriptions of apps (docs.joinmastodon.org/methods). */
import { Hono } from 'hono';
import type { MastodonEnv } from './http.ts';

export const pushRoutes = new Hono<MastodonEnv>();
