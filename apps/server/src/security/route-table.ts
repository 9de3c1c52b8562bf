/**
 * Every state-changing API route, with who may do what written down. The authorization matrix,
 * the bad-input properties and the injection tests all read this table, and each fails for a
 * route that has no entry here: adding a route means adding its one entry.
 *
 * "Owner" is the member whose thing is at stake (their post, their like, their follow, their
 * profile, their notifications); "other" is another signed-in member trying to act on it;
 * "signedOut" has no session. Every attempt also carries forged identity fields naming the owner
 * (`userId`, `authorId`, `followerId`…), which must change nothing: the actor is always the caller.
 */

import type { ImagePurpose, RateLimitName } from '@glimpse/shared';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import * as schema from '../db/schema.ts';
import { imageForm, makeJpeg } from '../test/images.ts';
import type { Scene } from './scene.ts';
import { forgedIdentity, json } from './scene.ts';

export type Actor = 'owner' | 'other' | 'signedOut';
export const actors: readonly Actor[] = ['owner', 'other', 'signedOut'];

export interface Attempt {
  path: string;
  /** JSON body (forged identity fields are merged in). */
  json?: Record<string, unknown>;
  /** Multipart body, for uploads. */
  form?: FormData;
  /** What must hold afterwards, beyond the status: whose row changed, whose did not. */
  verify?: (response: Response) => Promise<void>;
}

export interface RouteEntry {
  /** The rule in words; docs/security.md lists the same. */
  rule: string;
  expect: Record<Actor, number>;
  /**
   * The rate limit the route counts against (packages/shared/src/limits.ts), or null: a decision
   * every route must make. abuse-limits.test.ts proves each named one.
   */
  rateLimit: RateLimitName | null;
  /** How the route takes its input: fuzzed accordingly by bad-input.test.ts. */
  body: 'none' | 'json' | 'multipart';
  /** Builds a fresh situation for one attempt by `actor` and returns the request to send. */
  attempt(scene: Scene, actor: Actor): Promise<Attempt>;
  /** JSON routes: the free-text fields, and how to read them back from the database after a 2xx. */
  text?: {
    fields: string[];
    stored(scene: Scene, response: Response): Promise<Record<string, unknown>>;
  };
}

const memberOf = (scene: Scene, actor: Actor) =>
  actor === 'owner' ? scene.owner : actor === 'other' ? scene.other : null;

/** An image row for `ownerId`, without files: enough to attach (attaching checks the row). */
async function insertImage(scene: Scene, ownerId: string, purpose: ImagePurpose) {
  const [row] = await scene.t.db
    .insert(schema.images)
    .values({
      ownerId,
      purpose,
      keys: ['images/0-stand-in-320.webp'],
      widths: [320],
      width: 320,
      height: 320,
      placeholder: '',
    })
    .returning();
  return row!;
}

async function hasRow<T extends { postId: string; userId: string }>(
  scene: Scene,
  table: typeof schema.postLikes | typeof schema.postSaves,
  key: T,
) {
  const rows = await scene.t.db
    .select()
    .from(table)
    .where(and(eq(table.postId, key.postId), eq(table.userId, key.userId)));
  return rows.length === 1;
}

async function insertEvent(scene: Scene, hostId: string) {
  const [row] = await scene.t.db
    .insert(schema.events)
    .values({
      hostId,
      title: 'Picnic',
      startsAt: new Date(Date.now() + 7 * 86_400_000),
      website: 'https://example.com',
      description: 'Bring a blanket',
    })
    .returning();
  return row!;
}

const isInterested = async (scene: Scene, eventId: string, userId: string) =>
  (await scene.t.countRows(
    schema.eventInterests,
    and(eq(schema.eventInterests.eventId, eventId), eq(schema.eventInterests.userId, userId)),
  )) === 1;

async function follows(scene: Scene, followerId: string, followeeId: string) {
  const rows = await scene.t.db
    .select()
    .from(schema.follows)
    .where(and(eq(schema.follows.followerId, followerId), eq(schema.follows.followeeId, followeeId)));
  return rows.length === 1;
}

