/**
 * Sign-up that does not tell who is registered. better-auth, with `autoSignIn: false`
 * and `requireEmailVerification` (auth.ts), already treats an address that has an account like a
 * new one: it hashes the password anyway, creates nothing, calls `onExistingUserSignUp` (we mail
 * the owner) and answers without a session. This plugin closes what is left:
 * - the terms are checked before better-auth looks the address up, so a sign-up without them is
 *   refused the same way for both;
 * - the answer is one fixed body: better-auth's stand-in user for an existing address differs from
 *   a real one (no terms date, for one), so neither is sent.
 * The new account signs in by following the confirmation link (auth.ts, `autoSignInAfterVerification`).
 */
import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware, isAPIError } from 'better-auth/api';
import { acceptedTerms } from './terms.ts';

/** What every accepted sign-up answers, new address or not. */
export const signUpAnswer = { status: true } as const;

const isSignUp = (ctx: { path?: string }) => ctx.path === '/sign-up/email';

export function signUpPrivacyPlugin() {
  return {
    id: 'glimpse-sign-up-privacy',
    hooks: {
      before: [
        {
          matcher: isSignUp,
          handler: createAuthMiddleware(async (ctx) => {
            // Throws the terms refusal (400); the user-creation hook still stores the date and version.
            acceptedTerms(ctx.body);
          }),
        },
      ],
      after: [
        {
          matcher: isSignUp,
          handler: createAuthMiddleware(async (ctx) => {
            if (isAPIError(ctx.context.returned)) return;
            return ctx.json(signUpAnswer);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
