import { useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client.ts';
import { notificationKeys } from '@/lib/query-keys.ts';

/** The badge count; the live stream invalidates it, so no polling is needed. */
export function useUnreadCount() {
  return useQuery({
    queryKey: notificationKeys.unreadCount(),
    queryFn: async () => (await request(api.notifications['unread-count'].$get())).count,
    staleTime: 60_000,
  });
}
