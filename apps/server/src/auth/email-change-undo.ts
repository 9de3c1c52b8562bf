/**
 * "This wasn't me" for a change of email. A change completes when the link sent to the
 * new address is followed (better-auth's /verify-email with a change-email token); at that moment
 * the old address gets a mail with a single-use link, valid `limits.emailChangeUndoSeconds`.
 * Following it (composers/account/undo-email-change.ts) puts the old address back and signs the
 * account out on every device. Until the link is used or expires:
 *
 * - the old address stays the account's: no other account may sign up with it or move to it, so
 *   whoever made the change cannot block the undo by taking the address first;
 * - once undone, every change-email link issued before the undo is refused, so a second link the
 *   same person asked for cannot move the account away again.
 *
 * Only a SHA-256 digest of each token is stored, as better-auth does with its own links.
 */
import { createHash, randomBytes } from 'node:crypto';
import { limits } from '@glimpse/shared';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { and, eq, gt, gte, isNull, ne, sql } from 'drizzle-orm';
import { inAccountLanguage } from '../core/language.ts';
import type { Db } from '../db/client.ts';
import { emailChangeUndos } from '../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import { emailChangeUndoMail } from '../mail/templates.ts';

export const digestUndoToken = (token: string) => createHash('sha256').update(token).digest('base64url');

interface ChangeEmailClaims {
  /** The address the change is made from (lower case). */
  email: string;
  updateTo: string;
  userId: string;
  /** Seconds since the epoch, when better-auth signed the link. */
  iat: number;
}

/**
 * The claims of better-auth's change-email link (a JWT it signs: verify-email checks the signature
 * before it changes anything). Read without checking here: used only to refuse a link, or after
 * better-auth has accepted it.
 */
function changeEmailClaims(token: unknown): ChangeEmailClaims | null {
  if (typeof token !== 'string') return null;
  try {
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    if (claims?.requestType !== 'change-email-verification') return null;
    const { email, updateTo, userId, iat } = claims;
    if ([email, updateTo, userId].every((v) => typeof v === 'string') && typeof iat === 'number') {
      return { email, updateTo, userId, iat };
    }
  } catch {
    // Not a JWT: better-auth refuses it itself.
  }
  return null;
}

/** Whether `email` is the old address of another account's change that may still be undone. */
async function keptForAnotherAccount(db: Db, email: string, userId: string | null): Promise<boolean> {
  const [row] = await db
    .select({ id: emailChangeUndos.id })
    .from(emailChangeUndos)
    .where(
      and(
        sql`lower(${emailChangeUndos.oldEmail}) = ${email.toLowerCase()}`,
        isNull(emailChangeUndos.usedAt),
        gt(emailChangeUndos.expiresAt, sql`now()`),
        userId ? ne(emailChangeUndos.userId, userId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Sign-up of a held address: a 403 from a user-create hook is what makes better-auth answer with its
 * generic duplicate response (api/routes/sign-up), so the sign-up looks like any other (auth/sign-up.ts).
 */
const addressHeld = () => new APIError('FORBIDDEN', { message: 'Address held for an undo' });

/** The answer a change of email to a held address gets, as to an address that has an account. */
const addressTaken = () =>
  new APIError('UNPROCESSABLE_ENTITY', {
    message: 'User already exists. Use another email.',
    code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
  });

export function emailChangeUndo(db: Db, { mailer, publicUrl }: { mailer?: Mailer; publicUrl: string }) {
  return {
    id: 'glimpse-email-change-undo',
    init: () => ({
      options: {
        databaseHooks: {
          user: {
            create: {
              before: async (created: { email: string }) => {
                if (await keptForAnotherAccount(db, created.email, null)) throw addressHeld();
              },
            },
            update: {
              before: async (changes: { email?: unknown }, context) => {
                if (typeof changes.email !== 'string') return;
                const claims = changeEmailClaims(context?.query?.token);
                if (await keptForAnotherAccount(db, changes.email, claims?.userId ?? null)) {
                  throw addressTaken();
                }
              },
              after: async (updated: { id: string; email: string }, context) => {
                if (context?.path !== '/verify-email' || !mailer) return;
                const claims = changeEmailClaims(context.query?.token);
                if (!claims || claims.userId !== updated.id || claims.updateTo !== updated.email) return;
                const token = randomBytes(32).toString('base64url');
                await db.insert(emailChangeUndos).values({
                  userId: updated.id,
                  tokenDigest: digestUndoToken(token),
                  oldEmail: claims.email,
                  newEmail: updated.email,
                  expiresAt: new Date(Date.now() + limits.emailChangeUndoSeconds * 1000),
                });
                const link = `${publicUrl}/email-change/undo?token=${encodeURIComponent(token)}`;
                await mailer.send(
                  await inAccountLanguage(db, updated.id, () =>
                    emailChangeUndoMail(claims.email, updated.email, link),
                  ),
                );
              },
            },
          },
        },
      },
    }),
    hooks: {
      before: [
        {
          // A change-email link signed before the account's last undo is refused.
          matcher: (ctx) => ctx.path === '/verify-email',
          handler: createAuthMiddleware(async (ctx) => {
            const claims = changeEmailClaims(ctx.query?.token);
            if (!claims) return;
            const [undone] = await db
              .select({ id: emailChangeUndos.id })
              .from(emailChangeUndos)
              .where(
                and(
                  eq(emailChangeUndos.userId, claims.userId),
                  gte(emailChangeUndos.usedAt, new Date(claims.iat * 1000)),
                ),
              )
              .limit(1);
            if (!undone) return;
            const callbackURL = ctx.query?.callbackURL;
            if (typeof callbackURL === 'string' && callbackURL.startsWith('/')) {
              const separator = callbackURL.includes('?') ? '&' : '?';
              throw ctx.redirect(`${callbackURL}${separator}error=INVALID_TOKEN`);
            }
            throw new APIError('UNAUTHORIZED', { message: 'Invalid token', code: 'INVALID_TOKEN' });
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
