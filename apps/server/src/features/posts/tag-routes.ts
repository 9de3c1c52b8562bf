/** HTTP for hashtag pages (/tags/{tag}), following a hashtag and the list of those followed; the tag search is composers/search's. */
import { messages, TagParam } from '@glimpse/shared';
import { Hono } from 'hono';
import { type AppEnv, pageQuery, param, signedIn } from '../../core/http.ts';
import { rateLimit } from '../../core/rate-limit.ts';
import { notFound } from '../../lib/errors.ts';
import { listFollowedTags, setTagFollow } from './followed-tags.ts';
import { getTagPage } from './tags.ts';

/** A path segment that cannot be a hashtag names no page: 404, as an unknown post id does. */
const tagParam = param('tag', (value) => {
  const parsed = TagParam.safeParse(value);
  if (!parsed.success) throw notFound(messages.tags.invalid);
  return parsed.data;
});

export const tagRoutes = new Hono<AppEnv>()
  .get('/tags/:tag/posts', signedIn, tagParam, pageQuery, async (c) =>
    c.json(
      await getTagPage({
        ctx: c.get('ctx'),
        input: { tag: c.req.valid('param').tag, cursor: c.req.valid('query').cursor },
      }),
      200,
    ),
  )
  .put('/tags/:tag/follow', rateLimit('follows'), signedIn, tagParam, async (c) =>
    c.json(
      await setTagFollow({ ctx: c.get('ctx'), input: { tag: c.req.valid('param').tag, following: true } }),
      200,
    ),
  )
  .delete('/tags/:tag/follow', rateLimit('follows'), signedIn, tagParam, async (c) =>
    c.json(
      await setTagFollow({ ctx: c.get('ctx'), input: { tag: c.req.valid('param').tag, following: false } }),
      200,
    ),
  )
  .get('/followed-tags', signedIn, async (c) => {
    const { db, actor } = c.get('ctx');
    return c.json({ items: await listFollowedTags(db, actor.id) }, 200);
  });
