import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client.ts';
import { searchKeys } from '@/lib/query-keys.ts';

/** Places already used here and public events' places, by the start or near spelling of `typed`. */
export function usePlaceSuggestions(typed: string) {
  const q = typed.trim();
  return useQuery({
    queryKey: searchKeys.placeSuggestions(q),
    queryFn: () => request(api.places.suggestions.$get({ query: { q } })),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
