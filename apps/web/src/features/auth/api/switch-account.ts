/** Makes another signed-in account of this device the active one (multi-session set-active). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authPost } from '@/lib/auth-client.ts';
import { authKeys } from '@/lib/query-keys.ts';
import { getMe } from '@/lib/session.ts';
import { setActiveAccount } from '../active-account.ts';
import type { DeviceAccount } from './list-accounts.ts';

export function useSwitchAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (account: DeviceAccount) => {
      await authPost('/multi-session/set-active', { sessionToken: account.sessionToken });
      return getMe();
    },
    onSuccess: (me) => setActiveAccount(queryClient, me),
    // The session may have expired or been revoked elsewhere: show the list as it is now.
    onError: () => queryClient.invalidateQueries({ queryKey: authKeys.accounts }),
  });
}
