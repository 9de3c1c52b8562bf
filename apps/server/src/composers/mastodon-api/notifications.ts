/** Notifications: v1, v2 grouped, clear, dismiss, unread count (docs.joinmastodon.org/methods). */
import { Hono } from 'hono';
import type { MastodonEnv } from './http.ts';

export const notificationRoutes = new Hono<MastodonEnv>();
