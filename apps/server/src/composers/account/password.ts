/**
 * Asks better-auth whether `password` is the signed-in caller's own (its verify-password endpoint,
 * with the request's cookies), so a route that destroys something needs more than a signed-in
 * device. Answers a field error on Password when it is not.
 */
import { messages } from '@glimpse/shared';
import { APIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { Auth } from '../../auth/auth.ts';
import type { Db } from '../../db/client.ts';
import { user } from '../../db/schema.ts';
import { invalid } from '../../lib/errors.ts';

export async function requirePassword(auth: Auth, headers: Headers, password: string): Promise<void> {
  try {
    await auth.api.verifyPassword({ body: { password }, headers });
  } catch (error) {
    if (error instanceof APIError && error.statusCode < 500) {
      throw invalid(messages.account.passwordWrong, { password: messages.account.passwordWrong });
    }
    throw error;
  }
}

/**
 * With two-factor on, a current code from the authenticator app as well (better-auth's
 * verify-totp, which for a signed-in session only checks the code).
 */
export async function requireTwoFactorCode(
  auth: Auth,
  db: Db,
  headers: Headers,
  userId: string,
  code: string | undefined,
): Promise<void> {
  const [row] = await db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, userId));
  if (!row?.on) return;
  if (!code) throw invalid(messages.account.codeRequired, { code: messages.account.codeRequired });
  try {
    await auth.api.verifyTOTP({ body: { code }, headers });
  } catch (error) {
    if (error instanceof APIError && error.statusCode < 500) {
      throw invalid(messages.account.codeWrong, { code: messages.account.codeWrong });
    }
    throw error;
  }
}
