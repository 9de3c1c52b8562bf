/** The calls apps make at sign-in that Glimpse answers with an empty list or a faithful object (lists, filters, custom emojis, announcements, trends, suggestions, preferences, conversations…) (docs.joinmastodon.org/methods). */
import { Hono } from 'hono';
import type { MastodonEnv } from './http.ts';

export const signInRoutes = new Hono<MastodonEnv>();
