/**
 * Who may call each state-changing route of /admin/federation (a test fixture: the security suites
 * read it through security/route-table.ts): admins only; to members the routes do not exist.
 * Moderators are tried in features/federation/two-servers.test.ts.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import * as schema from '../../db/schema.ts';
import type { RouteEntry } from '../route-entry.ts';
import type { Scene } from '../scene.ts';

const adminOnly = { owner: 200, other: 404, signedOut: 401 };

async function ownerIsAdmin(scene: Scene) {
  await scene.t.db.update(schema.user).set({ role: 'admin' }).where(eq(schema.user.id, scene.owner.id));
}

async function isBlocked(scene: Scene, domain: string) {
  const rows = await scene.t.db
    .select()
    .from(schema.federationDomainBlocks)
    .where(eq(schema.federationDomainBlocks.domain, domain));
  return rows.length > 0;
}

const freshDomain = () => `d${Math.random().toString(36).slice(2, 10)}.example:8443`;

export const federationRouteTable: Record<string, RouteEntry> = {
  'POST /api/admin/federation/domain-blocks': {
    rule: 'Only admins block a domain; to moderators and members the route does not exist.',
    expect: adminOnly,
    rateLimit: null,
    body: 'json',
    // No free text: the domain is a host[:port] checked by the shared schema (bad-input fuzzes it).
    text: { fields: [], stored: async () => ({}) },
    async attempt(scene, actor) {
      await ownerIsAdmin(scene);
      const domain = freshDomain();
      return {
        path: '/api/admin/federation/domain-blocks',
        json: { domain, mediaOnly: false },
        async verify() {
          expect(await isBlocked(scene, domain)).toBe(actor === 'owner');
        },
      };
    },
  },
  'DELETE /api/admin/federation/domain-blocks/:domain': {
    rule: 'Only admins unblock a domain; to moderators and members the route does not exist.',
    expect: { owner: 204, other: 404, signedOut: 401 },
    rateLimit: null,
    body: 'none',
    async attempt(scene, actor) {
      await ownerIsAdmin(scene);
      const domain = freshDomain();
      await scene.t.db.insert(schema.federationDomainBlocks).values({ domain });
      return {
        path: `/api/admin/federation/domain-blocks/${encodeURIComponent(domain)}`,
        async verify() {
          expect(await isBlocked(scene, domain)).toBe(actor !== 'owner');
        },
      };
    },
  },
};
