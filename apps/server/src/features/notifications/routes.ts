import { PageQuery } from '@glimpse/shared';
import { Hono } from 'hono';
import { decodeCursor } from '../../lib/cursor.ts';
import { type AppEnv, query, signedIn } from '../../lib/http.ts';
import { listNotifications, markAllRead, unreadCount } from './service.ts';

export const notificationRoutes = new Hono<AppEnv>()
  .get('/notifications', signedIn, query(PageQuery), async (c) =>
    c.json(await listNotifications(c.var.deps, c.var.viewer, decodeCursor(c.req.valid('query').cursor)), 200),
  )
  .get('/notifications/unread-count', signedIn, async (c) =>
    c.json({ count: await unreadCount(c.var.deps, c.var.viewer) }, 200),
  )
  .post('/notifications/read', signedIn, async (c) =>
    c.json(await markAllRead(c.var.deps, c.var.viewer), 200),
  );
