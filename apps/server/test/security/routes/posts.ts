/**
 * Who may call each state-changing posts route (a test fixture: the security suites read it
 * through security/route-table.ts). A new route in the feature's routes.ts needs its entry here.
 */
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import * as schema from '../../../src/db/schema.ts';
import { expectWrittenBy, insertImage, memberOf, type RouteEntry, storedById } from '../route-entry.ts';
import type { Scene } from '../scene.ts';
import { json } from '../scene.ts';

async function hasRow<T extends { postId: string; userId: string }>(
  scene: Scene,
  table: typeof schema.postLikes | typeof schema.postSaves | typeof schema.postShares,
  key: T,
) {
  const rows = await scene.t.db
    .select()
    .from(table)
    .where(and(eq(table.postId, key.postId), eq(table.userId, key.userId)));
  return rows.length === 1;
}

const tables = { like: schema.postLikes, save: schema.postSaves, share: schema.postShares };
const names = { like: 'Like', save: 'Save', share: 'Share' };

/**
 * Like, save and share are the same rule on three tables: only the caller's own mark moves (a
 * share's other rule, public posts only, is in features/posts/shares.test.ts).
 */
function markEntries(kind: 'like' | 'save' | 'share') {
  const table = tables[kind];
  const put: RouteEntry = {
    rule: `${names[kind]} adds the caller's own mark only; a body naming someone else is ignored.`,
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
const share = markEntries('share');

const followsTag = async (scene: Scene, userId: string, tag: string) =>
  (await scene.t.countRows(
    schema.followedTags,
    and(eq(schema.followedTags.userId, userId), eq(schema.followedTags.tag, tag)),
  )) === 1;

/** Follow hashtag / Unfollow hashtag: each member's own list only, as a follow of an account. */
const tagFollow: { put: RouteEntry; remove: RouteEntry } = {
  put: {
    rule: 'Follow hashtag adds the tag to the caller’s own list only; a body naming someone else is ignored.',
    expect: { owner: 200, other: 200, signedOut: 401 },
    rateLimit: 'follows',
    body: 'none',
    async attempt(scene, actor) {
      const tag = `followme${crypto.randomUUID().slice(0, 8)}`;
      const caller = memberOf(scene, actor);
      return {
        path: `/api/tags/${tag}/follow`,
        async verify() {
          expect(await followsTag(scene, scene.owner.id, tag)).toBe(actor === 'owner');
          if (caller) expect(await followsTag(scene, caller.id, tag)).toBe(true);
        },
      };
    },
  },
  remove: {
    rule: 'Unfollow hashtag removes the tag from the caller’s own list only.',
    expect: { owner: 200, other: 200, signedOut: 401 },
    rateLimit: 'follows',
    body: 'none',
    async attempt(scene, actor) {
      const tag = `unfollowme${crypto.randomUUID().slice(0, 8)}`;
      expect((await scene.owner.put(`/api/tags/${tag}/follow`)).status).toBe(200);
      return {
        path: `/api/tags/${tag}/follow`,
        async verify() {
          expect(await followsTag(scene, scene.owner.id, tag)).toBe(actor !== 'owner');
        },
      };
    },
  },
};

export const postRouteTable: Record<string, RouteEntry> = {
  'POST /api/posts': {
    rule: "A post is authored by the caller, with the caller's own upload; nobody posts another's image.",
    expect: { owner: 201, other: 403, signedOut: 401 },
    rateLimit: 'posts',
    body: 'json',
    async attempt(scene, actor) {
      const image = await insertImage(scene, scene.owner.id, 'post');
      return {
        path: '/api/posts',
        json: { photos: [{ imageId: image.id, altText: 'A photo' }], caption: 'A caption' },
        async verify(response) {
          const rows = await scene.t.db
            .select({ id: schema.posts.id, authorId: schema.posts.authorId })
            .from(schema.posts)
            .innerJoin(schema.postImages, eq(schema.postImages.postId, schema.posts.id))
            .where(eq(schema.postImages.imageId, image.id));
          if (actor !== 'owner') return expect(rows).toHaveLength(0);
          expect(rows.map((r) => r.authorId)).toEqual([scene.owner.id]);
          expect((await json<{ id: string }>(response)).id).toBe(rows[0]!.id);
        },
      };
    },
    text: storedById(schema.posts, ['caption', 'contentWarning']),
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

  'PUT /api/posts/:id/pin': {
    rule: 'Only the author pins a post to their profile, up to five.',
    expect: { owner: 200, other: 403, signedOut: 401 },
    // Idempotent, and capped at five pins: nothing to flood.
    rateLimit: null,
    body: 'none',
    async attempt(scene, actor) {
      // Every attempt pins anew: the owner's earlier pins would reach the limit of five.
      await scene.t.db
        .update(schema.posts)
        .set({ pinnedAt: null })
        .where(eq(schema.posts.authorId, scene.owner.id));
      const post = await scene.t.insertPost(scene.owner.id, 'to pin');
      return {
        path: `/api/posts/${post.id}/pin`,
        async verify() {
          const [row] = await scene.t.db.select().from(schema.posts).where(eq(schema.posts.id, post.id));
          expect(row?.pinnedAt !== null).toBe(actor === 'owner');
        },
      };
    },
  },
  'DELETE /api/posts/:id/pin': {
    rule: 'Only the author unpins a post.',
    expect: { owner: 200, other: 403, signedOut: 401 },
    rateLimit: null,
    body: 'none',
    async attempt(scene, actor) {
      const post = await scene.t.insertPost(scene.owner.id, 'pinned');
      await scene.t.db.update(schema.posts).set({ pinnedAt: new Date() }).where(eq(schema.posts.id, post.id));
      return {
        path: `/api/posts/${post.id}/pin`,
        async verify() {
          const [row] = await scene.t.db.select().from(schema.posts).where(eq(schema.posts.id, post.id));
          expect(row?.pinnedAt === null).toBe(actor === 'owner');
        },
      };
    },
  },

  'DELETE /api/posts/:id/quote': {
    rule: 'Only the quoted post’s author removes a quote of it; the quoting post’s author cannot.',
    expect: { owner: 200, other: 403, signedOut: 401 },
    // Idempotent, and only ever about the caller's own posts: nothing to flood.
    rateLimit: null,
    body: 'none',
    async attempt(scene, actor) {
      const quoted = await scene.t.insertPost(scene.owner.id, 'quoted');
      const quoting = await scene.t.insertPost(scene.other.id, 'quoting');
      await scene.t.db
        .insert(schema.postQuotes)
        .values({ postId: quoting.id, quotedPostId: quoted.id, state: 'accepted' });
      return {
        path: `/api/posts/${quoting.id}/quote`,
        async verify() {
          const [row] = await scene.t.db
            .select()
            .from(schema.postQuotes)
            .where(eq(schema.postQuotes.postId, quoting.id));
          expect(row?.state).toBe(actor === 'owner' ? 'revoked' : 'accepted');
        },
      };
    },
  },

  'PUT /api/posts/:id/like': like.put,
  'DELETE /api/posts/:id/like': like.remove,
  'PUT /api/tags/:tag/follow': tagFollow.put,
  'DELETE /api/tags/:tag/follow': tagFollow.remove,
  'PUT /api/posts/:id/share': share.put,
  'DELETE /api/posts/:id/share': share.remove,
  'PUT /api/posts/:id/save': save.put,
  'DELETE /api/posts/:id/save': save.remove,

  'POST /api/posts/:id/comments': {
    rule: 'A comment is authored by the caller; the body cannot name another author.',
    expect: { owner: 201, other: 201, signedOut: 401 },
    rateLimit: 'comments',
    body: 'json',
    async attempt(scene, actor) {
      const post = await scene.t.insertPost(scene.third.id, 'to comment on');
      return {
        path: `/api/posts/${post.id}/comments`,
        json: { body: 'Nice one' },
        verify: () =>
          expectWrittenBy(scene, actor, schema.comments.authorId, eq(schema.comments.postId, post.id)),
      };
    },
    text: storedById(schema.comments, ['body']),
  },

  'PATCH /api/posts/:id': {
    rule: 'Only the author edits a post (caption, alt texts, content warning, sensitive flag); every earlier version is kept.',
    expect: { owner: 200, other: 403, signedOut: 401 },
    rateLimit: 'posts',
    body: 'json',
    async attempt(scene, actor) {
      const post = await scene.t.insertPost(scene.owner.id, 'as first written');
      return {
        path: `/api/posts/${post.id}`,
        json: { caption: 'as edited', altTexts: ['a photo'], sensitive: true },
        async verify() {
          const [row] = await scene.t.db.select().from(schema.posts).where(eq(schema.posts.id, post.id));
          expect(row?.caption).toBe(actor === 'owner' ? 'as edited' : 'as first written');
          expect(await scene.t.countRows(schema.postVersions, eq(schema.postVersions.postId, post.id))).toBe(
            actor === 'owner' ? 1 : 0,
          );
        },
      };
    },
    text: storedById(schema.posts, ['caption', 'contentWarning']),
  },

  'DELETE /api/posts/:id/comments/:commentId': {
    rule: "A comment is deleted by its author or by the post's author; nobody else.",
    // "owner" wrote the comment on a third member's post; the post's author is tried in posts.test.ts.
    expect: { owner: 204, other: 403, signedOut: 401 },
    rateLimit: null,
    body: 'none',
    async attempt(scene) {
      const post = await scene.t.insertPost(scene.third.id, 'commented on');
      const response = await scene.owner.post(`/api/posts/${post.id}/comments`, { body: 'mine' });
      const { id } = await json<{ id: string }>(response);
      return {
        path: `/api/posts/${post.id}/comments/${id}`,
        async verify(result) {
          const left = await scene.t.countRows(schema.comments, eq(schema.comments.id, id));
          expect(left).toBe(result.status === 204 ? 0 : 1);
          const [row] = await scene.t.db.select().from(schema.posts).where(eq(schema.posts.id, post.id));
          expect(row?.commentCount).toBe(left);
        },
      };
    },
  },
};
