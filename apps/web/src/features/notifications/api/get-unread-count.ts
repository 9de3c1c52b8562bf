import { useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client.ts';
import { notificationKeys } from '@/lib/query-keys.ts';
import { useAfterStart } from '@/lib/use-after-start.ts';

/** The badge count; the live stream invalidates it, so no polling is needed. */
export function useUnreadCount() {
  const started = useAfterStart();
  return useQuery({
    // Not part of the first screen's picture: asked once start-up is over.
    enabled: started,
    queryKey: notificationKeys.unreadCount(),
    queryFn: async () => (await request(api.notifications['unread-count'].$get())).count,
    staleTime: 60_000,
  });
}
