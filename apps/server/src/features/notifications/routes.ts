/** HTTP for the caller's notifications: the list, the unread count, mark all read. */
import { Hono } from 'hono';
import { pageQuery } from '../../lib/cursor.ts';
import { type AppEnv, signedIn } from '../../lib/http.ts';
import { listNotifications, markAllRead, unreadCount } from './service.ts';

export const notificationRoutes = new Hono<AppEnv>()
  .get('/notifications', signedIn, pageQuery, async (c) =>
    c.json(await listNotifications({ ctx: c.var.ctx, input: c.req.valid('query') }), 200),
  )
  .get('/notifications/unread-count', signedIn, async (c) =>
    c.json(await unreadCount({ ctx: c.var.ctx }), 200),
  )
  .post('/notifications/read', signedIn, async (c) => c.json(await markAllRead({ ctx: c.var.ctx }), 200));
