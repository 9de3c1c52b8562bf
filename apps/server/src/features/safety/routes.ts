/** HTTP for trust and safety: block, mute, the blocked list. */
import { Hono } from 'hono';
import { pageQuery } from '../../lib/cursor.ts';
import { type AppEnv, signedIn } from '../../lib/http.ts';
import { rateLimit } from '../../lib/rate-limit.ts';
import { listBlocked, setBlock, setMute } from './service.ts';

export const safetyRoutes = new Hono<AppEnv>()
  .put('/users/:userId/block', rateLimit('safety'), signedIn, async (c) =>
    c.json(
      await setBlock({ ctx: c.var.ctx, input: { targetId: c.req.param('userId'), blocked: true } }),
      200,
    ),
  )
  .delete('/users/:userId/block', rateLimit('safety'), signedIn, async (c) =>
    c.json(
      await setBlock({ ctx: c.var.ctx, input: { targetId: c.req.param('userId'), blocked: false } }),
      200,
    ),
  )
  .put('/users/:userId/mute', rateLimit('safety'), signedIn, async (c) =>
    c.json(await setMute({ ctx: c.var.ctx, input: { targetId: c.req.param('userId'), muted: true } }), 200),
  )
  .delete('/users/:userId/mute', rateLimit('safety'), signedIn, async (c) =>
    c.json(await setMute({ ctx: c.var.ctx, input: { targetId: c.req.param('userId'), muted: false } }), 200),
  )
  .get('/me/blocked', signedIn, pageQuery, async (c) =>
    c.json(await listBlocked({ ctx: c.var.ctx, input: c.req.valid('query') }), 200),
  );
