import { PageQuery } from '@glimpse/shared';
import { Hono } from 'hono';
import { decodeCursor } from '../../lib/cursor.ts';
import { type AppEnv, parseWith, requireViewer } from '../../lib/http.ts';
import { getFeed } from './service.ts';

export const feedRoutes = new Hono<AppEnv>().get('/feed', async (c) => {
  const viewer = requireViewer(c);
  return c.json(await getFeed(c.var.deps, viewer, decodeCursor(parseWith(PageQuery, c.req.query()).cursor)));
});
