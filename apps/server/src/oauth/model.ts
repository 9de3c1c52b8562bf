/**
 * The model @node-oauth/oauth2-server runs its grants on (its `AuthorizationCodeModel` and
 * `ClientCredentialsModel`), on the tables of migration 0034. The library decides the protocol
 * (which parameters a grant needs, PKCE, a code used once, bound to its client and redirect URI,
 * not expired); this file only stores and finds, and says which scopes an app may have. Codes,
 * tokens and secrets are kept as SHA-256 hashes (tokens.ts): a database dump signs no one in.
 */

import { type OAuthScope, oobRedirectUri, parseScopes, scopesWithin } from '@glimpse/shared';
import type OAuth2Server from '@node-oauth/oauth2-server';
import { eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { oauthApps, oauthCodes, oauthTokens } from '../db/schema.ts';
import { findAppByClientId, isClientSecret, type OAuthApp } from './clients.ts';
import { hashSecret, newSecret } from './tokens.ts';

/** An app as the library sees it. Every app may use both grants Glimpse offers. */
export interface AppClient extends OAuth2Server.Client {
  id: string;
  app: OAuthApp;
  redirectUris: string[];
  grants: string[];
}

/** The member a code or token acts for; `id` null for an app's own token (client_credentials). */
export interface TokenUser extends OAuth2Server.User {
  id: string | null;
}

export const grantTypes = ['authorization_code', 'client_credentials'] as const;

/**
 * What the library is handed for the out-of-band URN while it makes a code: it builds its redirect
 * with Node's legacy `url.parse`, which reads `urn:ietf:wg:oauth:2.0:oob` as a host with a bad port
 * and warns that future Node versions will throw (DEP0170). The code itself is stored, and
 * exchanged, under the real URN; the stand-in never leaves the server.
 */
export const oobStandIn = 'glimpse-oob:/';
const realRedirectUri = (uri: string) => (uri === oobStandIn ? oobRedirectUri : uri);

const clientOf = (app: OAuthApp): AppClient => ({
  id: app.id,
  app,
  redirectUris: app.redirectUris,
  grants: [...grantTypes],
});

/**
 * The scopes a request asks for, if every one is known and within the app's: `read` when it names
 * none. Anything else is refused (null), so a token never carries more than its app registered.
 */
export function grantableScopes(
  asked: string | readonly string[] | undefined,
  app: OAuthApp,
): OAuthScope[] | null {
  const { scopes, unknown } = parseScopes(
    Array.isArray(asked) ? asked.join(' ') : (asked as string | undefined),
  );
  if (unknown.length > 0 || scopes.length === 0) return null;
  return scopesWithin(scopes, app.scopes) ? scopes : null;
}

export function oauthModel(
  db: Db,
): OAuth2Server.AuthorizationCodeModel & OAuth2Server.ClientCredentialsModel {
  return {
    /**
     * The library asks with the secret when the request carries one, and without it (undefined for
     * the token endpoint, null for the consent screen) only where it allows none: a code exchange
     * with a PKCE verifier, whose code must then carry the matching challenge.
     */
    async getClient(clientId, clientSecret) {
      const app = await findAppByClientId(db, clientId);
      if (!app) return null;
      if (typeof clientSecret === 'string' && !isClientSecret(app, clientSecret)) return null;
      return clientOf(app);
    },

    generateAuthorizationCode: async () => newSecret(),
    generateAccessToken: async () => newSecret(),

    async saveAuthorizationCode(code, client, user) {
      // Expired codes go whenever a new one is made: the index on expires_at finds them.
      await db.delete(oauthCodes).where(lt(oauthCodes.expiresAt, new Date()));
      await db.insert(oauthCodes).values({
        codeHash: hashSecret(code.authorizationCode),
        appId: client.id,
        userId: (user as TokenUser).id!,
        redirectUri: realRedirectUri(code.redirectUri),
        scopes: code.scope ?? [],
        codeChallenge: code.codeChallenge ?? null,
        codeChallengeMethod: code.codeChallenge ? (code.codeChallengeMethod ?? 'plain') : null,
        expiresAt: code.expiresAt,
      });
      return { ...code, client, user };
    },

    async getAuthorizationCode(authorizationCode) {
      const [row] = await db
        .select({ code: oauthCodes, app: oauthApps })
        .from(oauthCodes)
        .innerJoin(oauthApps, eq(oauthApps.id, oauthCodes.appId))
        .where(eq(oauthCodes.codeHash, hashSecret(authorizationCode)));
      if (!row) return null;
      return {
        authorizationCode,
        expiresAt: row.code.expiresAt,
        redirectUri: row.code.redirectUri,
        scope: row.code.scopes,
        client: clientOf(row.app),
        user: { id: row.code.userId } satisfies TokenUser,
        ...(row.code.codeChallenge && {
          codeChallenge: row.code.codeChallenge,
          codeChallengeMethod: row.code.codeChallengeMethod ?? 'plain',
        }),
      };
    },

    /** Single use: of two exchanges of one code at once, only the one whose delete found the row goes on. */
    async revokeAuthorizationCode(code) {
      const removed = await db
        .delete(oauthCodes)
        .where(eq(oauthCodes.codeHash, hashSecret(code.authorizationCode)))
        .returning({ hash: oauthCodes.codeHash });
      return removed.length === 1;
    },

    /** Registered character for character (the out-of-band stand-in as the URN it stands for). */
    async validateRedirectUri(redirectUri, client) {
      return (client as AppClient).redirectUris.includes(realRedirectUri(redirectUri));
    },

    async validateScope(_user, client, scope) {
      return grantableScopes(scope, (client as AppClient).app);
    },

    async getUserFromClient() {
      return { id: null } satisfies TokenUser;
    },

    /**
     * Stores the token's hash. The answer carries no expiry and no refresh token (Mastodon's tokens
     * last until revoked) and `created_at` as whole Unix seconds, which apps read.
     */
    async saveToken(token, client, user) {
      const [row] = await db
        .insert(oauthTokens)
        .values({
          tokenHash: hashSecret(token.accessToken),
          appId: client.id,
          userId: (user as TokenUser).id,
          scopes: token.scope ?? [],
        })
        .returning({ createdAt: oauthTokens.createdAt });
      return {
        accessToken: token.accessToken,
        scope: token.scope,
        client,
        user,
        created_at: Math.floor(row!.createdAt.getTime() / 1000),
      };
    },

    // Requests to the client API are checked by tokens.ts (cached); the library never authenticates one.
    async getAccessToken() {
      return null;
    },
  };
}
