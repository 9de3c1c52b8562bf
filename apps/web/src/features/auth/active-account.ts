/**
 * Which account is active. Everything cached belongs to the account that fetched it, so when the
 * active account changes (sign-in, Add Account, switch, log out) the cache is emptied except the auth
 * keys, /api/me is replaced, and the other tabs of this browser are told: the session cookie is
 * shared by all tabs, and a tab must never show one account while acting as another.
 */
import type { MeDto } from '@glimpse/shared';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { authKeys } from '@/lib/query-keys.ts';
import { getMe } from '@/lib/session.ts';

type ActiveAccountMessage = { userId: string | null };
// One channel per tab: a BroadcastChannel never hears its own messages, so a tab ignores its own news.
const channel =
  typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('glimpse-active-account');

const notAuth = {
  predicate: (query: { queryKey: readonly unknown[] }) => query.queryKey[0] !== authKeys.all[0],
};

export async function setActiveAccount(
  queryClient: QueryClient,
  me: MeDto | null,
  { announce = true }: { announce?: boolean } = {},
) {
  await queryClient.cancelQueries(notAuth);
  if (me) {
    queryClient.removeQueries({ ...notAuth, type: 'inactive' });
    queryClient.setQueryData(authKeys.me, me);
    // Screens still on show refetch as the new account instead of keeping the last one's data.
    void queryClient.resetQueries({ ...notAuth, type: 'active' });
  } else {
    queryClient.clear();
    queryClient.setQueryData(authKeys.me, null);
  }
  void queryClient.invalidateQueries({ queryKey: authKeys.accounts });
  if (announce) channel?.postMessage({ userId: me?.user.id ?? null } satisfies ActiveAccountMessage);
}

/**
 * Mounted once. When another tab changes the active account, a tab showing a different signed-in
 * account reloads (dropping half-typed forms that would now be sent as someone else); a signed-out
 * tab just picks the account up.
 */
export function useActiveAccountSync() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!channel) return;
    const onMessage = async (event: MessageEvent<ActiveAccountMessage>) => {
      const shown = queryClient.getQueryData<MeDto | null>(authKeys.me)?.user.id ?? null;
      if (shown === event.data.userId) {
        void queryClient.invalidateQueries({ queryKey: authKeys.accounts });
        return;
      }
      if (shown && event.data.userId) {
        window.location.reload();
        return;
      }
      await setActiveAccount(queryClient, await getMe().catch(() => null), { announce: false });
    };
    channel.addEventListener('message', onMessage);
    return () => channel.removeEventListener('message', onMessage);
  }, [queryClient]);
}
