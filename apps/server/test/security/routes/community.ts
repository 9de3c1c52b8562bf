/**
 * Who may call each state-changing route of who may join (a test fixture: the security suites read
 * it through security/route-table.ts): the registration settings and the rules are admins'; a
 * waiting sign-up is answered by staff (moderators in features/community/registrations.test.ts);
 * invite links are each member's own; announcements are admins' to write, and each member dismisses
 * them for themself.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import * as schema from '../../../src/db/schema.ts';
import { expectWrittenBy, type RouteEntry, storedById } from '../route-entry.ts';
import { json, type Scene } from '../scene.ts';

const adminOnly = { owner: 200, other: 404, signedOut: 401 };

/** In these entries the owner is the instance's admin; the other member is a member. */
async function ownerIsAdmin(scene: Scene) {
  await scene.t.db.update(schema.user).set({ role: 'admin' }).where(eq(schema.user.id, scene.owner.id));
}

/** A sign-up waiting for approval, with its address confirmed. */
async function waitingSignUp(scene: Scene) {
  const [userId] = await scene.t.insertMembers(1, 'Waiting');
  await scene.t.db.update(schema.user).set({ emailVerified: true }).where(eq(schema.user.id, userId!));
  await scene.t.db
    .insert(schema.signUps)
    .values({ userId: userId!, reason: 'Let me in', network: '192.0.2.0/24', waiting: true });
  return userId!;
}

async function isWaiting(scene: Scene, userId: string) {
  const [row] = await scene.t.db.select().from(schema.signUps).where(eq(schema.signUps.userId, userId));
  return row?.waiting;
}

async function aRule(scene: Scene, text = 'Be kind') {
  const [row] = await scene.t.db.insert(schema.serverRules).values({ text, position: 100 }).returning();
  return row!;
}

/** An announcement showing now. Earlier ones go first, so repeated attempts never reach the cap. */
async function anAnnouncement(scene: Scene) {
  await scene.t.db.delete(schema.announcements);
  const [row] = await scene.t.db
    .insert(schema.announcements)
    .values({ text: 'Maintenance tonight', startsAt: new Date(Date.now() - 60_000) })
    .returning();
  return row!;
}

