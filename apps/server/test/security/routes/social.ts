/**
 * Who may call each state-changing social route (a test fixture: the security suites read it
 * through security/route-table.ts). A new route in the feature's routes.ts needs its entry here.
 */
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import * as schema from '../../../src/db/schema.ts';
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

  'PUT /api/me/privacy': {
    rule: 'The private-account switch changes only the caller’s own account.',
    expect: { owner: 200, other: 200, signedOut: 401 },
    // A switch on one's own account: turning it off tells only the people who asked to follow.
    rateLimit: null,
    body: 'json',
    async attempt(scene, actor) {
      await scene.t.db
        .update(schema.profiles)
        .set({ isPrivate: false })
        .where(eq(schema.profiles.userId, scene.owner.id));
      const caller = memberOf(scene, actor);
      return {
        path: '/api/me/privacy',
        json: { isPrivate: true },
        async verify() {
          expect(await isPrivate(scene, scene.owner.id)).toBe(actor === 'owner');
          if (caller) expect(await isPrivate(scene, caller.id)).toBe(true);
        },
      };
    },
    // A boolean only: no text to store.
    text: { fields: [], stored: async () => ({}) },
  },

  'POST /api/follow-requests/:userId/approve': answerEntry(true),
  'POST /api/follow-requests/:userId/decline': answerEntry(false),
};

async function isPrivate(scene: Scene, userId: string) {
  const [row] = await scene.t.db
    .select({ isPrivate: schema.profiles.isPrivate })
    .from(schema.profiles)
    .where(eq(schema.profiles.userId, userId));
  return Boolean(row?.isPrivate);
}

/** Approve and decline answer requests to the caller only: nobody answers for someone else. */
function answerEntry(approve: boolean): RouteEntry {
  return {
    rule: `${approve ? 'Approve' : 'Decline'} answers only a request to follow the caller; another member’s request is a 404 to them.`,
    expect: { owner: 200, other: 404, signedOut: 401 },
    rateLimit: null,
    body: 'none',
    async attempt(scene) {
      await scene.t.db
        .update(schema.profiles)
        .set({ isPrivate: true })
        .where(eq(schema.profiles.userId, scene.owner.id));
      const [requesterId] = await scene.t.insertMembers(1, 'Requester');
      const requester = await scene.t.signInAs(requesterId!);
      expect((await requester.put(`/api/users/${scene.owner.id}/follow`)).status).toBe(200);
      return {
        path: `/api/follow-requests/${requesterId}/${approve ? 'approve' : 'decline'}`,
        async verify(response) {
          const answered = response.status === 200;
          expect(await follows(scene, requesterId!, scene.owner.id)).toBe(approve && answered);
          const waiting = await scene.t.db
            .select()
            .from(schema.followRequests)
            .where(
              and(
                eq(schema.followRequests.followerId, requesterId!),
                eq(schema.followRequests.followeeId, scene.owner.id),
              ),
            );
          expect(waiting.length).toBe(answered ? 0 : 1);
        },
      };
    },
  };
}
