/**
 * HTTP for search (composers/search): the top bar, the /search page's tabs, Explore's trending tags,
 * and the places the Location field suggests.
 */
import { SearchQuery, SiteSearchQuery } from '@glimpse/shared';
import { Hono } from 'hono';
import { type AppEnv, query, signedIn } from '../../core/http.ts';
import { isRemoteQuery } from '../federation/accounts.ts';
import {
  getTrendingTags,
  searchEvents,
  searchPlaces,
  searchPosts,
  searchTags,
  searchUsers,
} from './service.ts';

export const searchRoutes = new Hono<AppEnv>()
  .get('/search/users', signedIn, query(SearchQuery), async (c) => {
    const { q } = c.req.valid('query');
    const deps = c.get('deps');
    // `@name@host` or a profile URL: an account on another server, found by WebFinger (federation).
    if (deps.env.FEDERATION === 'on' && isRemoteQuery(q)) {
      // Fedify loads with the first such search, not at start (docs/performance.md, "Memory").
      const { searchRemoteAccount } = await import('../federation/mirror/search.ts');
      return c.json(await searchRemoteAccount(deps, c.get('member'), q), 200);
    }
    return c.json(await searchUsers({ ctx: c.get('ctx'), input: c.req.valid('query') }), 200);
  })
  .get('/search/posts', signedIn, query(SiteSearchQuery), async (c) =>
    c.json(await searchPosts({ ctx: c.get('ctx'), input: c.req.valid('query') }), 200),
  )
  .get('/search/tags', signedIn, query(SiteSearchQuery), async (c) =>
    c.json(await searchTags({ ctx: c.get('ctx'), input: c.req.valid('query') }), 200),
  )
  .get('/search/places', signedIn, query(SiteSearchQuery), async (c) =>
    c.json(
      await searchPlaces({ ctx: c.get('ctx'), input: { ...c.req.valid('query'), withEvents: false } }),
      200,
    ),
  )
  // The Location field of /addpost and Edit, as the member types.
  .get('/places/suggestions', signedIn, query(SiteSearchQuery), async (c) =>
    c.json(
      await searchPlaces({ ctx: c.get('ctx'), input: { ...c.req.valid('query'), withEvents: true } }),
      200,
    ),
  )
  .get('/search/events', signedIn, query(SiteSearchQuery), async (c) =>
    c.json(await searchEvents({ ctx: c.get('ctx'), input: c.req.valid('query') }), 200),
  )
  .get('/trending/tags', signedIn, async (c) => c.json(await getTrendingTags({ ctx: c.get('ctx') }), 200));
