/**
 * The calls apps make at sign-in (composers/mastodon-api/sign-in.ts) in the client API matrix,
 * each with the scope Mastodon documents; those Mastodon serves to anyone answer without a token.
 */
import type { OAuthScope } from '@glimpse/shared';
import { expect } from 'vitest';
import type { ClientApiEntry } from '../client-api-entry.ts';

const emptyForMember = (
  scopes: [OAuthScope, ...OAuthScope[]],
  path: string,
  what: string,
): ClientApiEntry => ({
  scopes,
  rule: `${what}: none in Glimpse, an empty list (never a 404) for the token member.`,
  expect: { owner: 200, other: 200, wrongScope: 403, noToken: 401 },
  rateLimit: null,
  async attempt() {
    return {
      path,
      async verify(response) {
        if (response.status === 200) expect(await response.json()).toEqual([]);
      },
    };
  },
});

const emptyForAnyone = (path: string, what: string): ClientApiEntry => ({
  scopes: ['read'],
  rule: `${what}: public on Mastodon, an empty list here, with or without a token.`,
  expect: { owner: 200, other: 200, wrongScope: 200, noToken: 200 },
  rateLimit: null,
  async attempt() {
    return {
      path,
      async verify(response) {
        expect(await response.json()).toEqual([]);
      },
    };
  },
});

export const signInEntries: Record<string, ClientApiEntry> = {
  'GET /api/v1/lists': emptyForMember(['read:lists'], '/api/v1/lists', 'Lists'),
  'GET /api/v1/accounts/:id/lists': {
    ...emptyForMember(['read:lists'], '', 'Lists holding an account'),
    async attempt(scene) {
      return { path: `/api/v1/accounts/${scene.third.id}/lists` };
    },
  },
  'GET /api/v1/filters': emptyForMember(['read:filters'], '/api/v1/filters', 'Filters (v1)'),
  'GET /api/v2/filters': emptyForMember(['read:filters'], '/api/v2/filters', 'Filters (v2)'),
  'GET /api/v1/custom_emojis': emptyForAnyone('/api/v1/custom_emojis', 'Custom emojis'),
  'GET /api/v1/conversations': emptyForMember(['read:statuses'], '/api/v1/conversations', 'Conversations'),
  'GET /api/v1/scheduled_statuses': emptyForMember(
    ['read:statuses'],
    '/api/v1/scheduled_statuses',
    'Scheduled posts',
  ),
  'GET /api/v1/featured_tags': emptyForMember(['read:accounts'], '/api/v1/featured_tags', 'Featured tags'),
  'GET /api/v1/accounts/:id/featured_tags': {
    ...emptyForAnyone('', 'An account’s featured tags'),
    async attempt(scene) {
      return { path: `/api/v1/accounts/${scene.third.id}/featured_tags` };
    },
  },
  'GET /api/v1/endorsements': emptyForMember(['read:accounts'], '/api/v1/endorsements', 'Endorsements'),
  'GET /api/v1/domain_blocks': emptyForMember(
    ['read:blocks', 'follow'],
    '/api/v1/domain_blocks',
    'Domain blocks',
  ),
  'GET /api/v1/trends/statuses': emptyForAnyone('/api/v1/trends/statuses', 'Trending posts'),
  'GET /api/v1/trends/links': emptyForAnyone('/api/v1/trends/links', 'Trending links'),
  'GET /api/v1/trends/tags': {
    scopes: ['read'],
    rule: 'Explore’s trending tags: public on Mastodon; public posts of public accounts only, hidden accounts left out for a member.',
    expect: { owner: 200, other: 200, wrongScope: 200, noToken: 200 },
    rateLimit: null,
    async attempt() {
      return {
        path: '/api/v1/trends/tags',
        async verify(response) {
          expect(Array.isArray(await response.json())).toBe(true);
        },
      };
    },
  },
  'GET /api/v1/trends': {
    scopes: ['read'],
    rule: 'The older name of trends/tags: the same tags to the same readers.',
    expect: { owner: 200, other: 200, wrongScope: 200, noToken: 200 },
    rateLimit: null,
    async attempt() {
      return {
        path: '/api/v1/trends',
        async verify(response) {
          expect(Array.isArray(await response.json())).toBe(true);
        },
      };
    },
  },
  'GET /api/v2/suggestions': {
    scopes: ['read'],
    rule: 'Suggestions are for the token member: who the accounts they follow follow, none hidden or muted.',
    expect: { owner: 200, other: 200, wrongScope: 403, noToken: 401 },
    rateLimit: null,
    async attempt() {
      return { path: '/api/v2/suggestions' };
    },
  },
  'GET /api/v1/suggestions': {
    scopes: ['read'],
    rule: 'Suggestions are for the token member: who the accounts they follow follow, none hidden or muted.',
    expect: { owner: 200, other: 200, wrongScope: 403, noToken: 401 },
    rateLimit: null,
    async attempt() {
      return { path: '/api/v1/suggestions' };
    },
  },
  'GET /api/v1/preferences': {
    scopes: ['read:accounts'],
    rule: 'The token member’s own preferences.',
    expect: { owner: 200, other: 200, wrongScope: 403, noToken: 401 },
    rateLimit: null,
    async attempt() {
      return {
        path: '/api/v1/preferences',
        async verify(response) {
          if (response.status === 200)
            expect(await response.json()).toHaveProperty('posting:default:visibility');
        },
      };
    },
  },
};
