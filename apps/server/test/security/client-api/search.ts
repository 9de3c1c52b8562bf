/**
 * Search and tags in the client API matrix (composers/mastodon-api/search.ts): search is a
 * member's (the web's search services and their visibility rule); a tag anyone may read; following
 * tags is each member's own.
 */

import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import * as schema from '../../../src/db/schema.ts';
import type { ClientApiEntry, ClientApiScene } from '../client-api-entry.ts';

const followsTag = async (scene: ClientApiScene, userId: string, tag: string) =>
  (await scene.t.countRows(
    schema.followedTags,
    and(eq(schema.followedTags.userId, userId), eq(schema.followedTags.tag, tag)),
  )) === 1;

/** Follow / unfollow a tag: only ever the token member's own list, as the web's Follow hashtag. */
function tagFollowEntry(action: 'follow' | 'unfollow'): ClientApiEntry {
  return {
    scopes: ['write:follows', 'follow'],
    rule: `A tag ${action} changes only the token member’s own followed tags.`,
    expect: { owner: 200, other: 200, wrongScope: 403, noToken: 401 },
    rateLimit: 'follows',
    async attempt(scene, actor) {
      const tag = `api${action}${crypto.randomUUID().slice(0, 8)}`;
      if (action === 'unfollow') expect((await scene.owner.put(`/api/tags/${tag}/follow`)).status).toBe(200);
      return {
        path: `/api/v1/tags/${tag}/${action}`,
        async verify(response) {
          const ownerFollows = action === 'follow' ? actor === 'owner' : actor !== 'owner';
          expect(await followsTag(scene, scene.owner.id, tag)).toBe(ownerFollows);
          if (response.status === 200)
            expect(await response.json()).toMatchObject({ name: tag, following: action === 'follow' });
        },
      };
    },
  };
}

export const searchEntries: Record<string, ClientApiEntry> = {
  'GET /api/v2/search': {
    scopes: ['read:search'],
    rule: 'Search is the web’s, as the token member sees it; resolve looks up remote accounts within the web’s limit.',
    expect: { owner: 200, other: 200, wrongScope: 403, noToken: 401 },
    rateLimit: null,
    async attempt(scene) {
      return {
        path: '/api/v2/search?q=Third&type=accounts',
        async verify(response) {
          if (response.status !== 200) return;
          const result = (await response.json()) as { accounts: { id: string }[] };
          expect(result.accounts.map((account) => account.id)).toContain(scene.third.id);
        },
      };
    },
  },
  'GET /api/v1/tags/:name': {
    scopes: ['read'],
    rule: 'Public, as on Mastodon: a tag’s history counts public posts of public accounts only.',
    expect: { owner: 200, other: 200, wrongScope: 200, noToken: 200 },
    rateLimit: null,
    async attempt() {
      return {
        path: '/api/v1/tags/sunset',
        async verify(response) {
          expect(await response.json()).toMatchObject({ name: 'sunset', following: false });
        },
      };
    },
  },
  'GET /api/v1/followed_tags': {
    scopes: ['read:follows'],
    rule: 'The token member’s own followed tags, never another member’s.',
    expect: { owner: 200, other: 200, wrongScope: 403, noToken: 401 },
    rateLimit: null,
    async attempt(scene, actor) {
      const tag = `ownlist${crypto.randomUUID().slice(0, 8)}`;
      expect((await scene.owner.put(`/api/tags/${tag}/follow`)).status).toBe(200);
      return {
        path: '/api/v1/followed_tags',
        async verify(response) {
          if (response.status !== 200) return;
          const names = ((await response.json()) as { name: string }[]).map((item) => item.name);
          expect(names.includes(tag)).toBe(actor === 'owner');
        },
      };
    },
  },
  'POST /api/v1/tags/:name/follow': tagFollowEntry('follow'),
  'POST /api/v1/tags/:name/unfollow': tagFollowEntry('unfollow'),
};
