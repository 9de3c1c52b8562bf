import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client.ts';
import { searchKeys } from '@/lib/query-keys.ts';

export function useUserSearch(query: string) {
  const q = query.trim();
  return useQuery({
    queryKey: searchKeys.users(q),
    queryFn: () => request(api.search.users.$get({ query: { q } })),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
