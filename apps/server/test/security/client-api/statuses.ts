/**
 * Who may call each client API status route, and with which scope (a test fixture: the client API
 * matrix reads it through security/client-api-table.ts). A new route in
 * composers/mastodon-api/statuses.ts needs its entry here. The owner's posts are made straight in
 * the database: followers-only where another member must get the ordinary 404, public where the
 * rule is who may change it.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { timeIdOf } from '../../../src/composers/mastodon-api/ids.ts';
import * as schema from '../../../src/db/schema.ts';
import type { ClientApiEntry, ClientApiScene } from '../client-api-entry.ts';

/** A post of `authorId` with one stand-in photo; its status id and row id. */
export async function postOf(scene: ClientApiScene, authorId: string, audience: 'public' | 'followers') {
  const post = await scene.t.insertPost(authorId, 'An owner’s photo #matrix', { audience });
  return { postId: post.id, imageId: post.imageId, statusId: timeIdOf('post', post.createdAt, post.id) };
}

/** An upload of `ownerId`'s, not posted yet. */
export async function uploadOf(scene: ClientApiScene, ownerId: string) {
  return (await scene.t.insertImage(ownerId)).id;
}

/** A route that reads one status: the owner's followers-only post, which another member cannot see. */
function readEntry(suffix: string, scopes: ClientApiEntry['scopes'], rule: string): ClientApiEntry {
  return {
    scopes,
    rule,
    expect: { owner: 200, other: 404, wrongScope: 403, noToken: 401 },
    rateLimit: null,
    async attempt(scene) {
      const { statusId } = await postOf(scene, scene.owner.id, 'followers');
      return { path: `/api/v1/statuses/${statusId}${suffix}` };
    },
  };
}

/** Favourite and bookmark and their undos: the caller's own mark, on a post they may see. */
function markEntry(
  action: 'favourite' | 'unfavourite' | 'bookmark' | 'unbookmark',
  scope: 'write:favourites' | 'write:bookmarks',
): ClientApiEntry {
  const table = scope === 'write:favourites' ? schema.postLikes : schema.postSaves;
  const marks = action === 'favourite' || action === 'bookmark';
  return {
    scopes: [scope],
    rule: `${action} moves the caller's own ${scope === 'write:favourites' ? 'like' : 'save'} only, on a post they may see (a followers-only post of someone they do not follow: 404).`,
    expect: { owner: 200, other: 404, wrongScope: 403, noToken: 401 },
    rateLimit: null,
    async attempt(scene, actor) {
      const { postId, statusId } = await postOf(scene, scene.owner.id, 'followers');
      return {
        path: `/api/v1/statuses/${statusId}/${action}`,
        async verify(response) {
          if (response.status !== 200 || actor !== 'owner') return;
          const rows = await scene.t.db.select().from(table).where(eq(table.postId, postId));
          expect(rows.map((row) => row.userId)).toEqual(marks ? [scene.owner.id] : []);
        },
      };
    },
  };
}

/** Pin and unpin: the author's own post only (another member's public post: 403), as Mastodon asks, write:accounts. */
function pinEntry(action: 'pin' | 'unpin'): ClientApiEntry {
  return {
    scopes: ['write:accounts'],
    rule: `${action} changes the token member's own post only: another member's is refused (403) and stays as it was.`,
    expect: { owner: 200, other: 403, wrongScope: 403, noToken: 401 },
    // At most five pins, each idempotent: nothing to flood.
    rateLimit: null,
    async attempt(scene, actor) {
      // Every attempt starts from no pins: earlier ones would reach the limit of five.
      await scene.t.db
        .update(schema.posts)
        .set({ pinnedAt: null })
        .where(eq(schema.posts.authorId, scene.owner.id));
      const { postId, statusId } = await postOf(scene, scene.owner.id, 'public');
      if (action === 'unpin') {
        await scene.t.db
          .update(schema.posts)
          .set({ pinnedAt: new Date() })
          .where(eq(schema.posts.id, postId));
      }
      return {
        path: `/api/v1/statuses/${statusId}/${action}`,
        async verify() {
          const [row] = await scene.t.db.select().from(schema.posts).where(eq(schema.posts.id, postId));
          const changed = actor === 'owner';
          expect(row?.pinnedAt !== null).toBe(action === 'pin' ? changed : !changed);
        },
      };
    },
  };
}

