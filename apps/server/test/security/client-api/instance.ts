/**
 * The instance routes in the client API matrix (composers/mastodon-api/instance.ts): anyone may
 * read them, with any token or none, as on Mastodon; apps read them before sign-in.
 */
import { expect } from 'vitest';
import type { ClientApiEntry } from '../client-api-entry.ts';

const anyoneReads = (path: string, check: (body: unknown) => void): ClientApiEntry => ({
  scopes: ['read'],
  rule: 'Public: what the server allows, readable before sign-in; no member’s data beyond the contact account.',
  expect: { owner: 200, other: 200, wrongScope: 200, noToken: 200 },
  rateLimit: null,
  async attempt() {
    return {
      path,
      async verify(response) {
        check(await response.json());
      },
    };
  },
});

export const instanceEntries: Record<string, ClientApiEntry> = {
  'GET /api/v2/instance': anyoneReads('/api/v2/instance', (body) =>
    expect(body).toMatchObject({ configuration: expect.any(Object), contact: { email: expect.any(String) } }),
  ),
  'GET /api/v1/instance': anyoneReads('/api/v1/instance', (body) =>
    expect(body).toMatchObject({ urls: { streaming_api: expect.stringMatching(/^wss?:\/\//) } }),
  ),
  'GET /api/v1/instance/rules': anyoneReads('/api/v1/instance/rules', (body) => expect(body).toEqual([])),
};
