import { useInfiniteQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client.ts';
import { searchKeys } from '@/lib/query-keys.ts';

/** Events whose title or description match, upcoming first. */
export const useSearchEvents = (q: string, enabled: boolean) =>
  useInfiniteQuery({
    queryKey: searchKeys.events(q),
    queryFn: ({ pageParam }) =>
      request(api.search.events.$get({ query: { q, cursor: pageParam ?? undefined } })),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: enabled && q.length > 0,
    staleTime: 60_000,
  });
