import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client.ts';
import { eventKeys } from '@/lib/query-keys.ts';

/** Everyone who joined an event, oldest first. */
export const interestedQueryOptions = (eventId: string) =>
  infiniteQueryOptions({
    queryKey: eventKeys.interested(eventId),
    queryFn: ({ pageParam }) =>
      request(
        api.events[':id'].interested.$get({
          param: { id: encodeURIComponent(eventId) },
          query: { cursor: pageParam ?? undefined },
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useInterested = (eventId: string) => useInfiniteQuery(interestedQueryOptions(eventId));
