import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client.ts';
import { eventKeys } from '@/lib/query-keys.ts';

/** Everyone going to one date, in the order they got their place. */
export const goingQueryOptions = (eventId: string, occurrence: number) =>
  infiniteQueryOptions({
    queryKey: eventKeys.going(eventId, occurrence),
    queryFn: ({ pageParam }) =>
      request(
        api.events[':id'].going.$get({
          param: { id: encodeURIComponent(eventId) },
          query: { cursor: pageParam ?? undefined, occurrence: String(occurrence) },
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useGoing = (eventId: string, occurrence: number) =>
  useInfiniteQuery(goingQueryOptions(eventId, occurrence));
