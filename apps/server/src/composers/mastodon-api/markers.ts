/** Read markers: home and notifications (docs.joinmastodon.org/methods). */
import { Hono } from 'hono';
import type { MastodonEnv } from './http.ts';

export const markerRoutes = new Hono<MastodonEnv>();
