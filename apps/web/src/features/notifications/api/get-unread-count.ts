import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { notificationKeys } from './keys.ts';

/** The badge count; the live stream invalidates it, so no polling is needed. */
export function useUnreadCount() {
  return useQuery({
    queryKey: notificationKeys.unreadCount(),
    queryFn: async () => (await apiFetch<{ count: number }>('/api/notifications/unread-count')).count,
    staleTime: 60_000,
  });
}
