/** HTTP for the home feed: posts of the accounts the caller follows, a page at a time. */
import { Hono } from 'hono';
import { pageQuery } from '../../lib/cursor.ts';
import { type AppEnv, signedIn } from '../../lib/http.ts';
import { getFeed } from './service.ts';

export const feedRoutes = new Hono<AppEnv>().get('/feed', signedIn, pageQuery, async (c) =>
  c.json(await getFeed({ ctx: c.get('ctx'), input: c.req.valid('query') }), 200),
);
