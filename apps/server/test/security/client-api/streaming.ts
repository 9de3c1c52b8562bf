/**
 * Who may open the client API's streams (composers/mastodon-api/streaming.ts): a member's token
 * with a read scope; what each stream then carries is checked per subscriber (streaming.test.ts).
 * The attempts end their event streams after a moment (`signal`); the WebSocket takes the same
 * guards through the same routes.
 */
import { expect } from 'vitest';
import type { ClientApiEntry } from '../client-api-entry.ts';

const stream = (path: string): ClientApiEntry => ({
  scopes: ['read:statuses', 'read:notifications'],
  rule: 'A member’s token with a read scope opens it; the stream carries only what that member may see.',
  expect: { owner: 200, other: 200, wrongScope: 403, noToken: 401 },
  rateLimit: null,
  contentType: 'text/event-stream',
  async attempt() {
    return { path, signal: AbortSignal.timeout(300) };
  },
});

export const streamingEntries: Record<string, ClientApiEntry> = {
  'GET /api/v1/streaming/health': {
    scopes: ['read'],
    rule: 'Anyone may ask whether streaming is up: it says OK and nothing else.',
    expect: { owner: 200, other: 200, wrongScope: 200, noToken: 200 },
    rateLimit: null,
    contentType: 'text/plain',
    async attempt() {
      return {
        path: '/api/v1/streaming/health',
        async verify(response) {
          expect(await response.text()).toBe('OK');
        },
      };
    },
  },
  'GET /api/v1/streaming': stream('/api/v1/streaming?stream=user'),
  'GET /api/v1/streaming/user': stream('/api/v1/streaming/user'),
  'GET /api/v1/streaming/user/notification': stream('/api/v1/streaming/user/notification'),
  'GET /api/v1/streaming/public': stream('/api/v1/streaming/public'),
  'GET /api/v1/streaming/public/local': stream('/api/v1/streaming/public/local'),
  'GET /api/v1/streaming/hashtag': stream('/api/v1/streaming/hashtag?tag=harbour'),
};
