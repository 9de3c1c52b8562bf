/** HTTP for the home feed: posts of the accounts the caller follows, a page at a time. */
import type { Page, PostDto } from '@glimpse/shared';
import { Hono } from 'hono';
import { pageQuery } from '../../lib/cursor.ts';
import { type AppEnv, jsonText, signedIn } from '../../lib/http.ts';
import { getFeedJson } from './service.ts';

export const feedRoutes = new Hono<AppEnv>().get('/feed', signedIn, pageQuery, async (c) =>
  jsonText<Page<PostDto>>(c, await getFeedJson({ ctx: c.get('ctx'), input: c.req.valid('query') })),
);
