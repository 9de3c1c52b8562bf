/** Change password through better-auth; the other devices are signed out, this one stays signed in. */
import type { ChangePasswordInput } from '@glimpse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authPost } from '@/lib/auth-client.ts';
import { accountKeys } from '@/lib/query-keys.ts';

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangePasswordInput) =>
      authPost('/change-password', { ...input, revokeOtherSessions: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}
