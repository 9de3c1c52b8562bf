/**
 * Who may call each state-changing social route (a test fixture: the security suites read it
 * through security/route-table.ts). A new route in the feature's routes.ts needs its entry here.
 */
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import * as schema from '../../db/schema.ts';
import { memberOf, type RouteEntry } from '../route-entry.ts';
import type { Scene } from '../scene.ts';

async function follows(scene: Scene, followerId: string, followeeId: string) {
  const rows = await scene.t.db
    .select()
    .from(schema.follows)
    .where(and(eq(schema.follows.followerId, followerId), eq(schema.follows.followeeId, followeeId)));
  return rows.length === 1;
}

export const socialRouteTable: Record<string, RouteEntry> = {
  'PUT /api/users/:userId/follow': {
    rule: 'Follow always makes the caller the follower: nobody follows on someone else’s behalf.',
    expect: { owner: 200, other: 200, signedOut: 401 },
    rateLimit: 'follows',
    body: 'none',
    async attempt(scene, actor) {
      const [target] = await scene.t.insertMembers(1, 'Target');
      const caller = memberOf(scene, actor);
      return {
        path: `/api/users/${target}/follow`,
        async verify() {
          expect(await follows(scene, scene.owner.id, target!)).toBe(actor === 'owner');
          if (caller) expect(await follows(scene, caller.id, target!)).toBe(true);
        },
      };
    },
  },

  'DELETE /api/users/:userId/follow': {
    rule: 'Unfollow removes only the caller’s own follow.',
    expect: { owner: 200, other: 200, signedOut: 401 },
    rateLimit: 'follows',
    body: 'none',
    async attempt(scene, actor) {
      const [target] = await scene.t.insertMembers(1, 'Target');
      expect((await scene.owner.put(`/api/users/${target}/follow`)).status).toBe(200);
      return {
        path: `/api/users/${target}/follow`,
        async verify() {
          expect(await follows(scene, scene.owner.id, target!)).toBe(actor !== 'owner');
        },
      };
    },
  },
};
