import type { SignInInput } from '@glimpse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { authKeys, getMe } from './get-me.ts';

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignInInput) => {
      await apiFetch('/api/auth/sign-in/email', { method: 'POST', json: { ...input, rememberMe: true } });
      return getMe();
    },
    onSuccess: (me) => {
      // A different person may be signing in on this device: drop everything cached for the last one.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'auth' });
      queryClient.setQueryData(authKeys.me, me);
    },
  });
}
