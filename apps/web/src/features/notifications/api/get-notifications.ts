import { useInfiniteQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client.ts';
import { notificationKeys } from '@/lib/query-keys.ts';

export type NotificationFilter = 'all' | 'mentions';

export function useNotifications(filter: NotificationFilter) {
  return useInfiniteQuery({
    queryKey: notificationKeys.list(filter),
    queryFn: ({ pageParam }) =>
      request(api.notifications.$get({ query: { cursor: pageParam ?? undefined, filter } })),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
