import { useInfiniteQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client.ts';
import { searchKeys } from '@/lib/query-keys.ts';

/** Posts matching words, "phrases", #tags and @usernames, most relevant first, with highlights. */
export const useSearchPosts = (q: string, enabled: boolean) =>
  useInfiniteQuery({
    queryKey: searchKeys.posts(q),
    queryFn: ({ pageParam }) =>
      request(api.search.posts.$get({ query: { q, cursor: pageParam ?? undefined } })),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: enabled && q.length > 0,
    staleTime: 60_000,
  });
