/**
 * Accepted terms: sign-up requires the member to agree to the Terms of Service and Community
 * Guidelines (the checkbox on /signup sends `acceptTerms: true`); the account keeps when it agreed
 * and to which version (`termsVersion`, the legal pages' date). Called from better-auth's
 * user-creation hook (auth.ts), so no account is created without it.
 */
import { messages, termsVersion } from '@glimpse/shared';
import { APIError } from 'better-auth/api';

/** The fields to store on the new account; refuses a sign-up that did not agree (400). */
export function acceptedTerms(body: unknown): { termsAcceptedAt: Date; termsVersion: string } {
  const agreed =
    typeof body === 'object' && body !== null && (body as { acceptTerms?: unknown }).acceptTerms === true;
  if (!agreed) {
    throw new APIError('BAD_REQUEST', { message: messages.safety.termsRequired, code: 'TERMS_REQUIRED' });
  }
  return { termsAcceptedAt: new Date(), termsVersion };
}