async function profileRow(scene: Scene, userId: string) {
  const [row] = await scene.t.db.select().from(schema.profiles).where(eq(schema.profiles.userId, userId));
  return row;
}

/** Like and save are the same rule on two tables: only the caller's own mark moves. */
function markEntries(kind: 'like' | 'save') {
  const table = kind === 'like' ? schema.postLikes : schema.postSaves;
  const put: RouteEntry = {
    rule: `${kind === 'like' ? 'Like' : 'Save'} adds the caller's own mark only; a body naming someone else is ignored.`,
    expect: { owner: 200, other: 200, signedOut: 401 },
    // Idempotent toggles that notify nobody: nothing to flood.
    rateLimit: null,
    body: 'none',
    async attempt(scene, actor) {
      const post = await scene.t.insertPost(scene.third.id, `to ${kind}`);
      const caller = memberOf(scene, actor);
      return {
        path: `/api/posts/${post.id}/${kind}`,
        async verify() {
          expect(await hasRow(scene, table, { postId: post.id, userId: scene.owner.id })).toBe(
            actor === 'owner',
          );
          if (caller) expect(await hasRow(scene, table, { postId: post.id, userId: caller.id })).toBe(true);
        },
      };
    },
  };
  const remove: RouteEntry = {
    rule: `Un${kind} removes the caller's own mark only; nobody removes another member's.`,
    expect: { owner: 200, other: 200, signedOut: 401 },
    rateLimit: null,
    body: 'none',
    async attempt(scene, actor) {
      const post = await scene.t.insertPost(scene.third.id, `to un${kind}`);
      expect((await scene.owner.put(`/api/posts/${post.id}/${kind}`)).status).toBe(200);
      return {
        path: `/api/posts/${post.id}/${kind}`,
        async verify() {
          expect(await hasRow(scene, table, { postId: post.id, userId: scene.owner.id })).toBe(
            actor !== 'owner',
          );
        },
      };
    },
  };
  return { put, remove };
}

const like = markEntries('like');
const save = markEntries('save');

