import { useInfiniteQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client.ts';
import { feedKeys } from '@/lib/query-keys.ts';

export function useFeed() {
  return useInfiniteQuery({
    queryKey: feedKeys.all,
    queryFn: ({ pageParam }) => request(api.feed.$get({ query: { cursor: pageParam ?? undefined } })),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
