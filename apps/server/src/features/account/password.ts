/**
 * Asks better-auth whether `password` is the signed-in caller's own (its verify-password endpoint,
 * with the request's cookies), so a route that destroys something needs more than a signed-in
 * device. Answers a field error on Password when it is not.
 */
import { messages } from '@glimpse/shared';
import { APIError } from 'better-auth/api';
import type { Auth } from '../../auth/auth.ts';
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
