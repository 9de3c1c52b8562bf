/**
 * HTTP for the caller's notifications: the list (All or Mentions), the badge count, mark all
 * read, the per-type preferences with the VAPID public key, and this browser's push subscription.
 */
import {
  NotificationListQuery,
  NotificationPreferencesInput,
  PushSubscriptionInput,
  PushUnsubscribeInput,
} from '@glimpse/shared';
import { Hono } from 'hono';
import { type AppEnv, jsonBody, query, signedIn } from '../../core/http.ts';
import { decodeCursor } from '../../lib/cursor.ts';
import {
  getPreferences,
  listNotifications,
  markAllRead,
  subscribePush,
  unreadCount,
  unsubscribePush,
  updatePreferences,
} from './service.ts';
import { vapidKeys } from './vapid.ts';

const listQuery = query(
  NotificationListQuery.transform(({ cursor, filter }) => ({ cursor: decodeCursor(cursor), filter })),
);

export const notificationRoutes = new Hono<AppEnv>()
  .get('/notifications', signedIn, listQuery, async (c) =>
    c.json(await listNotifications({ ctx: c.get('ctx'), input: c.req.valid('query') }), 200),
  )
  .get('/notifications/unread-count', signedIn, async (c) =>
    c.json(await unreadCount({ ctx: c.get('ctx') }), 200),
  )
  .post('/notifications/read', signedIn, async (c) => c.json(await markAllRead({ ctx: c.get('ctx') }), 200))
  .get('/notifications/preferences', signedIn, async (c) => {
    const { publicKey } = await vapidKeys(c.get('deps').env);
    return c.json(await getPreferences({ ctx: c.get('ctx'), input: { vapidPublicKey: publicKey } }), 200);
  })
  .put('/notifications/preferences', signedIn, jsonBody(NotificationPreferencesInput), async (c) => {
    const { publicKey } = await vapidKeys(c.get('deps').env);
    const input = { changes: c.req.valid('json'), vapidPublicKey: publicKey };
    return c.json(await updatePreferences({ ctx: c.get('ctx'), input }), 200);
  })
  .put('/notifications/push-subscription', signedIn, jsonBody(PushSubscriptionInput), async (c) => {
    await subscribePush({ ctx: c.get('ctx'), input: c.req.valid('json') });
    return c.body(null, 204);
  })
  .delete('/notifications/push-subscription', signedIn, query(PushUnsubscribeInput), async (c) => {
    await unsubscribePush({ ctx: c.get('ctx'), input: c.req.valid('query') });
    return c.body(null, 204);
  });
