import type { EventWhen } from '@glimpse/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client.ts';
import { type EventList, eventKeys } from '@/lib/query-keys.ts';

function fetchPage(list: EventList, when: EventWhen, cursor: string | undefined) {
  const query = { when, cursor };
  return request(
    list.kind === 'followed'
      ? api.events.$get({ query })
      : api.users[':userId'].events.$get({ param: { userId: encodeURIComponent(list.userId) }, query }),
  );
}

export const eventsQueryOptions = (list: EventList, when: EventWhen) =>
  infiniteQueryOptions({
    queryKey: eventKeys.list(list, when),
    queryFn: ({ pageParam }) => fetchPage(list, when, pageParam ?? undefined),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useEvents = (list: EventList, when: EventWhen, { enabled = true } = {}) =>
  useInfiniteQuery({ ...eventsQueryOptions(list, when), enabled });
