/** HTTP for the social graph: public profiles, follow / unfollow. */
import { Hono } from 'hono';
import { type AppEnv, signedIn } from '../../core/http.ts';
import { rateLimit } from '../../core/rate-limit.ts';
import { getPublicProfile, setFollow } from './service.ts';

export const socialRoutes = new Hono<AppEnv>()
  .get('/profiles/:userId', signedIn, async (c) =>
    c.json(await getPublicProfile({ ctx: c.get('ctx'), input: { userId: c.req.param('userId') } }), 200),
  )
  // The follower is always the caller: there is no way to follow on someone else's behalf.
  .put('/users/:userId/follow', rateLimit('follows'), signedIn, async (c) =>
    c.json(
      await setFollow({ ctx: c.get('ctx'), input: { targetId: c.req.param('userId'), follow: true } }),
      200,
    ),
  )
  .delete('/users/:userId/follow', rateLimit('follows'), signedIn, async (c) =>
    c.json(
      await setFollow({ ctx: c.get('ctx'), input: { targetId: c.req.param('userId'), follow: false } }),
      200,
    ),
  );
