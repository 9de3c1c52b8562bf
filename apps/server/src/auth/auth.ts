/**
 * better-auth: email + password accounts, cookie sessions, multi-session (Add Account), password
 * reset by email, and the rate limits on sign-in, sign-up and every email-sending route. Its tables
 * live in db/schema.ts beside ours.
 */
import { limits, messages, rateLimits } from '@glimpse/shared';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
// The minimal build leaves out Kysely (we bring Drizzle): about 30 MB less memory at start.
import { betterAuth } from 'better-auth/minimal';
import { admin } from 'better-auth/plugins/admin';
import { multiSession } from 'better-auth/plugins/multi-session';
import { twoFactor as twoFactorPlugin } from 'better-auth/plugins/two-factor';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { account, rateLimit, session, twoFactor, user, verification } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { applyAdminEmails, makeFirstAccountAdmin } from '../features/safety/roles.ts';
import { acceptedTerms } from '../features/safety/terms.ts';
import { consume } from '../lib/rate-limit.ts';
import type { Mailer } from '../mail/mailer.ts';
import { changeEmailMail, resetPasswordMail, verifyEmailMail } from '../mail/templates.ts';
import { contextOnlyWhileRunning } from './async-context.ts';
import { passkeyPlugin } from './passkeys.ts';

/** The server sets this header from the socket (or a trusted proxy); any client-sent value is replaced. */
export const clientIpHeader = 'x-glimpse-client-ip';

/** How long a signed session copy in the browser stands in for the database row (see below). */
export const sessionCookieCacheSeconds = 60;

/** Routes of better-auth that send an email, with the address they send it to. */
const mailRoutes: Record<string, (body: Record<string, unknown>) => unknown> = {
  '/request-password-reset': (body) => body.email,
  '/send-verification-email': (body) => body.email,
  '/change-email': (body) => body.newEmail,
};

export interface AuthHooks {
  /** Sends the account emails; without it the email routes answer that they are off (the bench seed). */
  mailer?: Mailer;
  /** Called after better-auth deletes sessions of an account (revoke, reset, delete): auth/session.ts. */
  onSessionsEnded?: (userId: string) => void;
}

