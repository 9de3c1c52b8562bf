import type { MeDto, SignInInput } from '@glimpse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authPost } from '@/lib/auth-client.ts';
import { getMe } from '@/lib/session.ts';
import { setActiveAccount } from '../active-account.ts';

/** Signed in, or (two-factor on) the password was right and a code is asked for next. */
export type SignInResult = { twoFactor: false; me: MeDto | null } | { twoFactor: true };

/**
 * Signs in with email and password. Already signed in (Add Account), better-auth keeps the other
 * accounts' sessions on this device and makes the new one active. With two-factor on, better-auth
 * answers `twoFactorRedirect` and creates no session until useVerifyTwoFactor succeeds.
 */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignInInput): Promise<SignInResult> => {
      const answer = (await authPost('/sign-in/email', { ...input, rememberMe: true })) as {
        twoFactorRedirect?: boolean;
      } | null;
      if (answer?.twoFactorRedirect) return { twoFactor: true };
      return { twoFactor: false, me: await getMe() };
    },
    // A different person may be signing in on this device: drop everything cached for the last one.
    onSuccess: (result) => {
      if (!result.twoFactor) setActiveAccount(queryClient, result.me);
    },
  });
}

/** The second step: a code from the authenticator app, or one of the backup codes. */
export function useVerifyTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ code, backup }: { code: string; backup: boolean }) => {
      const trimmed = code.replace(/\s+/g, '');
      if (backup) await authPost('/two-factor/verify-backup-code', { code: trimmed });
      else await authPost('/two-factor/verify-totp', { code: trimmed });
      return getMe();
    },
    onSuccess: (me) => setActiveAccount(queryClient, me),
  });
}
