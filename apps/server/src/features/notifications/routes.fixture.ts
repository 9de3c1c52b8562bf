/**
 * Who may call each state-changing notifications route (a test fixture: the security suites
 * read it through security/route-table.ts). A new route in routes.ts needs its entry here.
 */
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import * as schema from '../../db/schema.ts';
import type { RouteEntry } from '../../security/route-entry.ts';

export const notificationRouteTable: Record<string, RouteEntry> = {
  'POST /api/notifications/read': {
    rule: 'Marking read touches only the caller’s own notifications.',
    expect: { owner: 200, other: 200, signedOut: 401 },
    rateLimit: null,
    body: 'none',
    async attempt(scene, actor) {
      const [fan] = await scene.t.insertMembers(1, 'Fan');
      await scene.t.db.insert(schema.notifications).values({
        recipientId: scene.owner.id,
        actorId: fan!,
        type: 'new_follower',
      });
      return {
        path: '/api/notifications/read',
        async verify() {
          const unread = await scene.t.countRows(
            schema.notifications,
            and(eq(schema.notifications.recipientId, scene.owner.id), eq(schema.notifications.read, false)),
          );
          expect(unread === 0).toBe(actor === 'owner');
        },
      };
    },
  },
};