export const routeTable: Record<string, RouteEntry> = {
  'POST /api/events': {
    rule: "An event is hosted by the caller, with the caller's own upload; nobody uses another's image.",
    expect: { owner: 201, other: 403, signedOut: 401 },
    rateLimit: 'events',
    body: 'json',
    async attempt(scene, actor) {
      const image = await insertImage(scene, scene.owner.id, 'event');
      return {
        path: '/api/events',
        json: {
          title: 'Picnic',
          startsAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
          website: 'https://example.com',
          description: 'Bring a blanket',
          imageId: image.id,
        },
        async verify(response) {
          const rows = await scene.t.db
            .select()
            .from(schema.events)
            .where(eq(schema.events.imageId, image.id));
          if (actor !== 'owner') return expect(rows).toHaveLength(0);
          expect(rows.map((r) => r.hostId)).toEqual([scene.owner.id]);
          expect((await json<{ id: string }>(response)).id).toBe(rows[0]!.id);
        },
      };
    },
    text: {
      fields: ['title', 'description'],
      async stored(scene, response) {
        const { id } = await json<{ id: string }>(response);
        const [row] = await scene.t.db.select().from(schema.events).where(eq(schema.events.id, id));
        return { title: row?.title, description: row?.description };
      },
    },
  },
  'DELETE /api/events/:id': {
    rule: 'Only the host deletes an event.',
    expect: { owner: 204, other: 403, signedOut: 401 },
    rateLimit: null,
    body: 'none',
    async attempt(scene, actor) {
      const event = await insertEvent(scene, scene.owner.id);
      return {
        path: `/api/events/${event.id}`,
        async verify() {
          expect(await scene.t.countRows(schema.events, eq(schema.events.id, event.id))).toBe(
            actor === 'owner' ? 0 : 1,
          );
        },
      };
    },
  },
  'PUT /api/events/:id/interest': {
    rule: "Interested adds the caller's own mark only.",
    expect: { owner: 200, other: 200, signedOut: 401 },
    rateLimit: null,
    body: 'none',
    async attempt(scene, actor) {
      const event = await insertEvent(scene, scene.third.id);
      const caller = memberOf(scene, actor);
      return {
        path: `/api/events/${event.id}/interest`,
        async verify() {
          expect(await isInterested(scene, event.id, scene.owner.id)).toBe(actor === 'owner');
          if (caller) expect(await isInterested(scene, event.id, caller.id)).toBe(true);
        },
      };
    },
  },
  'DELETE /api/events/:id/interest': {
    rule: "Removing Interested removes only the caller's own mark.",
    expect: { owner: 200, other: 200, signedOut: 401 },
    rateLimit: null,
    body: 'none',
    async attempt(scene, actor) {
      const event = await insertEvent(scene, scene.third.id);
      expect((await scene.owner.put(`/api/events/${event.id}/interest`)).status).toBe(200);
      return {
        path: `/api/events/${event.id}/interest`,
        async verify() {
          expect(await isInterested(scene, event.id, scene.owner.id)).toBe(actor !== 'owner');
        },
      };
    },
  },
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

  'POST /api/images': {
    rule: 'An upload is always owned by the caller.',
    expect: { owner: 201, other: 201, signedOut: 401 },
    rateLimit: 'uploads',
    body: 'multipart',
    async attempt(scene, actor) {
      const form = imageForm(await makeJpeg(64, 48), 'post');
      for (const [name, value] of Object.entries(forgedIdentity(scene.owner.id))) form.set(name, value);
      const caller = memberOf(scene, actor);
      return {
        path: '/api/images',
        form,
        async verify(response) {
          if (!caller) return;
          const { id } = await json<{ id: string }>(response);
          const [row] = await scene.t.db.select().from(schema.images).where(eq(schema.images.id, id));
          expect(row?.ownerId).toBe(caller.id);
        },
      };
    },
  },

  'POST /api/posts': {
    rule: "A post is authored by the caller, with the caller's own upload; nobody posts another's image.",
    expect: { owner: 201, other: 403, signedOut: 401 },
    rateLimit: 'posts',
    body: 'json',
    async attempt(scene, actor) {
      const image = await insertImage(scene, scene.owner.id, 'post');
      return {
        path: '/api/posts',
        json: { imageId: image.id, caption: 'A caption' },
        async verify(response) {
          const rows = await scene.t.db.select().from(schema.posts).where(eq(schema.posts.imageId, image.id));
          if (actor !== 'owner') return expect(rows).toHaveLength(0);
          expect(rows.map((r) => r.authorId)).toEqual([scene.owner.id]);
          expect((await json<{ id: string }>(response)).id).toBe(rows[0]!.id);
        },
      };
    },
    text: {
      fields: ['caption', 'altText'],
      async stored(scene, response) {
        const { id } = await json<{ id: string }>(response);
        const [row] = await scene.t.db.select().from(schema.posts).where(eq(schema.posts.id, id));
        return { caption: row?.caption, altText: row?.altText };
      },
    },
  },

  'DELETE /api/posts/:id': {
    rule: 'Only the author deletes a post.',
    expect: { owner: 204, other: 403, signedOut: 401 },
    rateLimit: null,
    body: 'none',
    async attempt(scene, actor) {
      const post = await scene.t.insertPost(scene.owner.id, 'mine');
      return {
        path: `/api/posts/${post.id}`,
        async verify() {
          expect(await scene.t.countRows(schema.posts, eq(schema.posts.id, post.id))).toBe(
            actor === 'owner' ? 0 : 1,
          );
        },
      };
    },
  },

  'PUT /api/posts/:id/like': like.put,
  'DELETE /api/posts/:id/like': like.remove,
  'PUT /api/posts/:id/save': save.put,
  'DELETE /api/posts/:id/save': save.remove,

  'POST /api/posts/:id/comments': {
    rule: 'A comment is authored by the caller; the body cannot name another author.',
    expect: { owner: 201, other: 201, signedOut: 401 },
    rateLimit: 'comments',
    body: 'json',
    async attempt(scene, actor) {
      const post = await scene.t.insertPost(scene.third.id, 'to comment on');
      const caller = memberOf(scene, actor);
      return {
        path: `/api/posts/${post.id}/comments`,
        json: { body: 'Nice one' },
        async verify() {
          const rows = await scene.t.db
            .select()
            .from(schema.comments)
            .where(eq(schema.comments.postId, post.id));
          expect(rows.map((r) => r.authorId)).toEqual(caller ? [caller.id] : []);
        },
      };
    },
    text: {
      fields: ['body'],
      async stored(scene, response) {
        const { id } = await json<{ id: string }>(response);
        const [row] = await scene.t.db.select().from(schema.comments).where(eq(schema.comments.id, id));
        return { body: row?.body };
      },
    },
  },

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

  'POST /api/users/:userId/reports': {
    rule: 'A report is filed as the caller; the body cannot name another reporter.',
    expect: { owner: 201, other: 201, signedOut: 401 },
    rateLimit: 'reports',
    body: 'json',
    async attempt(scene, actor) {
      const [target] = await scene.t.insertMembers(1, 'Reported');
      const caller = memberOf(scene, actor);
      return {
        path: `/api/users/${target}/reports`,
        json: { reason: 'Spam' },
        async verify() {
          const rows = await scene.t.db
            .select()
            .from(schema.reports)
            .where(eq(schema.reports.reportedUserId, target!));
          expect(rows.map((r) => r.reporterId)).toEqual(caller ? [caller.id] : []);
        },
      };
    },
    text: {
      fields: ['reason'],
      async stored(scene, response) {
        const { id } = await json<{ id: string }>(response);
        const [row] = await scene.t.db.select().from(schema.reports).where(eq(schema.reports.id, id));
        return { reason: row?.reason };
      },
    },
  },

  'POST /api/notifications/read': {
    rule: 'Marking read touches only the caller’s own notifications.',
    expect: { owner: 200, other: 200, signedOut: 401 },
    rateLimit: null,
    body: 'none',
    async attempt(scene, actor) {
      const [fan] = await scene.t.insertMembers(1, 'Fan');
      await scene.t.db.insert(schema.notifications).values({
        recipientId: scene.owner.id,
        actorId: fan!,
        type: 'new_follower',
      });
      return {
        path: '/api/notifications/read',
        async verify() {
          const unread = await scene.t.countRows(
            schema.notifications,
            and(eq(schema.notifications.recipientId, scene.owner.id), eq(schema.notifications.read, false)),
          );
          expect(unread === 0).toBe(actor === 'owner');
        },
      };
    },
  },

  'POST /api/feedback': {
    rule: 'Feedback is authored by the caller.',
    expect: { owner: 201, other: 201, signedOut: 401 },
    rateLimit: 'feedback',
    body: 'json',
    async attempt(scene, actor) {
      const caller = memberOf(scene, actor);
      const marker = `feedback ${Math.random()}`;
      return {
        path: '/api/feedback',
        json: { body: marker },
        async verify() {
          const rows = await scene.t.db
            .select()
            .from(schema.feedback)
            .where(eq(schema.feedback.body, marker));
          expect(rows.map((r) => r.authorId)).toEqual(caller ? [caller.id] : []);
        },
      };
    },
    text: {
      fields: ['body'],
      async stored(scene, response) {
        const { id } = await json<{ id: string }>(response);
        const [row] = await scene.t.db.select().from(schema.feedback).where(eq(schema.feedback.id, id));
        return { body: row?.body };
      },
    },
  },
};

/** Sends `attempt` as `actor`, with forged identity fields naming the owner in the body. */
export async function send(
  scene: Scene,
  method: string,
  actor: Actor,
  attempt: Attempt,
  extraHeaders: Record<string, string> = {},
): Promise<Response> {
  const client = actor === 'owner' ? scene.owner : actor === 'other' ? scene.other : scene.visitor;
  const forged = forgedIdentity(scene.owner.id);
  if (attempt.form) {
    return client.request(attempt.path, { method, body: attempt.form, headers: extraHeaders });
  }
  return client.request(attempt.path, {
    method,
    json: { ...forged, ...attempt.json },
    headers: extraHeaders,
  });
}
