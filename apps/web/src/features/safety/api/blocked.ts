import { useInfiniteQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client.ts';
import { safetyKeys } from '@/lib/query-keys.ts';

/** The accounts I blocked, newest first (/settings/blocked). */
export function useBlockedAccounts() {
  return useInfiniteQuery({
    queryKey: safetyKeys.blocked(),
    queryFn: ({ pageParam }) =>
      request(api.me.blocked.$get({ query: pageParam ? { cursor: pageParam } : {} })),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
