import type { UserSearchResultDto } from '@glimpse/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';

export function useUserSearch(query: string) {
  const q = query.trim();
  return useQuery({
    queryKey: ['search', 'users', q.toLowerCase()],
    queryFn: () => apiFetch<UserSearchResultDto[]>(`/api/search/users?q=${encodeURIComponent(q)}`),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
