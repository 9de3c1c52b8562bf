import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client.ts';
import { feedKeys } from '@/lib/query-keys.ts';

export const feedQueryOptions = infiniteQueryOptions({
  queryKey: feedKeys.all,
  queryFn: ({ pageParam }) => request(api.feed.$get({ query: { cursor: pageParam ?? undefined } })),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
});

export function useFeed() {
  return useInfiniteQuery(feedQueryOptions);
}
