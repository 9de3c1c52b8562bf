/**
 * Who may call each state-changing notifications route (a test fixture: the security suites
 * read it through security/route-table.ts). A new route in the feature's routes.ts needs its entry here.
 */
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { notify } from '../../../src/core/notify.ts';
import * as schema from '../../../src/db/schema.ts';
import { expectWrittenBy, memberOf, type RouteEntry } from '../route-entry.ts';

// A P-256 public key and an auth secret of the right shapes (the browser makes real ones).
const keys = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
};

export const notificationRouteTable: Record<string, RouteEntry> = {
  'POST /api/notifications/read': {
    rule: 'Marking read touches only the caller’s own notifications.',
    expect: { owner: 200, other: 200, signedOut: 401 },
    rateLimit: null,
    body: 'none',
    async attempt(scene, actor) {
      const [fan] = await scene.t.insertMembers(1, 'Fan');
      await notify(scene.t.db, { type: 'new_follower', recipientId: scene.owner.id, actorId: fan! });
      return {
        path: '/api/notifications/read',
        async verify() {
          const unread = await scene.t.countRows(
            schema.notificationGroups,
            and(
              eq(schema.notificationGroups.recipientId, scene.owner.id),
              eq(schema.notificationGroups.read, false),
            ),
          );
          expect(unread === 0).toBe(actor === 'owner');
        },
      };
    },
  },
  'PUT /api/notifications/preferences': {
    rule: 'Notification preferences change only the caller’s own.',
    expect: { owner: 200, other: 200, signedOut: 401 },
    rateLimit: null,
    body: 'json',
    async attempt(scene, actor) {
      // Every attempt starts from the owner having everything on.
      await scene.t.db
        .delete(schema.notificationPreferences)
        .where(eq(schema.notificationPreferences.userId, scene.owner.id));
      return {
        path: '/api/notifications/preferences',
        json: { inApp: { post_like: false } },
        async verify() {
          const [row] = await scene.t.db
            .select()
            .from(schema.notificationPreferences)
            .where(eq(schema.notificationPreferences.userId, scene.owner.id));
          expect(row?.inAppOff.includes('post_like') ?? false).toBe(actor === 'owner');
        },
      };
    },
    // On/off flags only: no free text to store as sent.
    text: { fields: [], stored: async () => ({}) },
  },
  'PUT /api/notifications/push-subscription': {
    rule: 'A push subscription is saved for the caller.',
    expect: { owner: 204, other: 204, signedOut: 401 },
    rateLimit: null,
    body: 'json',
    async attempt(scene, actor) {
      const endpoint = `https://push.example.com/send/${Math.random().toString(36).slice(2)}`;
      return {
        path: '/api/notifications/push-subscription',
        json: { endpoint, keys },
        verify: () =>
          expectWrittenBy(
            scene,
            actor,
            schema.pushSubscriptions.userId,
            eq(schema.pushSubscriptions.endpoint, endpoint),
          ),
      };
    },
    // A push service URL and two keys, never shown to anyone: no free text.
    text: { fields: [], stored: async () => ({}) },
  },
  'DELETE /api/notifications/push-subscription': {
    rule: 'Only the subscriber removes their push subscription.',
    expect: { owner: 204, other: 204, signedOut: 401 },
    rateLimit: null,
    body: 'none',
    async attempt(scene, actor) {
      const endpoint = `https://push.example.com/send/${Math.random().toString(36).slice(2)}`;
      await scene.t.db.insert(schema.pushSubscriptions).values({ endpoint, userId: scene.owner.id, ...keys });
      return {
        path: `/api/notifications/push-subscription?endpoint=${encodeURIComponent(endpoint)}`,
        async verify() {
          const left = await scene.t.countRows(
            schema.pushSubscriptions,
            eq(schema.pushSubscriptions.endpoint, endpoint),
          );
          expect(left).toBe(memberOf(scene, actor) === scene.owner ? 0 : 1);
        },
      };
    },
  },
};
