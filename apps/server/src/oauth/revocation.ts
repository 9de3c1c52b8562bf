/**
 * Where app tokens end: a revoke (by the app, or the member on /settings/apps), a password change
 * or reset, "Log out other devices", a suspension and the account's deletion. Deleting the rows
 * ends them in the database; `tokens_revoked` then makes every instance's token check forget its
 * cached copies (tokens.ts), so a revoked token stops working at once, not a minute later. Codes
 * not yet exchanged go too, or one made before a password change could still turn into a token.
 */
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { and, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { oauthCodes, oauthTokens } from '../db/schema.ts';
import type { LiveHub } from '../live/hub.ts';

/** Deletes `userId`'s tokens and pending codes (of one app, or of all); answers how many tokens went. */
export async function deleteMemberTokens(db: Db, userId: string, appId?: string): Promise<number> {
  const ofApp = (column: typeof oauthTokens.appId | typeof oauthCodes.appId): SQL | undefined =>
    appId === undefined ? undefined : eq(column, appId);
  await db.delete(oauthCodes).where(and(eq(oauthCodes.userId, userId), ofApp(oauthCodes.appId)));
  const removed = await db
    .delete(oauthTokens)
    .where(and(eq(oauthTokens.userId, userId), ofApp(oauthTokens.appId)))
    .returning({ id: oauthTokens.id });
  return removed.length;
}

/** Ends `userId`'s tokens (of one app, or all) and tells every instance. */
export async function revokeMemberTokens(
  { db, live }: { db: Db; live: Pick<LiveHub, 'publish'> },
  userId: string,
  appId?: string,
): Promise<number> {
  const removed = await deleteMemberTokens(db, userId, appId);
  live.publish({ kind: 'tokens_revoked', userId });
  return removed;
}

/**
 * Change password and "Log out other devices" (better-auth's routes) end the account's app tokens
 * once they have succeeded: whoever knew the old password, or held another device, may have
 * authorized an app. A reset does the same through `onPasswordReset` (auth.ts).
 */
export function appTokensEndWithPassword(db: Db, onRevoked: ((userId: string) => void) | undefined) {
  return {
    id: 'glimpse-app-tokens',
    hooks: {
      after: [
        {
          matcher: (ctx) => ctx.path === '/change-password' || ctx.path === '/revoke-other-sessions',
          handler: createAuthMiddleware(async (ctx) => {
            if (ctx.context.returned instanceof APIError) return;
            const userId = ctx.context.session?.user.id;
            if (!userId) return;
            await deleteMemberTokens(db, userId);
            onRevoked?.(userId);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
