import { useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client.ts';
import { searchKeys } from '@/lib/query-keys.ts';

/** The week's most used tags among accounts the viewer sees (Explore). */
export const useTrendingTags = () =>
  useQuery({
    queryKey: searchKeys.trendingTags,
    queryFn: () => request(api.trending.tags.$get()),
    staleTime: 5 * 60_000,
  });
