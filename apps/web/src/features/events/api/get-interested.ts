import type { EventInterestDto, Page } from '@glimpse/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { eventKeys } from './keys.ts';

/** Everyone who joined an event, oldest first. */
export const interestedQueryOptions = (eventId: string) =>
  infiniteQueryOptions({
    queryKey: eventKeys.interested(eventId),
    queryFn: ({ pageParam }) =>
      apiFetch<Page<EventInterestDto>>(
        `/api/events/${encodeURIComponent(eventId)}/interested${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useInterested = (eventId: string) => useInfiniteQuery(interestedQueryOptions(eventId));
