/**
 * better-auth: email + password accounts, cookie sessions, multi-session (Add Account) and the
 * rate limits on sign-in and sign-up. Its tables live in db/schema.ts beside ours.
 */
import { limits, messages, rateLimits } from '@glimpse/shared';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
// The minimal build leaves out Kysely (we bring Drizzle): about 30 MB less memory at start.
import { betterAuth } from 'better-auth/minimal';
import { admin } from 'better-auth/plugins/admin';
import { multiSession } from 'better-auth/plugins/multi-session';
import type { Db } from '../db/client.ts';
import { account, rateLimit, session, user, verification } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { applyAdminEmails, makeFirstAccountAdmin } from '../features/safety/roles.ts';

/** The server sets this header from the socket (or a trusted proxy); any client-sent value is replaced. */
export const clientIpHeader = 'x-glimpse-client-ip';

/** How long a signed session copy in the browser stands in for the database row (see below). */
export const sessionCookieCacheSeconds = 60;

export function createAuth(db: Db, env: Env, secret: string) {
  const rateLimitsOn = env.RATE_LIMITS === 'on';
  return betterAuth({
    appName: 'Glimpse',
    baseURL: env.publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: env.trustedOrigins,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user, session, account, verification, rateLimit },
    }),
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: limits.passwordMin,
      maxPasswordLength: limits.passwordMax,
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      // Every API request needs the viewer. With this, a signed copy of the session (HMAC, in an
      // HttpOnly cookie) answers for up to a minute instead of two database queries per request.
      // The price: a session revoked from another device keeps working there for at most that
      // minute. Signing out on the device itself clears the copy at once. docs/performance.md.
      cookieCache: { enabled: true, maxAge: sessionCookieCacheSeconds },
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
      },
    },
    advanced: {
      useSecureCookies: env.publicUrl.startsWith('https://'),
      ipAddress: { ipAddressHeaders: [clientIpHeader] },
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    telemetry: { enabled: false },
    databaseHooks: {
      user: { create: { after: (created) => makeFirstAccountAdmin(db, created.id) } },
      session: { create: { after: (created) => applyAdminEmails(db, created.userId, env.adminEmails) } },
    },
    plugins: [
      multiSession({ maximumSessions: limits.deviceAccountsMax }),
      // Roles and bans on `user` (features/safety). A suspended account's sign-in is refused with
      // our message; the plugin's own HTTP endpoints are not exposed (app.ts).
      admin({ defaultRole: 'member', bannedUserMessage: messages.safety.suspended }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
