/** Statuses: create, read, edit, delete, context, favourite, bookmark, reblog, favourited_by, reblogged_by, history, source (docs.joinmastodon.org/methods). */
import { Hono } from 'hono';
import type { MastodonEnv } from './http.ts';

export const statusRoutes = new Hono<MastodonEnv>();
