/**
 * Who may call each client API account route, and with which scope (a test fixture: the client API
 * matrix reads it through security/client-api-table.ts). A new route in
 * composers/mastodon-api/accounts.ts needs its entry here.
 */
import { expect } from 'vitest';
import type { ClientApiEntry } from '../client-api-entry.ts';

export const accountEntries: Record<string, ClientApiEntry> = {
  'GET /api/v1/accounts/verify_credentials': {
    scopes: ['read:accounts', 'profile'],
    rule: 'A token answers for its own member only: their account, with its source, never another’s.',
    expect: { owner: 200, other: 200, wrongScope: 403, noToken: 401 },
    rateLimit: null,
    async attempt(scene, actor) {
      return {
        path: `/api/v1/accounts/verify_credentials?id=${scene.owner.id}`,
        async verify(response) {
          if (response.status !== 200) return;
          const account = (await response.json()) as { id: string; source?: unknown };
          expect(account.id).toBe(actor === 'other' ? scene.other.id : scene.owner.id);
          expect(account.source).toBeDefined();
        },
      };
    },
  },
};
