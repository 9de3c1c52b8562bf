/**
 * better-auth: email + password accounts, cookie sessions, multi-session (Add Account), password
 * reset by email, and the rate limits on sign-in, sign-up and every email-sending route. Its tables
 * live in db/schema.ts beside ours.
 */
import { limits, messages, paths, rateLimits } from '@glimpse/shared';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
// The minimal build leaves out Kysely (we bring Drizzle): about 30 MB less memory at start.
import { betterAuth } from 'better-auth/minimal';
import { admin } from 'better-auth/plugins/admin';
import { multiSession } from 'better-auth/plugins/multi-session';
import { twoFactor as twoFactorPlugin } from 'better-auth/plugins/two-factor';
import { eq } from 'drizzle-orm';
import { createMxResolver, type ResolveMx } from '../core/email-domain-blocks.ts';
import { inAccountLanguage } from '../core/language.ts';
import { consume } from '../core/rate-limit.ts';
import { applyAdminEmails, makeFirstAccountAdmin } from '../core/roles.ts';
import type { Db } from '../db/client.ts';
import { account, profiles, rateLimit, session, twoFactor, user, verification } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { currentLanguage } from '../lib/language.ts';
import type { Logger } from '../lib/logger.ts';
import type { LiveHub } from '../live/hub.ts';
import type { Mailer } from '../mail/mailer.ts';
import {
  changeEmailMail,
  existingAccountMail,
  resetPasswordMail,
  verifyEmailMail,
} from '../mail/templates.ts';
import { appTokensEndWithPassword, deleteMemberTokens } from '../oauth/revocation.ts';
import { contextOnlyWhileRunning } from './async-context.ts';
import { clientIpHeader } from './client-ip.ts';
import { emailChangeUndo } from './email-change-undo.ts';
import { passkeyLookbackFrom, passkeyPlugin, removePasskeysAddedSince } from './passkeys.ts';
import { endPendingLinks, pendingLinksEndWithPassword } from './pending-links.ts';
import { registrationHooks, registrationsPlugin } from './registrations.ts';
import { signInSlowdownPlugin } from './sign-in-slowdown.ts';
import { signUpPrivacyPlugin } from './sign-up.ts';
import { acceptedTerms } from './terms.ts';
import { totpReplayGuard } from './totp-replay.ts';

export { clientIpHeader };

/** How long a signed session copy in the browser stands in for the database row (see below). */
export const sessionCookieCacheSeconds = 60;

/** Routes of better-auth that send an email, with the address they send it to. */
const mailRoutes: Record<string, (body: Record<string, unknown>) => unknown> = {
  '/request-password-reset': (body) => body.email,
  '/send-verification-email': (body) => body.email,
  '/change-email': (body) => body.newEmail,
  // Sign-up mails either the confirmation link or, for an address with an account, a notice.
  '/sign-up/email': (body) => body.email,
};

export interface AuthHooks {
  /** Sends the account emails; without it the email routes answer that they are off (the bench seed). */
  mailer?: Mailer;
  /** Called after better-auth deletes sessions of an account (revoke, reset, delete): auth/session.ts. */
  onSessionsEnded?: (userId: string) => void;
  /** Called after a password change or reset, or "Log out other devices", ended the account's app tokens (oauth/revocation.ts). */
  onAppTokensRevoked?: (userId: string) => void;
  /** Whether a signed session copy may answer for this account (auth/ended-sessions.ts). */
  trustsCopyOf?: (userId: string) => boolean | Promise<boolean>;
  /** Where better-auth's own warnings and errors go; without it, to the console as its text. */
  logger?: Logger;
  /** Tells staff's open pages of a waiting sign-up's notice (auth/registrations.ts). */
  live?: LiveHub;
  /**
   * How passwords are hashed and checked; better-auth's scrypt when absent, which is what `npm start`
   * runs. The test context passes the same scrypt behind a memo (test/password-hashing.ts), because a
   * suite that signs up hundreds of members would otherwise spend minutes of CPU on one password.
   */
  passwordHashing?: PasswordHashing;
  /** MX lookups for email domain blocks (core/email-domain-blocks.ts); the system's resolvers without it. */
  resolveMx?: ResolveMx;
}

