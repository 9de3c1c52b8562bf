import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client.ts';

export function useUserSearch(query: string) {
  const q = query.trim();
  return useQuery({
    queryKey: ['search', 'users', q.toLowerCase()],
    queryFn: () => request(api.search.users.$get({ query: { q } })),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
