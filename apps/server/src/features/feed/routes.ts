import { PageQuery } from '@glimpse/shared';
import { Hono } from 'hono';
import { decodeCursor } from '../../lib/cursor.ts';
import { type AppEnv, query, signedIn } from '../../lib/http.ts';
import { getFeed } from './service.ts';

export const feedRoutes = new Hono<AppEnv>().get('/feed', signedIn, query(PageQuery), async (c) =>
  c.json(await getFeed(c.var.deps, c.var.viewer, decodeCursor(c.req.valid('query').cursor)), 200),
);
