/** Resend email: a new confirmation link for the signed-in account's address (better-auth). */
import { useMutation } from '@tanstack/react-query';
import { authPost } from '@/lib/auth-client.ts';

export function useResendVerification() {
  return useMutation({
    mutationFn: (email: string) =>
      authPost('/send-verification-email', { email, callbackURL: '/?emailVerified=1' }),
  });
}
