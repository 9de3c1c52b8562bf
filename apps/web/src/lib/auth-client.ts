/**
 * better-auth's endpoints (mounted under /api/auth, outside the typed Hono routes): each one this
 * app calls, with the body it takes. Sign-in, sign-up and the session switches answer nothing we
 * read; the device-session list is parsed by its shared zod schema, loaded only when it is asked
 * for so that zod stays out of the first screen's JavaScript.
 */
import type { AccountSession, DeviceSession, ProofOfWorkSolution, SignInInput } from '@glimpse/shared';
import { send } from './api-client.ts';
import { requestLanguage } from './i18n.ts';

interface AuthPosts {
  /** Refused with EMAIL_NOT_VERIFIED (the password was right) until the address is confirmed; a new link goes out. */
  '/sign-in/email': SignInInput & { rememberMe: boolean };
  /**
   * `acceptTerms`: the Terms of Service and Community Guidelines checkbox (the server requires it).
   * Answers alike whether or not the address has an account, and signs nobody in: the emailed link does.
   */
  '/sign-up/email': {
    email: string;
    password: string;
    name: string;
    acceptTerms: true;
    /** Asked when registrations need approval; an invite code skips it (server auth/registrations.ts). */
    reason?: string;
    inviteCode?: string;
    /** The answer to the server's challenge (features/auth/api/proof-of-work.ts). */
    proofOfWork: ProofOfWorkSolution;
  };
  /** Ends every account's session on this device (docs/footguns.md). */
  '/sign-out': Record<string, never>;
  '/multi-session/set-active': { sessionToken: string };
  '/multi-session/revoke': { sessionToken: string };
  /** Answers the same whether or not the address has an account. */
  '/request-password-reset': { email: string; proofOfWork: ProofOfWorkSolution };
  /** Ends every session of the account (revokeSessionsOnPasswordReset). */
  '/reset-password': { token: string; newPassword: string };
  '/change-password': { currentPassword: string; newPassword: string; revokeOtherSessions: boolean };
  /** Ends the account's sessions on every other device; this device stays signed in. */
  '/revoke-other-sessions': Record<string, never>;
  /** Two-factor: set up (answers the otpauth URI and the backup codes), confirm with a code, turn off. */
  '/two-factor/enable': { password: string };
  '/two-factor/verify-totp': { code: string; trustDevice?: boolean };
  '/two-factor/verify-backup-code': { code: string };
  '/two-factor/disable': { password: string };
  /** A new email confirmation link; `callbackURL` is where the link lands once followed. */
  '/send-verification-email': { email: string; callbackURL: string };
  /**
   * Passkeys (server auth/passkeys.ts): each ceremony's options, then the browser's answer. Add a
   * passkey's options come from the app's API after the password (features/account/api/passkeys.ts).
   */
  '/passkey/register': { response: unknown; name?: string };
  '/passkey/delete': { id: string };
  '/passkey/sign-in-options': Record<string, never>;
  '/passkey/sign-in': { challengeId: string; response: unknown };
}

/**
 * Posts to better-auth; answers its JSON, which most callers ignore. `signedOut` sends no cookies,
 * for a request about an account this browser is not signed in to (Resend on the check-your-email
 * screen during Add Account: with the session, better-auth would take it for the active account's).
 */
export async function authPost<P extends keyof AuthPosts>(
  path: P,
  body: AuthPosts[P],
  { signedOut = false }: { signedOut?: boolean } = {},
): Promise<unknown> {
  return send(() =>
    fetch(`/api/auth${path}`, {
      method: 'POST',
      // A sign-up keeps this as the account's language; errors come back in it.
      headers: { 'content-type': 'application/json', 'accept-language': requestLanguage() },
      body: JSON.stringify(body),
      credentials: signedOut ? 'omit' : 'same-origin',
    }),
  );
}

export async function listDeviceSessions(): Promise<DeviceSession[]> {
  const [answer, { DeviceSessionList }] = await Promise.all([
    send(() => fetch('/api/auth/multi-session/list-device-sessions')),
    import('./device-session-schema.ts'),
  ]);
  return DeviceSessionList.parse(answer);
}

/** The devices signed in to the active account (better-auth's list-sessions), newest activity first. */
export async function listAccountSessions(): Promise<AccountSession[]> {
  const [answer, { AccountSessionList }] = await Promise.all([
    send(() => fetch('/api/auth/list-sessions')),
    import('./device-session-schema.ts'),
  ]);
  return AccountSessionList.parse(answer).sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime());
}
