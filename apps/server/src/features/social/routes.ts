import { ReportInput } from '@glimpse/shared';
import { Hono } from 'hono';
import { type AppEnv, jsonBody, signedIn } from '../../lib/http.ts';
import { rateLimit } from '../../lib/rate-limit.ts';
import { getPublicProfile, reportAccount, setFollow } from './service.ts';

export const socialRoutes = new Hono<AppEnv>()
  .get('/profiles/:userId', signedIn, async (c) =>
    c.json(await getPublicProfile(c.var.deps, c.var.viewer, c.req.param('userId')), 200),
  )
  // The follower is always the caller: there is no way to follow on someone else's behalf.
  .put('/users/:userId/follow', rateLimit('follows'), signedIn, async (c) =>
    c.json(
      await setFollow(c.var.deps, { viewer: c.var.viewer, targetId: c.req.param('userId'), follow: true }),
      200,
    ),
  )
  .delete('/users/:userId/follow', rateLimit('follows'), signedIn, async (c) =>
    c.json(
      await setFollow(c.var.deps, { viewer: c.var.viewer, targetId: c.req.param('userId'), follow: false }),
      200,
    ),
  )
  .post('/users/:userId/reports', rateLimit('reports'), signedIn, jsonBody(ReportInput), async (c) =>
    c.json(
      await reportAccount(c.var.deps, {
        viewer: c.var.viewer,
        reportedUserId: c.req.param('userId'),
        reason: c.req.valid('json').reason,
      }),
      201,
    ),
  );
