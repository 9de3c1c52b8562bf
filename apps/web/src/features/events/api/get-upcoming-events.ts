import { limits } from '@glimpse/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client.ts';
import { eventKeys } from '@/lib/query-keys.ts';

export const upcomingEventsQueryOptions = (limit: number = limits.upcomingEventsDefault) =>
  queryOptions({
    queryKey: eventKeys.upcoming(limit),
    queryFn: () => request(api.events.upcoming.$get({ query: { limit: String(limit) } })),
  });

export const useUpcomingEvents = (limit?: number) => useQuery(upcomingEventsQueryOptions(limit));
