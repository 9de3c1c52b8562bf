/**
 * Who may call each state-changing trust-and-safety route (a test fixture: the security suites
 * read it through security/route-table.ts). A new route in the feature's routes.ts needs its entry here.
 */
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import * as schema from '../../../src/db/schema.ts';
import { expectWrittenBy, memberOf, type RouteEntry, storedById } from '../route-entry.ts';
import type { Scene } from '../scene.ts';

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

  'POST /api/users/:userId/reports': {
    rule: 'A report is filed as the caller; the body cannot name another reporter.',
    expect: { owner: 201, other: 201, signedOut: 401 },
    rateLimit: 'reports',
    body: 'json',
    async attempt(scene, actor) {
      const [target] = await scene.t.insertMembers(1, 'Reported');
      return {
        path: `/api/users/${target}/reports`,
        json: { reason: 'Spam' },
        verify: () =>
          expectWrittenBy(
            scene,
            actor,
            schema.reports.reporterId,
            eq(schema.reports.reportedUserId, target!),
          ),
      };
    },
    text: storedById(schema.reports, ['reason']),
  },
  'POST /api/posts/:id/reports': reportEntry('post'),
  'POST /api/comments/:id/reports': reportEntry('comment'),
  'POST /api/events/:id/reports': reportEntry('event'),

  'POST /api/me/muted-words': {
    rule: 'A muted word goes to the caller’s own list.',
    expect: { owner: 201, other: 201, signedOut: 401 },
    rateLimit: 'safety',
    body: 'json',
    async attempt(scene, actor) {
      const word = `w${Math.random().toString(36).slice(2, 10)}`;
      return {
        path: '/api/me/muted-words',
        json: { word },
        verify: () =>
          expectWrittenBy(scene, actor, schema.mutedWords.userId, eq(schema.mutedWords.word, word)),
      };
    },
    text: storedById(schema.mutedWords, ['word']),
  },

  'DELETE /api/me/muted-words/:id': {
    rule: 'Only the member who muted a word removes it from their list.',
    expect: { owner: 204, other: 404, signedOut: 401 },
    rateLimit: null,
    body: 'none',
    async attempt(scene, actor) {
      const response = await scene.owner.post('/api/me/muted-words', {
        word: `w${Math.random().toString(36).slice(2, 10)}`,
      });
      const { id } = (await response.json()) as { id: string };
      return {
        path: `/api/me/muted-words/${id}`,
        async verify() {
          expect(await scene.t.countRows(schema.mutedWords, eq(schema.mutedWords.id, id))).toBe(
            actor === 'owner' ? 0 : 1,
          );
        },
      };
    },
  },
};

/** Reporting a post, comment or event: filed as the caller, about a third member's thing. */
function reportEntry(kind: 'post' | 'comment' | 'event'): RouteEntry {
  return {
    rule: `A report on a ${kind} is filed as the caller; the body cannot name another reporter.`,
    expect: { owner: 201, other: 201, signedOut: 401 },
    rateLimit: 'reports',
    body: 'json',
    async attempt(scene, actor) {
      const targetId = await reportable(scene, kind);
      return {
        path: `/api/${kind}s/${targetId}/reports`,
        json: { reason: 'Abusive' },
        verify: () =>
          expectWrittenBy(scene, actor, schema.reports.reporterId, eq(schema.reports.targetId, targetId)),
      };
    },
    text: storedById(schema.reports, ['reason']),
  };
}

async function reportable(scene: Scene, kind: 'post' | 'comment' | 'event'): Promise<string> {
  const db = scene.t.db;
  if (kind === 'post') return (await scene.t.insertPost(scene.third.id, 'reportable')).id;
  if (kind === 'comment') {
    const post = await scene.t.insertPost(scene.third.id, 'with a comment');
    const [comment] = await db
      .insert(schema.comments)
      .values({ postId: post.id, authorId: scene.third.id, body: 'reportable' })
      .returning();
    return comment!.id;
  }
  const [event] = await db
    .insert(schema.events)
    .values({
      hostId: scene.third.id,
      title: 'Reportable',
      startsAt: new Date(Date.now() + 86_400_000),
      website: 'https://example.com',
      description: 'x',
    })
    .returning();
  return event!.id;
}