export const communityRouteTable: Record<string, RouteEntry> = {
  'POST /api/admin/email-domain-blocks': {
    rule: 'Only admins block an email domain; to moderators and members the route does not exist.',
    expect: { owner: 201, other: 404, signedOut: 401 },
    rateLimit: null,
    body: 'json',
    // No free text: a domain is a hostname or a 400 (stored in its normalized form), the action a fixed word.
    text: { fields: [], stored: async () => ({}) },
    async attempt(scene, actor) {
      await ownerIsAdmin(scene);
      const domain = `spam-${Math.random().toString(36).slice(2)}.example`;
      return {
        path: '/api/admin/email-domain-blocks',
        json: { domain, severity: 'refuse' },
        async verify() {
          expect(
            await scene.t.countRows(schema.emailDomainBlocks, eq(schema.emailDomainBlocks.domain, domain)),
          ).toBe(actor === 'owner' ? 1 : 0);
        },
      };
    },
  },
  'DELETE /api/admin/email-domain-blocks/:domain': {
    rule: 'Only admins lift an email domain block.',
    expect: { owner: 204, other: 404, signedOut: 401 },
    rateLimit: null,
    body: 'none',
    async attempt(scene, actor) {
      await ownerIsAdmin(scene);
      const domain = `lifted-${Math.random().toString(36).slice(2)}.example`;
      await scene.t.db.insert(schema.emailDomainBlocks).values({ domain, severity: 'approval' });
      return {
        path: `/api/admin/email-domain-blocks/${domain}`,
        async verify() {
          expect(
            await scene.t.countRows(schema.emailDomainBlocks, eq(schema.emailDomainBlocks.domain, domain)),
          ).toBe(actor === 'owner' ? 0 : 1);
        },
      };
    },
  },
  'POST /api/admin/announcements': {
    rule: 'Only admins publish announcements; to moderators and members the route does not exist.',
    expect: { owner: 201, other: 404, signedOut: 401 },
    rateLimit: null,
    body: 'json',
    text: storedById(schema.announcements, ['text']),
    async attempt(scene, actor) {
      await ownerIsAdmin(scene);
      await scene.t.db.delete(schema.announcements);
      const text = `News ${Math.random().toString(36).slice(2)}`;
      return {
        path: '/api/admin/announcements',
        json: { text, startsAt: new Date().toISOString(), endsAt: null },
        async verify() {
          expect(await scene.t.countRows(schema.announcements, eq(schema.announcements.text, text))).toBe(
            actor === 'owner' ? 1 : 0,
          );
        },
      };
    },
  },
  'DELETE /api/admin/announcements/:announcementId': {
    rule: 'Only admins delete an announcement.',
    expect: { owner: 204, other: 404, signedOut: 401 },
    rateLimit: null,
    body: 'none',
    async attempt(scene, actor) {
      await ownerIsAdmin(scene);
      const announcement = await anAnnouncement(scene);
      return {
        path: `/api/admin/announcements/${announcement.id}`,
        async verify() {
          expect(
            await scene.t.countRows(schema.announcements, eq(schema.announcements.id, announcement.id)),
          ).toBe(actor === 'owner' ? 0 : 1);
        },
      };
    },
  },
  'POST /api/announcements/:announcementId/dismiss': {
    rule: 'A member dismisses an announcement for themself only; the read state of others is untouched.',
    expect: { owner: 204, other: 204, signedOut: 401 },
    rateLimit: null,
    body: 'none',
    async attempt(scene, actor) {
      const announcement = await anAnnouncement(scene);
      return {
        path: `/api/announcements/${announcement.id}/dismiss`,
        async verify() {
          await expectWrittenBy(
            scene,
            actor,
            schema.announcementDismissals.userId,
            eq(schema.announcementDismissals.announcementId, announcement.id),
          );
        },
      };
    },
  },
  'PUT /api/admin/registrations': {
    rule: 'Only admins change who may join; to moderators and members the route does not exist.',
    expect: adminOnly,
    rateLimit: null,
    body: 'json',
    // No free text: a mode and a setting from fixed lists.
    text: { fields: [], stored: async () => ({}) },
    async attempt(scene, actor) {
      await ownerIsAdmin(scene);
      // Set up as the defaults, changed by the request, put back by verify: a refused attempt (no
      // verify) leaves the defaults, which the other suites' sign-ups and invites rely on.
      await scene.t.db
        .update(schema.instanceSettings)
        .set({ registrationMode: 'open', invitesBy: 'members' });
      return {
        path: '/api/admin/registrations',
        json: { invitesBy: 'staff' },
        async verify() {
          const [row] = await scene.t.db.select().from(schema.instanceSettings);
          expect(row?.invitesBy).toBe(actor === 'owner' ? 'staff' : 'members');
          await scene.t.db.update(schema.instanceSettings).set({ invitesBy: 'members' });
        },
      };
    },
  },
  'POST /api/admin/registrations/:userId/approve': {
    rule: 'Only moderators and admins approve a waiting sign-up; to members the route does not exist.',
    expect: { owner: 204, other: 404, signedOut: 401 },
    rateLimit: null,
    body: 'none',
    async attempt(scene, actor) {
      await ownerIsAdmin(scene);
      const userId = await waitingSignUp(scene);
      return {
        path: `/api/admin/registrations/${userId}/approve`,
        async verify() {
          expect(await isWaiting(scene, userId)).toBe(actor !== 'owner');
        },
      };
    },
  },
  'POST /api/admin/registrations/:userId/reject': {
    rule: 'Only moderators and admins reject a waiting sign-up (the account goes); to members the route does not exist.',
    expect: { owner: 204, other: 404, signedOut: 401 },
    rateLimit: null,
    body: 'none',
    async attempt(scene, actor) {
      await ownerIsAdmin(scene);
      const userId = await waitingSignUp(scene);
      return {
        path: `/api/admin/registrations/${userId}/reject`,
        async verify() {
          expect(await scene.t.countRows(schema.user, eq(schema.user.id, userId))).toBe(
            actor === 'owner' ? 0 : 1,
          );
        },
      };
    },
  },
  'POST /api/invites': {
    rule: 'A member makes invite links as themself only (while members may invite); the body cannot name another inviter.',
    expect: { owner: 201, other: 201, signedOut: 401 },
    rateLimit: null,
    body: 'json',
    text: { fields: [], stored: async () => ({}) },
    async attempt(scene, actor) {
      await scene.t.db.update(schema.instanceSettings).set({ invitesBy: 'members' });
      return {
        path: '/api/invites',
        json: { maxUses: 3, expiresIn: '1d' },
        async verify(response) {
          if (response.status !== 201) return;
          const { id } = await json<{ id: string }>(response.clone());
          await expectWrittenBy(scene, actor, schema.invites.inviterId, eq(schema.invites.id, id));
        },
      };
    },
  },
  'DELETE /api/invites/:inviteId': {
    rule: 'Only its creator revokes an invite link; anyone else finds none.',
    expect: { owner: 200, other: 404, signedOut: 401 },
    rateLimit: null,
    body: 'none',
    async attempt(scene, actor) {
      const [invite] = await scene.t.db
        .insert(schema.invites)
        .values({ code: `c${Math.random().toString(36).slice(2)}`, inviterId: scene.owner.id })
        .returning();
      return {
        path: `/api/invites/${invite!.id}`,
        async verify() {
          const [row] = await scene.t.db
            .select()
            .from(schema.invites)
            .where(eq(schema.invites.id, invite!.id));
          expect(row?.revokedAt !== null).toBe(actor === 'owner');
        },
      };
    },
  },
  'POST /api/admin/rules': {
    rule: 'Only admins write the server’s rules; to moderators and members the route does not exist.',
    expect: { owner: 201, other: 404, signedOut: 401 },
    rateLimit: null,
    body: 'json',
    text: storedById(schema.serverRules, ['text', 'explanation']),
    async attempt(scene, actor) {
      await ownerIsAdmin(scene);
      const text = `Rule ${Math.random().toString(36).slice(2)}`;
      return {
        path: '/api/admin/rules',
        json: { text, explanation: 'Why' },
        async verify() {
          expect(await scene.t.countRows(schema.serverRules, eq(schema.serverRules.text, text))).toBe(
            actor === 'owner' ? 1 : 0,
          );
        },
      };
    },
  },
  'PUT /api/admin/rules/:ruleId': {
    rule: 'Only admins edit a rule.',
    expect: adminOnly,
    rateLimit: null,
    body: 'json',
    text: storedById(schema.serverRules, ['text', 'explanation']),
    async attempt(scene, actor) {
      await ownerIsAdmin(scene);
      const rule = await aRule(scene);
      return {
        path: `/api/admin/rules/${rule.id}`,
        json: { text: 'Be kinder', explanation: '' },
        async verify() {
          const [row] = await scene.t.db
            .select()
            .from(schema.serverRules)
            .where(eq(schema.serverRules.id, rule.id));
          expect(row?.text).toBe(actor === 'owner' ? 'Be kinder' : 'Be kind');
        },
      };
    },
  },
  'DELETE /api/admin/rules/:ruleId': {
    rule: 'Only admins delete a rule.',
    expect: { owner: 204, other: 404, signedOut: 401 },
    rateLimit: null,
    body: 'none',
    async attempt(scene, actor) {
      await ownerIsAdmin(scene);
      const rule = await aRule(scene);
      return {
        path: `/api/admin/rules/${rule.id}`,
        async verify() {
          expect(await scene.t.countRows(schema.serverRules, eq(schema.serverRules.id, rule.id))).toBe(
            actor === 'owner' ? 0 : 1,
          );
        },
      };
    },
  },
  'POST /api/admin/rules/:ruleId/move': {
    rule: 'Only admins reorder the rules.',
    expect: adminOnly,
    rateLimit: null,
    body: 'json',
    text: { fields: [], stored: async () => ({}) },
    async attempt(scene, actor) {
      await ownerIsAdmin(scene);
      const above = await aRule(scene, 'Above');
      await scene.t.db
        .update(schema.serverRules)
        .set({ position: 1000 })
        .where(eq(schema.serverRules.id, above.id));
      const rule = await aRule(scene, 'Below');
      await scene.t.db
        .update(schema.serverRules)
        .set({ position: 1001 })
        .where(eq(schema.serverRules.id, rule.id));
      return {
        path: `/api/admin/rules/${rule.id}/move`,
        json: { direction: 'up' },
        async verify() {
          const [row] = await scene.t.db
            .select()
            .from(schema.serverRules)
            .where(eq(schema.serverRules.id, rule.id));
          expect(row?.position).toBe(actor === 'owner' ? 1000 : 1001);
        },
      };
    },
  },
};
