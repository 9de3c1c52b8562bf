/** Reads of the consent screen and /settings/apps in the audience matrix (security/read-table.ts). */
import type { ReadEntry } from '../read-entry.ts';

export const oauthReads: Record<string, ReadEntry> = {
  'GET /api/oauth/authorize': {
    rule: 'What an app asks for (its name, website, scopes): nobody’s posts or events.',
    paths: () => [
      '/api/oauth/authorize?client_id=unknown&redirect_uri=urn:ietf:wg:oauth:2.0:oob&response_type=code',
    ],
  },
  'GET /api/oauth/authorizations': {
    rule: 'The caller’s own authorized apps: names, scopes and dates only.',
    paths: () => ['/api/oauth/authorizations'],
  },
  'GET /api/v1/apps/verify_credentials': {
    rule: 'A bearer token’s own app (client API; a session is not read there): a name and scopes, no content.',
    paths: () => ['/api/v1/apps/verify_credentials'],
  },
};
