/** HTTP for the people search in the top bar. */
import { SearchQuery } from '@glimpse/shared';
import { Hono } from 'hono';
import { type AppEnv, query, signedIn } from '../../lib/http.ts';
import { isRemoteQuery } from '../federation/lookup.ts';
import { searchRemoteAccount } from '../federation/search.ts';
import { searchUsers } from './service.ts';

export const searchRoutes = new Hono<AppEnv>().get(
  '/search/users',
  signedIn,
  query(SearchQuery),
  async (c) => {
    const { q } = c.req.valid('query');
    const deps = c.get('deps');
    // `@name@host` or a profile URL: an account on another server, found by WebFinger (federation).
    if (deps.env.FEDERATION === 'on' && isRemoteQuery(q)) {
      return c.json(await searchRemoteAccount(deps, c.get('viewer'), q), 200);
    }
    return c.json(await searchUsers({ ctx: c.get('ctx'), input: c.req.valid('query') }), 200);
  },
);
