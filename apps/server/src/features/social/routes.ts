import { ReportInput } from '@glimpse/shared';
import { Hono } from 'hono';
import { type AppEnv, parseJson, requireViewer } from '../../lib/http.ts';
import { rateLimit } from '../../lib/rate-limit.ts';
import { getPublicProfile, reportAccount, setFollow } from './service.ts';

export const socialRoutes = new Hono<AppEnv>()
  .get('/profiles/:userId', async (c) =>
    c.json(await getPublicProfile(c.var.deps, requireViewer(c), c.req.param('userId'))),
  )
  // The follower is always the caller: there is no way to follow on someone else's behalf.
  .put('/users/:userId/follow', rateLimit('follows'), async (c) =>
    c.json(
      await setFollow(c.var.deps, {
        viewer: requireViewer(c),
        targetId: c.req.param('userId'),
        follow: true,
      }),
    ),
  )
  .delete('/users/:userId/follow', rateLimit('follows'), async (c) =>
    c.json(
      await setFollow(c.var.deps, {
        viewer: requireViewer(c),
        targetId: c.req.param('userId'),
        follow: false,
      }),
    ),
  )
  .post('/users/:userId/reports', rateLimit('reports'), async (c) => {
    const viewer = requireViewer(c);
    const { reason } = await parseJson(c, ReportInput);
    return c.json(
      await reportAccount(c.var.deps, { viewer, reportedUserId: c.req.param('userId'), reason }),
      201,
    );
  });