export function createAuth(db: Db, env: Env, secret: string, hooks: AuthHooks = {}) {
  const rateLimitsOn = env.RATE_LIMITS === 'on';
  const { mailer, onSessionsEnded } = hooks;
  const appUrl = (pathname: string, token: string) =>
    `${env.publicUrl}${pathname}?token=${encodeURIComponent(token)}`;

  /**
   * Per address and per account, shared by every instance (rate_limit_windows). Counted whether or
   * not the address has an account, so a refusal says nothing about that either.
   */
  async function limitMail(address: string, accountId?: string) {
    if (!rateLimitsOn) return;
    const perAddress = rateLimits.mailPerAddress;
    const byAddress = await consume(
      db,
      `mail:address:${address.trim().toLowerCase()}`,
      perAddress.windowSeconds,
    );
    const perAccount = rateLimits.mailPerAccount;
    const byAccount = accountId
      ? await consume(db, `mail:account:${accountId}`, perAccount.windowSeconds)
      : { count: 0, retryAfter: 0 };
    if (byAddress.count > perAddress.max || byAccount.count > perAccount.max) {
      throw new APIError(
        'TOO_MANY_REQUESTS',
        { message: 'Too many emails' },
        {
          'x-retry-after': String(Math.max(byAddress.retryAfter, byAccount.retryAfter)),
        },
      );
    }
  }

  return contextOnlyWhileRunning(
    betterAuth({
      appName: 'Glimpse',
      baseURL: env.publicUrl,
      basePath: '/api/auth',
      secret,
      trustedOrigins: env.trustedOrigins,
      database: drizzleAdapter(db, {
        provider: 'pg',
        schema: { user, session, account, verification, rateLimit, twoFactor },
      }),
      // Sign-up sends a confirmation link; the app works before it is followed (a banner asks).
      // The link is better-auth's verify-email (a signed, expiring token), which then opens the feed.
      ...(mailer && {
        emailVerification: {
          sendOnSignUp: true,
          expiresIn: limits.verifyEmailLinkSeconds,
          sendVerificationEmail: async ({ user: addressee, token }) => {
            // Change email sends through here too, to the new address (which the account does not have yet).
            const [stored] = await db
              .select({ email: user.email })
              .from(user)
              .where(eq(user.id, addressee.id));
            const changing = stored !== undefined && stored.email !== addressee.email;
            const callback = changing ? '/settings/account?emailChanged=1' : '/?emailVerified=1';
            const link = `${env.publicUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent(callback)}`;
            await mailer.send(
              changing ? changeEmailMail(addressee.email, link) : verifyEmailMail(addressee.email, link),
            );
          },
        },
      }),
      // Reset, verification and email-change tokens are kept as SHA-256 digests: a copy of the
      // database does not let anyone use a pending link.
      verification: { storeIdentifier: 'hashed' },
      emailAndPassword: {
        enabled: true,
        autoSignIn: true,
        minPasswordLength: limits.passwordMin,
        maxPasswordLength: limits.passwordMax,
        resetPasswordTokenExpiresIn: limits.resetPasswordLinkSeconds,
        revokeSessionsOnPasswordReset: true,
        ...(mailer && {
          sendResetPassword: async ({ user, token }) => {
            await mailer.send(resetPasswordMail(user.email, appUrl('/reset-password', token)));
          },
        }),
      },
      session: {
        expiresIn: 60 * 60 * 24 * 30,
        updateAge: 60 * 60 * 24,
        // Every API request needs the viewer. With this, a signed copy of the session (HMAC, in an
        // HttpOnly cookie) answers for up to a minute instead of two database queries per request.
        // A copy must not outlive a session ended on purpose: `onSessionsEnded` below tells every
        // instance, and auth/session.ts then asks the database. A session that simply expires or
        // is signed out on the device itself needs nothing more. docs/performance.md.
        cookieCache: { enabled: true, maxAge: sessionCookieCacheSeconds },
      },
      databaseHooks: {
        user: {
          create: {
            // No account without agreeing to the terms (the sign-up body's acceptTerms).
            before: async (created, context) => ({ data: { ...created, ...acceptedTerms(context?.body) } }),
            after: (created) => makeFirstAccountAdmin(db, created.id),
          },
          update: {
            // The email changes during /verify-email only when the link sent to the new address was
            // followed: that proves the address, so it counts as confirmed even if the old one never
            // was (better-auth would carry the old flag over).
            before: async (changes, context) =>
              context?.path === '/verify-email' && typeof changes.email === 'string'
                ? { data: { ...changes, emailVerified: true } }
                : { data: changes },
          },
        },
        session: {
          create: { after: (created) => applyAdminEmails(db, created.userId, env.adminEmails) },
          delete: {
            after: async (deleted) => {
              onSessionsEnded?.(deleted.userId);
            },
          },
        },
      },
      hooks: {
        before: createAuthMiddleware(async (ctx) => {
          const addressOf = mailRoutes[ctx.path];
          if (!addressOf) return;
          const address = addressOf((ctx.body ?? {}) as Record<string, unknown>);
          if (typeof address === 'string') await limitMail(address, ctx.context.session?.user.id);
        }),
      },
      // Per address, figures and sources in packages/shared/src/limits.ts. The database store is
      // atomic (a conditional increment), so concurrent attempts cannot all slip through.
      rateLimit: {
        enabled: rateLimitsOn,
        storage: 'database',
        window: 60,
        max: 100,
        customRules: {
          '/sign-in/email': { window: rateLimits.signIn.windowSeconds, max: rateLimits.signIn.max },
          '/sign-up/email': { window: rateLimits.signUp.windowSeconds, max: rateLimits.signUp.max },
          // A passkey sign-in is a sign-in: the same budget per address, for both of its steps.
          '/passkey/sign-in-options': { window: rateLimits.signIn.windowSeconds, max: rateLimits.signIn.max },
          '/passkey/sign-in': { window: rateLimits.signIn.windowSeconds, max: rateLimits.signIn.max },
          '/request-password-reset': {
            window: rateLimits.mailPerClient.windowSeconds,
            max: rateLimits.mailPerClient.max,
          },
          '/send-verification-email': {
            window: rateLimits.mailPerClient.windowSeconds,
            max: rateLimits.mailPerClient.max,
          },
        },
      },
      advanced: {
        useSecureCookies: env.publicUrl.startsWith('https://'),
        ipAddress: { ipAddressHeaders: [clientIpHeader] },
        defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      },
      telemetry: { enabled: false },
      user: {
        // Change email (features/account/routes.ts asks for the password first): the new address gets a
        // verification link and the change is made only when it is followed. An address that already
        // has an account gets nothing, and the answer is the same.
        ...(mailer && { changeEmail: { enabled: true } }),
        additionalFields: {
          termsAcceptedAt: { type: 'date', required: false, input: false },
          termsVersion: { type: 'string', required: false, input: false },
        },
      },
      plugins: [
        multiSession({ maximumSessions: limits.deviceAccountsMax }),
        // Roles and bans on `user` (features/safety). A suspended account's sign-in is refused with
        // our message; the plugin's own HTTP endpoints are not exposed (app.ts).
        admin({ defaultRole: 'member', bannedUserMessage: messages.safety.suspended }),
        // TOTP with an authenticator app and ten one-time backup codes; sign-in then asks for a code.
        twoFactorPlugin({ issuer: 'Glimpse', backupCodeOptions: { amount: 10 } }),
        // WebAuthn sign-in and the passkey list (auth/passkeys.ts).
        passkeyPlugin(db, env.publicUrl),
      ],
    }),
  );
}

export type Auth = ReturnType<typeof createAuth>;
