/**
 * Search and tags in the client API matrix (composers/mastodon-api/search.ts): search is a
 * member's (the web's search services and their visibility rule); a tag anyone may read.
 */
import { expect } from 'vitest';
import type { ClientApiEntry } from '../client-api-entry.ts';

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
    rule: 'The token member’s followed tags: none until hashtag following exists.',
    expect: { owner: 200, other: 200, wrongScope: 403, noToken: 401 },
    rateLimit: null,
    async attempt() {
      return { path: '/api/v1/followed_tags' };
    },
  },
};
