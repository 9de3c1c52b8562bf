/**
 * Who may call each state-changing profile route (a test fixture: the security suites read it
 * through security/route-table.ts). A new route in the feature's routes.ts needs its entry here.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import * as schema from '../../../src/db/schema.ts';
import type { RouteEntry } from '../route-entry.ts';
import type { Scene } from '../scene.ts';

async function profileRow(scene: Scene, userId: string) {
  const [row] = await scene.t.db.select().from(schema.profiles).where(eq(schema.profiles.userId, userId));
  return row;
}

export const profileRouteTable: Record<string, RouteEntry> = {
  'PUT /api/profile': {
    rule: 'A member edits only their own profile: the body cannot name another account.',
    expect: { owner: 200, other: 200, signedOut: 401 },
    rateLimit: null,
    body: 'json',
    async attempt(scene, actor) {
      const before = await profileRow(scene, scene.owner.id);
      const stamp = Math.random().toString(36).slice(2, 8);
      return {
        path: '/api/profile',
        json: { firstName: 'Edited', lastName: 'Name', username: `edited_${stamp}`, bio: `bio ${stamp}` },
        async verify() {
          const after = await profileRow(scene, scene.owner.id);
          if (actor === 'owner') expect(after?.bio).toBe(`bio ${stamp}`);
          else expect(after).toEqual(before);
        },
      };
    },
    text: {
      fields: ['firstName', 'lastName', 'bio'],
      async stored(scene) {
        const row = await profileRow(scene, scene.owner.id);
        return { firstName: row?.firstName, lastName: row?.lastName, bio: row?.bio };
      },
    },
  },

  'PUT /api/me/preferences': {
    rule: 'A member changes only their own media settings: the body cannot name another account.',
    expect: { owner: 200, other: 200, signedOut: 401 },
    rateLimit: null,
    body: 'json',
    async attempt(scene, actor) {
      const before = await profileRow(scene, scene.owner.id);
      return {
        path: '/api/me/preferences',
        json: { showSensitiveMedia: !before?.showSensitiveMedia },
        async verify() {
          const after = await profileRow(scene, scene.owner.id);
          expect(after?.showSensitiveMedia).toBe(
            actor === 'owner' ? !before?.showSensitiveMedia : before?.showSensitiveMedia,
          );
        },
      };
    },
    // No free text: one boolean (bad-input still sends it every other shape).
    text: { fields: [], stored: async () => ({}) },
  },

  'PUT /api/me/language': {
    rule: 'A member sets only their own language: the body cannot name another account.',
    expect: { owner: 200, other: 200, signedOut: 401 },
    rateLimit: null,
    body: 'json',
    async attempt(scene, actor) {
      const before = await accountLanguage(scene, scene.owner.id);
      const next = before === 'de' ? 'fr' : 'de';
      return {
        path: '/api/me/language',
        json: { language: next },
        async verify() {
          expect(await accountLanguage(scene, scene.owner.id)).toBe(actor === 'owner' ? next : before);
        },
      };
    },
    // No free text: one of five codes (bad-input still sends it every other shape).
    text: { fields: [], stored: async () => ({}) },
  },
};

async function accountLanguage(scene: Scene, userId: string) {
  const [row] = await scene.t.db
    .select({ language: schema.user.language })
    .from(schema.user)
    .where(eq(schema.user.id, userId));
  return row?.language ?? null;
}
