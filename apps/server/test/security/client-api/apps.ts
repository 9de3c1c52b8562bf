/**
 * Who may call each client API app route (a test fixture: the client API matrix reads it through
 * security/client-api-table.ts). A new route in composers/mastodon-api/apps.ts needs its entry here.
 */
import { expect } from 'vitest';
import type { ClientApiEntry } from '../client-api-entry.ts';

export const appEntries: Record<string, ClientApiEntry> = {
  'POST /api/v1/apps': {
    // No scope is needed: apps register before anyone signs in. The scope listed only shapes the
    // matrix's tokens; every one of them, and none at all, may register.
    scopes: ['read'],
    rule: 'Anyone may register an app; it can do nothing until a member authorizes it. Only the secret’s hash is kept.',
    expect: { owner: 200, other: 200, wrongScope: 200, noToken: 200 },
    rateLimit: 'appRegistrations',
    async attempt() {
      return {
        path: '/api/v1/apps',
        json: { client_name: 'Matrix app', redirect_uris: 'urn:ietf:wg:oauth:2.0:oob', scopes: 'read' },
        async verify(response) {
          const app = (await response.json()) as { id: string; client_secret: string };
          expect(typeof app.id).toBe('string');
          expect(app.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
        },
      };
    },
  },
  'GET /api/v1/apps/verify_credentials': {
    // Any valid token of the app answers, whatever its scopes (Mastodon's rule).
    scopes: ['read'],
    rule: 'A token names its own app only (never another’s, never the client secret); no token is 401.',
    expect: { owner: 200, other: 200, wrongScope: 200, noToken: 401 },
    rateLimit: null,
    async attempt() {
      return {
        path: '/api/v1/apps/verify_credentials',
        async verify(response) {
          if (response.status !== 200) return;
          const app = (await response.json()) as { name: string; client_secret?: string };
          expect(app.name).toBe('Test app');
          expect(app.client_secret).toBeUndefined();
        },
      };
    },
  },
};
