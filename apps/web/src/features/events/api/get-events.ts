import type { EventDto, EventWhen, Page } from '@glimpse/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { type EventList, eventKeys } from './keys.ts';

const pathOf = (list: EventList) =>
  list.kind === 'followed' ? '/api/events' : `/api/users/${encodeURIComponent(list.userId)}/events`;

export const eventsQueryOptions = (list: EventList, when: EventWhen) =>
  infiniteQueryOptions({
    queryKey: eventKeys.list(list, when),
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams({ when });
      if (pageParam) query.set('cursor', pageParam);
      return apiFetch<Page<EventDto>>(`${pathOf(list)}?${query}`);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useEvents = (list: EventList, when: EventWhen, { enabled = true } = {}) =>
  useInfiniteQuery({ ...eventsQueryOptions(list, when), enabled });
