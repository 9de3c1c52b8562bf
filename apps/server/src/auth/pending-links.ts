/**
 * A new password ends every link and challenge still pending for the account. better-auth's reset
 * link works once, but each request makes another, and using one left the others valid for the
 * rest of their hour: an older link in a mailbox someone else reads could set the password again.
 *
 * better-auth keeps them in `verification` with the account's id as the value (the identifier is
 * a digest, so a reset link cannot be told from the others): reset links, a sign-in waiting for
 * its two-factor code, and "trust this device" records. All of them were made with the old
 * password, so all of them go. Passkey challenges name the challenge, not the account, and stay.
 */
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { verification } from '../db/schema.ts';

export async function endPendingLinks(db: Db, userId: string): Promise<void> {
  await db.delete(verification).where(eq(verification.value, userId));
}

/**
 * Change password (the settings screen) ends them once it has succeeded. A reset does it through
 * `emailAndPassword.onPasswordReset` (auth.ts); the other ways to set a password (set-password,
 * the admin plugin's set-user-password) are not reachable (auth/exposed-routes.ts).
 */
export function pendingLinksEndWithPassword(db: Db) {
  return {
    id: 'glimpse-pending-links',
    hooks: {
      after: [
        {
          matcher: (ctx) => ctx.path === '/change-password',
          handler: createAuthMiddleware(async (ctx) => {
            if (ctx.context.returned instanceof APIError) return;
            const userId = ctx.context.session?.user.id;
            if (userId) await endPendingLinks(db, userId);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
