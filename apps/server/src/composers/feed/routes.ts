/** HTTP for the home feed: posts of the accounts the caller follows and the caller's own, a page at a time. */
import type { Page, PostDto } from '@glimpse/shared';
import { Hono } from 'hono';
import { jsonText, pageQuery, signedIn } from '../../core/http.ts';
import type { FeedEnv } from './cache.ts';
import { getFeedJson } from './service.ts';

export const feedRoutes = new Hono<FeedEnv>().get('/feed', signedIn, pageQuery, async (c) =>
  jsonText<Page<PostDto>>(
    c,
    await getFeedJson({
      ctx: { ...c.get('ctx'), feedCache: c.get('deps').feedCache },
      input: c.req.valid('query'),
    }),
  ),
);
