import { SearchQuery } from '@glimpse/shared';
import { Hono } from 'hono';
import { type AppEnv, parseWith, requireViewer } from '../../lib/http.ts';
import { searchUsers } from './service.ts';

export const searchRoutes = new Hono<AppEnv>().get('/search/users', async (c) => {
  requireViewer(c);
  const { q } = parseWith(SearchQuery, c.req.query());
  return c.json(await searchUsers(c.var.deps, q));
});
