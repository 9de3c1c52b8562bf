/**
 * Who may call each state-changing trust-and-safety route (a test fixture: the security suites
 * read it through security/route-table.ts). A new route in routes.ts needs its entry here.
 */
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import * as schema from '../../db/schema.ts';
import { memberOf, type RouteEntry } from '../../security/route-entry.ts';
import type { Scene } from '../../security/scene.ts';

async function blockedBy(scene: Scene, blockerId: string, blockedId: string) {
  const rows = await scene.t.db
    .select()
    .from(schema.blocks)
    .where(and(eq(schema.blocks.blockerId, blockerId), eq(schema.blocks.blockedId, blockedId)));
  return rows.length === 1;
}

async function mutedBy(scene: Scene, muterId: string, mutedId: string) {
  const rows = await scene.t.db
    .select()
    .from(schema.mutes)
    .where(and(eq(schema.mutes.muterId, muterId), eq(schema.mutes.mutedId, mutedId)));
  return rows.length === 1;
}

export const safetyRouteTable: Record<string, RouteEntry> = {
  'PUT /api/users/:userId/block': {
    rule: 'Block always makes the caller the blocker: nobody blocks on someone else’s behalf.',
    expect: { owner: 200, other: 200, signedOut: 401 },
    rateLimit: 'safety',
    body: 'none',
    async attempt(scene, actor) {
      const [target] = await scene.t.insertMembers(1, 'Target');
      const caller = memberOf(scene, actor);
      return {
        path: `/api/users/${target}/block`,
        async verify() {
          expect(await blockedBy(scene, scene.owner.id, target!)).toBe(actor === 'owner');
          if (caller) expect(await blockedBy(scene, caller.id, target!)).toBe(true);
        },
      };
    },
  },

  'DELETE /api/users/:userId/block': {
    rule: 'Unblock removes only the caller’s own block.',
    expect: { owner: 200, other: 200, signedOut: 401 },
    rateLimit: 'safety',
    body: 'none',
    async attempt(scene, actor) {
      const [target] = await scene.t.insertMembers(1, 'Target');
      expect((await scene.owner.put(`/api/users/${target}/block`)).status).toBe(200);
      return {
        path: `/api/users/${target}/block`,
        async verify() {
          expect(await blockedBy(scene, scene.owner.id, target!)).toBe(actor !== 'owner');
        },
      };
    },
  },

  'PUT /api/users/:userId/mute': {
    rule: 'Mute always makes the caller the muter.',
    expect: { owner: 200, other: 200, signedOut: 401 },
    rateLimit: 'safety',
    body: 'none',
    async attempt(scene, actor) {
      const [target] = await scene.t.insertMembers(1, 'Target');
      const caller = memberOf(scene, actor);
      return {
        path: `/api/users/${target}/mute`,
        async verify() {
          expect(await mutedBy(scene, scene.owner.id, target!)).toBe(actor === 'owner');
          if (caller) expect(await mutedBy(scene, caller.id, target!)).toBe(true);
        },
      };
    },
  },

  'DELETE /api/users/:userId/mute': {
    rule: 'Unmute removes only the caller’s own mute.',
    expect: { owner: 200, other: 200, signedOut: 401 },
    rateLimit: 'safety',
    body: 'none',
    async attempt(scene, actor) {
      const [target] = await scene.t.insertMembers(1, 'Target');
      expect((await scene.owner.put(`/api/users/${target}/mute`)).status).toBe(200);
      return {
        path: `/api/users/${target}/mute`,
        async verify() {
          expect(await mutedBy(scene, scene.owner.id, target!)).toBe(actor !== 'owner');
        },
      };
    },
  },
};
