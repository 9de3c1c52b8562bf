import { PageQuery } from '@glimpse/shared';
import { Hono } from 'hono';
import { decodeCursor } from '../../lib/cursor.ts';
import { type AppEnv, parseWith, requireViewer } from '../../lib/http.ts';
import { listNotifications, markAllRead, unreadCount } from './service.ts';

export const notificationRoutes = new Hono<AppEnv>()
  .get('/notifications', async (c) => {
    const viewer = requireViewer(c);
    const cursor = decodeCursor(parseWith(PageQuery, c.req.query()).cursor);
    return c.json(await listNotifications(c.var.deps, viewer, cursor));
  })
  .get('/notifications/unread-count', async (c) =>
    c.json({ count: await unreadCount(c.var.deps, requireViewer(c)) }),
  )
  .post('/notifications/read', async (c) => c.json(await markAllRead(c.var.deps, requireViewer(c))));
