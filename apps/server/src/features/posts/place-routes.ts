/** HTTP for place pages (/locations/{slug}); suggestions and the Places tab are composers/search's. */
import { messages, PlaceSlugParam } from '@glimpse/shared';
import { Hono } from 'hono';
import { type AppEnv, pageQuery, param, signedIn } from '../../core/http.ts';
import { notFound } from '../../lib/errors.ts';
import { getLocationPage } from './places.ts';

/** A segment no slug could be names no page: 404, as an unknown tag does. */
const slugParam = param('slug', (value) => {
  const parsed = PlaceSlugParam.safeParse(value);
  if (!parsed.success) throw notFound(messages.places.notFound);
  return parsed.data;
});

export const placeRoutes = new Hono<AppEnv>().get(
  '/locations/:slug/posts',
  signedIn,
  slugParam,
  pageQuery,
  async (c) =>
    c.json(
      await getLocationPage({
        ctx: c.get('ctx'),
        input: { slug: c.req.valid('param').slug, cursor: c.req.valid('query').cursor },
      }),
      200,
    ),
);
