import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authPost } from '@/lib/auth-client.ts';
import { getMe } from '@/lib/session.ts';
import { setActiveAccount } from '../active-account.ts';

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      email,
      password,
      acceptTerms,
    }: {
      email: string;
      password: string;
      acceptTerms: true;
    }) => {
      // better-auth wants a display name; the profile screen that follows sets the real one.
      const name = email.split('@')[0] ?? email;
      await authPost('/sign-up/email', { email, password, name, acceptTerms });
      return getMe();
    },
    onSuccess: (me) => setActiveAccount(queryClient, me),
  });
}
