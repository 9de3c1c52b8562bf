/**
 * Who may call each state-changing route of /admin/federation (a test fixture: the security suites
 * read it through security/route-table.ts): admins only; to members the routes do not exist.
 * Moderators are tried in composers/federation/two-servers.test.ts. And moving between servers:
 * each member aliases and moves only their own account.
 */
import { eq, isNotNull } from 'drizzle-orm';
import { expect } from 'vitest';
import * as schema from '../../../src/db/schema.ts';
import { expectWrittenBy, memberOf, type RouteEntry } from '../route-entry.ts';
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

/** The third member's handle on this server (the test origin's host), and its actor id. */
async function thirdAccount(scene: Scene) {
  const [row] = await scene.t.db
    .select({ username: schema.profiles.username })
    .from(schema.profiles)
    .where(eq(schema.profiles.userId, scene.third.id));
  const origin = scene.t.deps.env.publicUrl;
  return {
    handle: `${row!.username}@${new URL(origin).host}`,
    iri: `${origin}/userpublicfeed/${scene.third.id}`,
  };
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
  'POST /api/account/aliases': {
    rule: 'A member lists a former account as an alias of their own account only.',
    expect: { owner: 200, other: 200, signedOut: 401 },
    rateLimit: 'accountMoves',
    body: 'json',
    // No free text: the handle is a `name@host` or https URL (shared schema), stored only when it
    // names an account (bad-input fuzzes it; the injection texts are not handles).
    text: { fields: [], stored: async () => ({}) },
    async attempt(scene, actor) {
      const third = await thirdAccount(scene);
      const caller = memberOf(scene, actor);
      await scene.t.db.delete(schema.accountAliases).where(eq(schema.accountAliases.iri, third.iri));
      return {
        path: '/api/account/aliases',
        json: { handle: third.handle },
        async verify() {
          const rows = await scene.t.db
            .select({ userId: schema.accountAliases.userId })
            .from(schema.accountAliases)
            .where(eq(schema.accountAliases.iri, third.iri));
          expect(rows.map((r) => r.userId)).toEqual(caller ? [caller.id] : []);
        },
      };
    },
  },
  'DELETE /api/account/aliases': {
    rule: 'A member removes an alias of their own account only; another member’s is not found.',
    expect: { owner: 200, other: 404, signedOut: 401 },
    rateLimit: null,
    body: 'none',
    async attempt(scene, actor) {
      const iri = `https://old.example/users/${Math.random().toString(36).slice(2, 10)}`;
      await scene.t.db
        .insert(schema.accountAliases)
        .values({ userId: scene.owner.id, iri, handle: 'old@old.example' });
      return {
        path: `/api/account/aliases?iri=${encodeURIComponent(iri)}`,
        async verify() {
          const rows = await scene.t.db
            .select()
            .from(schema.accountAliases)
            .where(eq(schema.accountAliases.iri, iri));
          expect(rows).toHaveLength(actor === 'owner' ? 0 : 1);
        },
      };
    },
  },
  'POST /api/account/move': {
    rule: 'A member moves only their own account, and only to one that lists it in alsoKnownAs (re-fetched).',
    expect: { owner: 400, other: 400, signedOut: 401 },
    rateLimit: 'accountMoves',
    body: 'json',
    // The handle is looked up, never stored by a refused move; no fuzzed handle lists the owner.
    text: {
      fields: ['handle'],
      neverStored: true,
      async stored() {
        throw new Error('a fuzzed handle moved the account');
      },
    },
    async attempt(scene) {
      const third = await thirdAccount(scene);
      return {
        path: '/api/account/move',
        json: { handle: third.handle },
        async verify() {
          await expectWrittenBy(
            scene,
            'signedOut',
            schema.profiles.userId,
            isNotNull(schema.profiles.movedToId),
          );
        },
      };
    },
  },
};
