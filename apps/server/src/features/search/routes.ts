/** HTTP for the people search in the top bar. */
import { SearchQuery } from '@glimpse/shared';
import { Hono } from 'hono';
import { type AppEnv, query, signedIn } from '../../core/http.ts';
import { searchUsers } from './service.ts';

export const searchRoutes = new Hono<AppEnv>().get('/search/users', signedIn, query(SearchQuery), async (c) =>
  c.json(await searchUsers({ ctx: c.get('ctx'), input: c.req.valid('query') }), 200),
);
