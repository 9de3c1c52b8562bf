/**
 * The devices signed in to the account (better-auth's list-sessions), which of them is this one
 * (the multi-session list names this device's session of each account), and Log out other devices.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authPost, listAccountSessions, listDeviceSessions } from '@/lib/auth-client.ts';
import { accountKeys } from '@/lib/query-keys.ts';

export const accountSessionsQuery = (userId: string) =>
  queryOptions({
    queryKey: accountKeys.sessions,
    queryFn: async () => {
      const [sessions, onThisDevice] = await Promise.all([listAccountSessions(), listDeviceSessions()]);
      const current = onThisDevice.find((entry) => entry.user.id === userId)?.session.token;
      return sessions.map((session) => ({ ...session, current: session.token === current }));
    },
  });

export const useAccountSessions = (userId: string) => useQuery(accountSessionsQuery(userId));

export function useLogOutOtherDevices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => authPost('/revoke-other-sessions', {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}
