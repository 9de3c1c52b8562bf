import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client.ts';
import { searchKeys } from '@/lib/query-keys.ts';

/** Hashtags starting with the typed text (a leading # is optional), most used first. */
export function useTagSearch(query: string) {
  const q = query.trim();
  return useQuery({
    queryKey: searchKeys.tags(q),
    queryFn: () => request(api.search.tags.$get({ query: { q } })),
    enabled: q.replace(/^#/, '').length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
