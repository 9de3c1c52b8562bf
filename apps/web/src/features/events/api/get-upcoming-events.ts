import type { EventDto } from '@glimpse/shared';
import { limits } from '@glimpse/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { eventKeys } from './keys.ts';

export const upcomingEventsQueryOptions = (limit: number = limits.upcomingEventsDefault) =>
  queryOptions({
    queryKey: eventKeys.upcoming(limit),
    queryFn: () => apiFetch<{ items: EventDto[] }>(`/api/events/upcoming?limit=${limit}`),
  });

export const useUpcomingEvents = (limit?: number) => useQuery(upcomingEventsQueryOptions(limit));