export const statusEntries: Record<string, ClientApiEntry> = {
  'POST /api/v1/statuses': {
    scopes: ['write:statuses'],
    rule: 'A status is posted as the token’s member, with their own uploads only (another member’s upload: 403).',
    expect: { owner: 200, other: 403, wrongScope: 403, noToken: 401 },
    rateLimit: 'posts',
    async attempt(scene, actor) {
      const imageId = await uploadOf(scene, scene.owner.id);
      return {
        path: '/api/v1/statuses',
        json: { status: 'From an app', media_ids: [imageId] },
        async verify(response) {
          if (response.status !== 200) return;
          const status = (await response.json()) as { account: { id: string } };
          expect(status.account.id).toBe(actor === 'owner' ? scene.owner.id : scene.other.id);
        },
      };
    },
  },
  'GET /api/v1/statuses/:id': readEntry(
    '',
    ['read:statuses'],
    'A status is read by whoever the web shows the post to; to anyone else it is "Record not found".',
  ),
  'PUT /api/v1/statuses/:id': {
    scopes: ['write:statuses'],
    rule: 'Only the author edits a post (the web’s editPost): another member who sees it gets 403, and nothing changes.',
    expect: { owner: 200, other: 403, wrongScope: 403, noToken: 401 },
    rateLimit: 'posts',
    async attempt(scene, actor) {
      const { postId, statusId } = await postOf(scene, scene.owner.id, 'public');
      return {
        path: `/api/v1/statuses/${statusId}`,
        json: { status: 'Edited from an app' },
        async verify(response) {
          if (response.status !== 200 || actor !== 'owner') return;
          const [post] = await scene.t.db.select().from(schema.posts).where(eq(schema.posts.id, postId));
          expect(post?.caption).toBe('Edited from an app');
        },
      };
    },
  },
  'DELETE /api/v1/statuses/:id': {
    scopes: ['write:statuses'],
    rule: 'Only the author deletes a post (the web’s deletePost); the answer carries its text for delete-and-redraft.',
    expect: { owner: 200, other: 403, wrongScope: 403, noToken: 401 },
    rateLimit: null,
    async attempt(scene) {
      const { statusId } = await postOf(scene, scene.owner.id, 'public');
      return {
        path: `/api/v1/statuses/${statusId}`,
        async verify(response) {
          if (response.status !== 200) return;
          expect(((await response.json()) as { text: string }).text).toBe('An owner’s photo #matrix');
        },
      };
    },
  },
  'GET /api/v1/statuses/:id/history': readEntry(
    '/history',
    ['read:statuses'],
    'A post’s versions are read by whoever may see the post (the web’s listPostVersions).',
  ),
  'GET /api/v1/statuses/:id/source': readEntry(
    '/source',
    ['read:statuses'],
    'A status’s source text is read by whoever may see it.',
  ),
  'GET /api/v1/statuses/:id/context': readEntry(
    '/context',
    ['read:statuses'],
    'A post’s replies (its comments) are read by whoever may see the post, each reply as the web shows it.',
  ),
  'POST /api/v1/statuses/:id/favourite': markEntry('favourite', 'write:favourites'),
  'POST /api/v1/statuses/:id/unfavourite': markEntry('unfavourite', 'write:favourites'),
  'POST /api/v1/statuses/:id/bookmark': markEntry('bookmark', 'write:bookmarks'),
  'POST /api/v1/statuses/:id/unbookmark': markEntry('unbookmark', 'write:bookmarks'),
  'POST /api/v1/statuses/:id/pin': pinEntry('pin'),
  'POST /api/v1/statuses/:id/unpin': pinEntry('unpin'),
  'POST /api/v1/statuses/:id/quotes/:quoting_status_id/revoke': {
    scopes: ['write:statuses'],
    rule: 'Only the quoted post’s author revokes a quote of it: another member who sees both posts gets 403, and the quote stays.',
    expect: { owner: 200, other: 403, wrongScope: 403, noToken: 401 },
    rateLimit: null,
    async attempt(scene, actor) {
      const quoted = await postOf(scene, scene.owner.id, 'public');
      const quoting = await postOf(scene, scene.third.id, 'public');
      await scene.t.db
        .insert(schema.postQuotes)
        .values({ postId: quoting.postId, quotedPostId: quoted.postId, state: 'accepted' });
      return {
        path: `/api/v1/statuses/${quoted.statusId}/quotes/${quoting.statusId}/revoke`,
        async verify(response) {
          const [row] = await scene.t.db
            .select({ state: schema.postQuotes.state })
            .from(schema.postQuotes)
            .where(eq(schema.postQuotes.postId, quoting.postId));
          expect(row?.state).toBe(response.status === 200 && actor === 'owner' ? 'revoked' : 'accepted');
        },
      };
    },
  },
  'POST /api/v1/statuses/:id/reblog': {
    scopes: ['write:statuses'],
    rule: 'A followers-only post is never shared: 403 in words to who may see it, the ordinary 404 to anyone else.',
    expect: { owner: 403, other: 404, wrongScope: 403, noToken: 401 },
    rateLimit: null,
    async attempt(scene) {
      const { statusId } = await postOf(scene, scene.owner.id, 'followers');
      return { path: `/api/v1/statuses/${statusId}/reblog` };
    },
  },
  'POST /api/v1/statuses/:id/unreblog': {
    scopes: ['write:statuses'],
    rule: 'Undoing a share takes back only the caller’s own; a status out of sight is the ordinary 404.',
    expect: { owner: 200, other: 404, wrongScope: 403, noToken: 401 },
    rateLimit: null,
    async attempt(scene) {
      const { statusId } = await postOf(scene, scene.owner.id, 'followers');
      return { path: `/api/v1/statuses/${statusId}/unreblog` };
    },
  },
  'GET /api/v1/statuses/:id/favourited_by': readEntry(
    '/favourited_by',
    ['read:accounts'],
    'Who liked a post is read by whoever may see the post, leaving out accounts hidden from the reader.',
  ),
  'GET /api/v1/statuses/:id/reblogged_by': readEntry(
    '/reblogged_by',
    ['read:accounts'],
    'Who shared a post is read by whoever may see the post, leaving out accounts hidden from the reader.',
  ),
};