export interface PasswordHashing {
  hash: (password: string) => Promise<string>;
  verify: (data: { password: string; hash: string }) => Promise<boolean>;
}

/**
 * better-auth's log lines (warn and up, its default) as our JSON lines (lib/logger.ts), not its
 * coloured console text. No `level` on purpose: with one set, better-auth also logs every refused
 * request (a wrong code, a limit reached) as an error, through a logger of its own.
 */
function authLogTo(logger: Logger) {
  return {
    log(level: 'debug' | 'info' | 'warn' | 'error', message: string, ...details: unknown[]) {
      const err = details.find((detail) => detail instanceof Error);
      const rest = details.filter((detail) => detail !== err);
      logger[level](
        { component: 'better-auth', ...(err ? { err } : {}), ...(rest.length ? { details: rest } : {}) },
        message,
      );
    },
  };
}

export function createAuth(db: Db, env: Env, secret: string, hooks: AuthHooks = {}) {
  const rateLimitsOn = env.RATE_LIMITS === 'on';
  const { mailer, onSessionsEnded, onAppTokensRevoked, trustsCopyOf, logger, live, passwordHashing } = hooks;
  // Who may join (auth/registrations.ts): checked where accounts and sessions are made.
  const registrations = registrationHooks(db, {
    waitingMax: env.REGISTRATIONS_WAITING_MAX,
    resolveMx: hooks.resolveMx ?? createMxResolver(),
    publicUrl: env.publicUrl,
    mailer,
    live,
  });
  const appUrl = (pathname: string, token: string) =>
    `${env.publicUrl}${pathname}?token=${encodeURIComponent(token)}`;

  /**
   * Per address and per account, shared by every instance (rate_limit_windows). Counted whether or
   * not the address has an account, so a refusal says nothing about that either.
   */
  async function limitMail(address: string, accountId?: string) {
    const { allowed, retryAfter } = await mailBudget(address, accountId);
    if (!allowed) {
      throw new APIError(
        'TOO_MANY_REQUESTS',
        { message: 'Too many emails' },
        { 'x-retry-after': String(retryAfter) },
      );
    }
  }

  /** Counts one email for the address (and account) and says whether it is within the limits. */
  async function mailBudget(address: string, accountId?: string) {
    if (!rateLimitsOn) return { allowed: true, retryAfter: 0 };
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
    return {
      allowed: byAddress.count <= perAddress.max && byAccount.count <= perAccount.max,
      retryAfter: Math.max(byAddress.retryAfter, byAccount.retryAfter),
    };
  }

  return contextOnlyWhileRunning(
    betterAuth({
      appName: 'Glimpse',
      baseURL: env.publicUrl,
      basePath: '/api/auth',
      secret,
      trustedOrigins: env.trustedOrigins,
      ...(logger && { logger: authLogTo(logger) }),
      database: drizzleAdapter(db, {
        provider: 'pg',
        schema: { user, session, account, verification, rateLimit, twoFactor },
      }),
      // ── Sign-up confirms the address before anyone signs in ──────────────────────────
      // Sign-up sends a confirmation link (better-auth's verify-email: a signed, expiring token);
      // following it confirms the address and signs in (a new account lands on /setupProfile).
      // Sign-in before that is refused (requireEmailVerification below) and mails a new link.
      ...(mailer && {
        emailVerification: {
          sendOnSignUp: true,
          sendOnSignIn: true,
          autoSignInAfterVerification: true,
          expiresIn: limits.verifyEmailLinkSeconds,
          sendVerificationEmail: async ({ user: addressee, token }, request) => {
            // A sign-in before confirming mails a new link each time: within the email limits, but a
            // sign-in is never refused for them (the links already sent still work).
            const signingIn =
              request !== undefined && new URL(request.url).pathname.endsWith('/sign-in/email');
            if (signingIn && !(await mailBudget(addressee.email, addressee.id)).allowed) return;
            // Change email sends through here too, to the new address (which the account does not have yet).
            const [stored] = await db
              .select({ email: user.email, profileOf: profiles.userId })
              .from(user)
              .leftJoin(profiles, eq(profiles.userId, user.id))
              .where(eq(user.id, addressee.id));
            const changing = stored !== undefined && stored.email !== addressee.email;
            const callback = changing
              ? '/settings/account?emailChanged=1'
              : stored?.profileOf
                ? '/?emailVerified=1'
                : paths.setupProfile;
            const link = `${env.publicUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent(callback)}`;
            await mailer.send(
              await inAccountLanguage(db, addressee.id, () =>
                changing ? changeEmailMail(addressee.email, link) : verifyEmailMail(addressee.email, link),
              ),
            );
          },
        },
      }),
      // Reset, verification and email-change tokens are kept as SHA-256 digests: a copy of the
      // database does not let anyone use a pending link.
      verification: { storeIdentifier: 'hashed' },
      emailAndPassword: {
        enabled: true,
        ...(passwordHashing && { password: passwordHashing }),
        // ── Sign-up answers alike for new and existing addresses (auth/sign-up.ts) ──
        // No session at sign-up, and none before the address is confirmed: with these two,
        // better-auth answers an existing address as it answers a new one and calls
        // onExistingUserSignUp instead of creating anything.
        autoSignIn: false,
        requireEmailVerification: true,
        ...(mailer && {
          onExistingUserSignUp: async ({ user: owner }) => {
            // In the owner's language: they read it, not whoever tried their address.
            await mailer.send(
              await inAccountLanguage(db, owner.id, () =>
                existingAccountMail(owner.email, {
                  signIn: `${env.publicUrl}${paths.login}`,
                  resetPassword: `${env.publicUrl}${paths.forgotPassword}`,
                }),
              ),
            );
          },
        }),
        minPasswordLength: limits.passwordMin,
        maxPasswordLength: limits.passwordMax,
        resetPasswordTokenExpiresIn: limits.resetPasswordLinkSeconds,
        revokeSessionsOnPasswordReset: true,
        // Using one reset link ends the others (and every other pending link): auth/pending-links.ts.
        // Passkeys added lately go too: whoever knew the old password may have added one, and it
        // would outlast the reset (docs/security.md, 27h).
        onPasswordReset: async ({ user }) => {
          await endPendingLinks(db, user.id);
          await removePasskeysAddedSince(db, user.id, passkeyLookbackFrom(new Date()));
          // Apps authorized with the old password end too (oauth/revocation.ts).
          await deleteMemberTokens(db, user.id);
          onAppTokensRevoked?.(user.id);
        },
        ...(mailer && {
          sendResetPassword: async ({ user, token }) => {
            await mailer.send(
              await inAccountLanguage(db, user.id, () =>
                resetPasswordMail(user.email, appUrl('/reset-password', token)),
              ),
            );
          },
        }),
      },
      session: {
        expiresIn: 60 * 60 * 24 * 30,
        updateAge: 60 * 60 * 24,
        // Every API request needs the member. With this, a signed copy of the session (HMAC, in an
        // HttpOnly cookie) answers for up to a minute instead of two database queries per request.
        // A copy must not outlive a session ended on purpose: `onSessionsEnded` below tells every
        // instance, and auth/session.ts then asks the database. A session that simply expires or
        // is signed out on the device itself needs nothing more. docs/performance.md.
        cookieCache: {
          enabled: true,
          maxAge: sessionCookieCacheSeconds,
          ...(trustsCopyOf && { version: copyVersion(trustsCopyOf) }),
        },
      },
      databaseHooks: {
        user: {
          create: {
            // No account without agreeing to the terms (the sign-up body's acceptTerms).
            // The language the sign-up came in (its Accept-Language, which the web app sets to the
            // one it shows) is the account's until the member chooses another (lib/language.ts).
            // The registration mode's last word: an invite's use is taken here (auth/registrations.ts).
            before: async (created, context) => {
              const data = { ...created, ...acceptedTerms(context?.body), language: currentLanguage() };
              await registrations.beforeAccount(context);
              return { data };
            },
            after: async (created, context) => {
              await registrations.afterAccount(created.id, context);
              await makeFirstAccountAdmin(db, created.id, env.adminEmails);
            },
          },
          update: {
            // The email changes during /verify-email only when the link sent to the new address was
            // followed: that proves the address, so it counts as confirmed even if the old one never
            // was (better-auth would carry the old flag over).
            before: async (changes, context) =>
              context?.path === '/verify-email' && typeof changes.email === 'string'
                ? { data: { ...changes, emailVerified: true } }
                : { data: changes },
            after: (updated, context) => registrations.afterUpdate(updated, context),
          },
        },
        session: {
          create: {
            // A sign-up waiting for approval gets no session, whichever route asks (auth/registrations.ts).
            before: async (created, context) => {
              await registrations.beforeSession(created.userId, context);
            },
            after: (created) => applyAdminEmails(db, created.userId, env.adminEmails),
          },
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
        // Change email (composers/account/routes.ts asks for the password first): the new address gets a
        // verification link and the change is made only when it is followed. An address that already
        // has an account gets nothing, and the answer is the same.
        ...(mailer && { changeEmail: { enabled: true } }),
        additionalFields: {
          termsAcceptedAt: { type: 'date', required: false, input: false },
          termsVersion: { type: 'string', required: false, input: false },
          language: { type: 'string', required: false, input: false },
        },
      },
      plugins: [
        multiSession({ maximumSessions: limits.deviceAccountsMax }),
        // Roles and bans on `user` (features/safety). A suspended account's sign-in is refused with
        // our message; the plugin's own HTTP endpoints are not exposed (app/auth-proxy.ts).
        admin({ defaultRole: 'member', bannedUserMessage: messages.safety.suspended }),
        // TOTP with an authenticator app and ten one-time backup codes; sign-in then asks for a code.
        twoFactorPlugin({ issuer: 'Glimpse', backupCodeOptions: { amount: 10 } }),
        // Each TOTP code is accepted once (auth/totp-replay.ts).
        totpReplayGuard(db),
        // WebAuthn sign-in and the passkey list (auth/passkeys.ts).
        passkeyPlugin(db, env.publicUrl),
        // A changed password ends the account's pending reset links (auth/pending-links.ts).
        pendingLinksEndWithPassword(db),
        // A changed password and "Log out other devices" end the apps' tokens (oauth/revocation.ts).
        appTokensEndWithPassword(db, onAppTokensRevoked),
        // The old address gets "This wasn't me" once a change of email is made (auth/email-change-undo.ts).
        emailChangeUndo(db, { mailer, publicUrl: env.publicUrl }),
        // The same answer to every sign-up, so it never tells who has an account (auth/sign-up.ts);
        // failed sign-ins slow that account down, wherever they come from (auth/sign-in-slowdown.ts).
        signUpPrivacyPlugin(),
        // The registration mode's checks on every sign-up, before the address is looked up.
        registrationsPlugin(registrations),
        signInSlowdownPlugin(db, rateLimitsOn),
      ],
    }),
  );
}

export type Auth = ReturnType<typeof createAuth>;

/** The cookie cache's version while copies are taken for their word (better-auth's default). */
export const trustedCopyVersion = '1';

/**
 * better-auth answers from a copy only if the copy's version equals this function's answer, on
 * every route that reads the session (get-session, update-user, list-sessions, two-factor,
 * passkeys…). For an account whose copies are not trusted (suspended, or sessions just ended) the
 * answer is one no copy has, not even one signed meanwhile, so the database decides each time.
 */
function copyVersion(trustsCopyOf: (userId: string) => boolean | Promise<boolean>) {
  let untrusted = 0;
  return async (_session: unknown, user: { id: string }): Promise<string> =>
    (await trustsCopyOf(user.id)) ? trustedCopyVersion : `untrusted-${++untrusted}`;
}
