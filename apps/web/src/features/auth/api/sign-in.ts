import type { SignInInput } from '@glimpse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authPost } from '@/lib/auth-client.ts';
import { getMe } from '@/lib/session.ts';
import { setActiveAccount } from '../active-account.ts';

/**
 * Signs in with email and password. Already signed in (Add Account), better-auth keeps the other
 * accounts' sessions on this device and makes the new one active.
 */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignInInput) => {
      await authPost('/sign-in/email', { ...input, rememberMe: true });
      return getMe();
    },
    // A different person may be signing in on this device: drop everything cached for the last one.
    onSuccess: (me) => setActiveAccount(queryClient, me),
  });
}
