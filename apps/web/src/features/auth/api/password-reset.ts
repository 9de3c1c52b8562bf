/** Password reset through better-auth: ask for the emailed link, then set the new password with its token. */
import type { ProofOfWorkSolution } from '@glimpse/shared';
import { useMutation } from '@tanstack/react-query';
import { authPost } from '@/lib/auth-client.ts';

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (input: { email: string; proofOfWork: ProofOfWorkSolution }) =>
      authPost('/request-password-reset', input),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { token: string; newPassword: string }) => authPost('/reset-password', input),
  });
}
