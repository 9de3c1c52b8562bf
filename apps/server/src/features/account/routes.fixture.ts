/**
 * Who may call each state-changing account route (a test fixture: the security suites read it
 * through security/route-table.ts). The scene is shared by every attempt, so no attempt may really
 * delete its owner: each sends a password that is not the caller's, and the rule proves that only
 * the caller's own password deletes, and only the caller's own account. account.test.ts deletes.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import * as schema from '../../db/schema.ts';
import type { RouteEntry } from '../../security/route-entry.ts';

export const accountRouteTable: Record<string, RouteEntry> = {
  'POST /api/account/delete': {
    rule: 'Delete account deletes only the caller, and only with the caller’s own password.',
    expect: { owner: 400, other: 400, signedOut: 401 },
    rateLimit: 'passwordChecks',
    body: 'json',
    async attempt(scene, actor) {
      // The owner sends the other member's password; the other member sends the owner's.
      const password = actor === 'owner' ? scene.other.password : scene.owner.password;
      return {
        path: '/api/account/delete',
        json: { password },
        async verify() {
          for (const member of [scene.owner, scene.other]) {
            const rows = await scene.t.db.select().from(schema.user).where(eq(schema.user.id, member.id));
            expect(rows).toHaveLength(1);
          }
        },
      };
    },
  },
};
