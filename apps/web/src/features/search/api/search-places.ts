import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client.ts';
import { searchKeys } from '@/lib/query-keys.ts';

/** Places posts name, by the start or near spelling of the typed text, with their posts' count. */
export function usePlaceSearch(query: string) {
  const q = query.trim();
  return useQuery({
    queryKey: searchKeys.places(q),
    queryFn: () => request(api.search.places.$get({ query: { q } })),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
