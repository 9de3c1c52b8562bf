/**
 * Sign-up: the server answers the same whether or not the address has an account and
 * signs nobody in; the screen then says "Check your email". The emailed link signs the new account
 * in and opens /setupProfile (the owner of an existing address gets a notice instead).
 */

import type { ProofOfWorkSolution } from '@glimpse/shared';
import { paths } from '@glimpse/shared';
import { useMutation } from '@tanstack/react-query';
import { authPost } from '@/lib/auth-client.ts';

export function useSignUp() {
  return useMutation({
    mutationFn: async ({
      email,
      password,
      acceptTerms,
      reason,
      inviteCode,
      proofOfWork,
    }: {
      email: string;
      password: string;
      acceptTerms: true;
      reason?: string;
      inviteCode?: string;
      proofOfWork: ProofOfWorkSolution;
    }) => {
      // better-auth wants a display name; the profile screen that follows sets the real one.
      const name = email.split('@')[0] ?? email;
      await authPost('/sign-up/email', {
        email,
        password,
        name,
        acceptTerms,
        ...(reason && { reason }),
        ...(inviteCode && { inviteCode }),
        proofOfWork,
      });
    },
  });
}

/**
 * Resend on the check-your-email screen: a new link if the address has an account still waiting
 * for it, and the same answer otherwise. Sent without cookies: during Add Account this browser is
 * signed in to another account.
 */
export function useResendConfirmation() {
  return useMutation({
    mutationFn: (email: string) =>
      authPost('/send-verification-email', { email, callbackURL: paths.setupProfile }, { signedOut: true }),
  });
}
