/**
 * A TOTP code is good once. better-auth's verify-totp accepts any code of the current 30-second
 * step or the one on either side, as often as it is sent: a code read over a shoulder or relayed
 * by a phishing page signed in a second time within its minute and a half.
 *
 * Before verify-totp runs, this works out which step the code belongs to and claims it for the
 * account with a conditional update (the step must be later than the last one accepted), so two
 * requests racing with one code cannot both win. A code of a step already used, or of an earlier
 * one, is refused with the answer a wrong code gets. A wrong code is left to better-auth, which
 * counts it towards its lockout.
 *
 * Every route that takes a TOTP code goes through verify-totp: sign-in, the first code when
 * enabling, and the step-ups of Delete account and Add a passkey (composers/account/password.ts calls
 * `auth.api.verifyTOTP`, which runs the same hooks). Backup codes are better-auth's and each is
 * removed when used.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { symmetricDecrypt } from 'better-auth/crypto';
import { TWO_FACTOR_ERROR_CODES } from 'better-auth/plugins/two-factor';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { twoFactor } from '../db/schema.ts';

/** better-auth's TOTP settings (its defaults, which auth.ts keeps): 6 digits, 30 s, one step either side. */
const periodSeconds = 30;
const digits = 6;
const stepsEitherSide = 1;
/** The two-factor plugin's cookie naming a sign-in that waits for its code. */
const pendingSignInCookie = 'two_factor';
/** Secrets imported from another provider are stored as `base32:<secret>`; generated ones are used as text. */
const base32Prefix = 'base32:';

function base32Bytes(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of text.toUpperCase().replace(/=+$/, '')) {
    const value = alphabet.indexOf(char);
    if (value >= 0) bits += value.toString(2).padStart(5, '0');
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => Number.parseInt(byte, 2)));
}

function hotp(key: Buffer, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits).padStart(digits, '0');
}

/** The time step `code` is the code of (the latest, should two match), or null when it is none of them. */
export function totpStepOf(secret: string, code: string, now = Date.now()): number | null {
  const key = secret.startsWith(base32Prefix)
    ? base32Bytes(secret.slice(base32Prefix.length))
    : Buffer.from(secret, 'utf8');
  const current = Math.floor(now / 1000 / periodSeconds);
  const given = Buffer.alloc(digits);
  given.write(code.slice(0, digits));
  let found: number | null = null;
  // Every step is compared, matched or not, so the time taken says nothing about the code.
  for (let step = current - stepsEitherSide; step <= current + stepsEitherSide; step++) {
    if (timingSafeEqual(given, Buffer.from(hotp(key, step))) && code.length === digits) found = step;
  }
  return found;
}

export function totpReplayGuard(db: Db) {
  return {
    id: 'glimpse-totp-replay',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/two-factor/verify-totp',
          handler: createAuthMiddleware(async (ctx) => {
            const code = (ctx.body as { code?: unknown } | undefined)?.code;
            if (typeof code !== 'string') return;
            // The signed-in account (enabling, Delete account), or the one a sign-in waits for.
            let userId = (await getSessionFromCtx(ctx))?.user.id;
            if (!userId) {
              const cookie = ctx.context.createAuthCookie(pendingSignInCookie);
              const pending = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
              if (pending) userId = (await ctx.context.internalAdapter.findVerificationValue(pending))?.value;
            }
            if (!userId) return;
            const [row] = await db
              .select({ secret: twoFactor.secret })
              .from(twoFactor)
              .where(eq(twoFactor.userId, userId));
            if (!row) return;
            const secret = await symmetricDecrypt({ key: ctx.context.secretConfig, data: row.secret });
            const step = totpStepOf(secret, code);
            if (step === null) return;
            const claimed = await db
              .update(twoFactor)
              .set({ lastUsedStep: step })
              .where(
                and(
                  eq(twoFactor.userId, userId),
                  or(isNull(twoFactor.lastUsedStep), lt(twoFactor.lastUsedStep, step)),
                ),
              )
              .returning({ id: twoFactor.id });
            if (claimed.length === 0)
              throw APIError.from('UNAUTHORIZED', TWO_FACTOR_ERROR_CODES.INVALID_CODE);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
