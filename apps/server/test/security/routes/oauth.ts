/**
 * Who may call each state-changing route of the consent screen and /settings/apps (a test fixture:
 * the security suites read it through security/route-table.ts). A new route in
 * apps/server/src/oauth/web-routes.ts needs its entry here.
 */
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import * as schema from '../../../src/db/schema.ts';
import { issueTestToken, registerTestApp } from '../../client-api.ts';
import { memberOf, type RouteEntry } from '../route-entry.ts';

const oob = 'urn:ietf:wg:oauth:2.0:oob';

export const oauthRouteTable: Record<string, RouteEntry> = {
  'POST /api/oauth/authorize': {
    rule: 'Authorize makes a code for the caller only, for the app, redirect URI and scopes the request names and the app registered.',
    expect: { owner: 200, other: 200, signedOut: 401 },
    rateLimit: null,
    body: 'json',
    async attempt(scene, actor) {
      const app = await registerTestApp(scene.t, { scopes: ['read', 'write'] });
      return {
        path: '/api/oauth/authorize',
        json: {
          client_id: app.clientId,
          redirect_uri: oob,
          response_type: 'code',
          scope: 'read',
          decision: 'authorize',
        },
        async verify() {
          const codes = await scene.t.db
            .select({ userId: schema.oauthCodes.userId })
            .from(schema.oauthCodes)
            .where(eq(schema.oauthCodes.appId, app.id));
          const caller = memberOf(scene, actor);
          expect(codes.map((code) => code.userId)).toEqual(caller ? [caller.id] : []);
        },
      };
    },
    // No free text is stored: the state travels back in the redirect, the scopes are checked words.
    text: {
      fields: [],
      async stored() {
        return {};
      },
    },
  },
  'DELETE /api/oauth/authorizations/:appId': {
    rule: 'Revoke ends the caller’s own tokens of the app only; another member’s tokens of it stay.',
    expect: { owner: 204, other: 404, signedOut: 401 },
    rateLimit: null,
    body: 'none',
    async attempt(scene, actor) {
      const app = await registerTestApp(scene.t);
      const owners = await issueTestToken(scene.t, scene.owner.id, ['read'], app);
      return {
        path: `/api/oauth/authorizations/${app.id}`,
        async verify() {
          const left = await scene.t.db
            .select({ id: schema.oauthTokens.id })
            .from(schema.oauthTokens)
            .where(and(eq(schema.oauthTokens.appId, app.id), eq(schema.oauthTokens.id, owners.tokenId)));
          expect(left).toHaveLength(actor === 'owner' ? 0 : 1);
        },
      };
    },
  },
};
