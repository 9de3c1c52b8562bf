/** HTTP for the social graph: public profiles, follow / unfollow, reporting an account. */
import { ReportInput } from '@glimpse/shared';
import { Hono } from 'hono';
import { type AppEnv, jsonBody, signedIn } from '../../core/http.ts';
import { rateLimit } from '../../core/rate-limit.ts';
import { getPublicProfile, reportAccount, setFollow } from './service.ts';

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
  )
  .post('/users/:userId/reports', rateLimit('reports'), signedIn, jsonBody(ReportInput), async (c) =>
    c.json(
      await reportAccount({
        ctx: c.get('ctx'),
        input: { reportedUserId: c.req.param('userId'), ...c.req.valid('json') },
      }),
      201,
    ),
  );
