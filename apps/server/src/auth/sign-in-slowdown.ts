/**
 * Per-account sign-in slowdown: failed password sign-ins are counted per normalized
 * email, whether or not it has an account (so the count reveals nothing), across every client
 * address and every instance (a row in `rate_limit_windows`). Past `signInSlowdown.freeFailures`,
 * each attempt for that email is held until a growing delay after the last failure has passed,
 * then checked as usual; the right password clears the count. Figures and sources:
 * packages/shared/src/limits.ts; why a wait and not a 429: docs/security.md ("Sign-in slowdown").
 *
 * The row reuses the rate-limit table's columns: `window_start` is the time of the last failure
 * and `count` the failures since the count was last cleared. The hourly sweep removes rows a day
 * old, long after `forgetAfterSeconds` has made them count for nothing.
 */
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { signInSlowdown } from '@glimpse/shared';
import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware, isAPIError } from 'better-auth/api';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimitWindows } from '../db/schema.ts';

/** The key for an email: a digest, so the table keeps no list of the addresses people typed. */
function failuresKey(email: string): string {
  const normalized = email.trim().toLowerCase();
  return `sign-in-failures:${createHash('sha256').update(normalized).digest('hex')}`;
}

/** How long after the last failure the next attempt waits, once `failures` have been counted. */
export function signInDelaySeconds(failures: number): number {
  const { freeFailures, firstDelaySeconds, maxDelaySeconds } = signInSlowdown;
  if (failures < freeFailures) return 0;
  return Math.min(firstDelaySeconds * 2 ** (failures - freeFailures), maxDelaySeconds);
}

/** Milliseconds the next sign-in for `email` must wait (0: none), by the database's clock. */
export async function signInWaitMs(db: Db, email: string): Promise<number> {
  const w = rateLimitWindows;
  const [row] = await db
    .select({
      failures: w.count,
      sinceLastMs: sql<number>`(extract(epoch from now() - ${w.windowStart}) * 1000)::float8`,
    })
    .from(w)
    .where(eq(w.key, failuresKey(email)));
  if (!row || row.sinceLastMs >= signInSlowdown.forgetAfterSeconds * 1000) return 0;
  return Math.max(0, signInDelaySeconds(row.failures) * 1000 - row.sinceLastMs);
}

/** One more failure for `email`: counted from 1 again once the last one is forgotten. */
export async function recordSignInFailure(db: Db, email: string): Promise<void> {
  const w = rateLimitWindows;
  const forgotten = sql`${w.windowStart} <= now() - ${signInSlowdown.forgetAfterSeconds}::int * interval '1 second'`;
  await db
    .insert(w)
    .values({ key: failuresKey(email), windowStart: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: w.key,
      set: { windowStart: sql`now()`, count: sql`case when ${forgotten} then 1 else ${w.count} + 1 end` },
    });
}

export async function forgetSignInFailures(db: Db, email: string): Promise<void> {
  await db.delete(rateLimitWindows).where(eq(rateLimitWindows.key, failuresKey(email)));
}

/** Answers that prove the password was right (the sign-in may still stop for another reason). */
const rightPasswordCodes = new Set(['EMAIL_NOT_VERIFIED', 'BANNED_USER']);

const emailOf = (body: unknown) => {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email.length > 0 ? email : null;
};

const isPasswordSignIn = (ctx: { path?: string }) => ctx.path === '/sign-in/email';

/** better-auth hooks around /sign-in/email; `enabled` is RATE_LIMITS=on. */
export function signInSlowdownPlugin(db: Db, enabled: boolean) {
  return {
    id: 'glimpse-sign-in-slowdown',
    hooks: {
      before: [
        {
          matcher: (ctx) => enabled && isPasswordSignIn(ctx),
          handler: createAuthMiddleware(async (ctx) => {
            const email = emailOf(ctx.body);
            if (!email) return;
            // Held, not refused: the owner's own attempt always gets its answer, at worst this late.
            const wait = await signInWaitMs(db, email);
            if (wait > 0) await sleep(wait);
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => enabled && isPasswordSignIn(ctx),
          handler: createAuthMiddleware(async (ctx) => {
            const email = emailOf(ctx.body);
            if (!email) return;
            const answer = ctx.context.returned;
            if (!isAPIError(answer)) {
              // Signed in, or (two-factor on) the password was right and a code is asked for next.
              await forgetSignInFailures(db, email);
              return;
            }
            const code = (answer.body as { code?: string } | undefined)?.code;
            if (code === 'INVALID_EMAIL_OR_PASSWORD') await recordSignInFailure(db, email);
            else if (code && rightPasswordCodes.has(code)) await forgetSignInFailures(db, email);
            // Anything else (a malformed email, a refused origin) checked no password: it counts neither way.
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
