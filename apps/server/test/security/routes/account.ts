/**
 * Who may call each state-changing account route (a test fixture: the security suites read it
 * through security/route-table.ts). The scene is shared by every attempt, so no attempt may really
 * delete its owner (and the test members all share one password): each sends a password nobody
 * has, which must delete nothing. delete-account.test.ts deletes with the right one.
 */
import { eq, like } from 'drizzle-orm';
import { expect } from 'vitest';
import * as schema from '../../../src/db/schema.ts';
import type { RouteEntry } from '../route-entry.ts';

export const accountRouteTable: Record<string, RouteEntry> = {
  'POST /api/account/export': {
    rule: 'Download your data builds an archive of the caller’s own account only.',
    expect: { owner: 202, other: 202, signedOut: 401 },
    rateLimit: 'dataExports',
    body: 'none',
    async attempt(scene, actor) {
      return {
        path: '/api/account/export',
        async verify() {
          const caller = actor === 'owner' ? scene.owner : actor === 'other' ? scene.other : null;
          const rows = await scene.t.db
            .select({ userId: schema.dataExports.userId })
            .from(schema.dataExports);
          // One archive per account, and only the caller's is started.
          expect(new Set(rows.map((r) => r.userId)).size).toBe(rows.length);
          if (caller) expect(rows.map((r) => r.userId)).toContain(caller.id);
        },
      };
    },
  },
  'POST /api/account/delete': {
    rule: 'Delete account deletes only the caller, and only with the caller’s own password.',
    expect: { owner: 400, other: 400, signedOut: 401 },
    rateLimit: 'passwordChecks',
    body: 'json',
    async attempt(scene, actor) {
      return {
        path: '/api/account/delete',
        json: { password: `not the password of ${actor}` },
        async verify() {
          for (const member of [scene.owner, scene.other]) {
            const rows = await scene.t.db.select().from(schema.user).where(eq(schema.user.id, member.id));
            expect(rows).toHaveLength(1);
          }
        },
      };
    },
    // Fuzzed passwords are never the owner's, so no fuzzed request may succeed; the password is
    // only hashed and compared, never stored.
    text: {
      fields: ['password'],
      neverStored: true,
      async stored() {
        throw new Error('a fuzzed password deleted the account');
      },
    },
  },
  'POST /api/account/email': {
    rule: 'Change email asks for the caller’s own password and only ever moves the caller’s address.',
    expect: { owner: 400, other: 400, signedOut: 401 },
    rateLimit: 'passwordChecks',
    body: 'json',
    async attempt(scene, actor) {
      return {
        path: '/api/account/email',
        json: { newEmail: `moved-${actor}@example.com`, password: `not the password of ${actor}` },
        async verify() {
          for (const member of [scene.owner, scene.other]) {
            const [row] = await scene.t.db
              .select({ email: schema.user.email })
              .from(schema.user)
              .where(eq(schema.user.id, member.id));
            expect(row?.email).toBe(member.email);
          }
        },
      };
    },
    // Fuzzed passwords are never the owner's: no fuzzed request may start a change.
    text: {
      fields: ['password'],
      neverStored: true,
      async stored() {
        throw new Error('a fuzzed password started a change of email');
      },
    },
  },
  'POST /api/account/passkeys/options': {
    rule: 'Add a passkey asks for the caller’s own password first; without it no registration options are issued.',
    expect: { owner: 400, other: 400, signedOut: 401 },
    rateLimit: 'passwordChecks',
    body: 'json',
    async attempt(scene, actor) {
      return {
        path: '/api/account/passkeys/options',
        json: { password: `not the password of ${actor}` },
        async verify() {
          // No challenge was kept for any session, so no passkey can be registered.
          const challenges = await scene.t.db
            .select({ id: schema.verification.id })
            .from(schema.verification)
            .where(like(schema.verification.identifier, 'passkey-register:%'));
          expect(challenges).toHaveLength(0);
        },
      };
    },
    // Fuzzed passwords are never the owner's: no fuzzed request may get registration options.
    text: {
      fields: ['password'],
      neverStored: true,
      async stored() {
        throw new Error('a fuzzed password got passkey registration options');
      },
    },
  },
  'POST /api/account/email/undo': {
    rule: 'Undoing a change of email needs the single-use token mailed to the old address; any other token changes no account, whoever sends it.',
    expect: { owner: 400, other: 400, signedOut: 400 },
    rateLimit: 'emailChangeUndo',
    body: 'json',
    async attempt(scene, actor) {
      return {
        path: '/api/account/email/undo',
        json: { token: `not a token mailed to ${actor}` },
        async verify() {
          for (const member of [scene.owner, scene.other]) {
            const [row] = await scene.t.db
              .select({ email: schema.user.email })
              .from(schema.user)
              .where(eq(schema.user.id, member.id));
            expect(row?.email).toBe(member.email);
          }
        },
      };
    },
    // A token is only digested and compared, never stored: no fuzzed one may undo anything.
    text: {
      fields: ['token'],
      neverStored: true,
      async stored() {
        throw new Error('a fuzzed token undid a change of email');
      },
    },
  },
};
