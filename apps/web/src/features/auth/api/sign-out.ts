/**
 * Log out signs out only the active account. With other accounts signed in on this device, the
 * active session is revoked through multi-session and better-auth makes another one active; the
 * answer is that account (or null when none is left, after a plain sign-out).
 */
import type { MeDto } from '@glimpse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authPost, listDeviceSessions } from '@/lib/auth-client.ts';
import { authKeys } from '@/lib/query-keys.ts';
import { getMe } from '@/lib/session.ts';
import { setActiveAccount } from '../active-account.ts';

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<MeDto | null> => {
      const activeUserId = queryClient.getQueryData<MeDto | null>(authKeys.me)?.user.id;
      const sessions = await listDeviceSessions().catch(() => []);
      const active = sessions.find((s) => s.user.id === activeUserId);
      if (active && sessions.length > 1) {
        await authPost('/multi-session/revoke', { sessionToken: active.session.token });
        return getMe();
      }
      // The last account: a plain sign-out (it also clears any multi-session cookies left over).
      await authPost('/sign-out', {});
      return null;
    },
    onSuccess: (me) => setActiveAccount(queryClient, me),
  });
}
