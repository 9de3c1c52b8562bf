/** Timelines: home, public, tag (docs.joinmastodon.org/methods). */
import { Hono } from 'hono';
import type { MastodonEnv } from './http.ts';

export const timelineRoutes = new Hono<MastodonEnv>();
