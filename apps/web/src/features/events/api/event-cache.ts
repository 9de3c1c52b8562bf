/**
 * An event can sit in several caches at once (its detail, /event, a profile, the upcoming panel).
 * Optimistic changes patch every copy so the screens never disagree.
 */
import type { EventDto, Page } from '@glimpse/shared';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { eventKeys } from '@/lib/query-keys.ts';

type Cached = EventDto | InfiniteData<Page<EventDto>> | { items: EventDto[] } | undefined;

const mapItems = (items: EventDto[], eventId: string, patch: (event: EventDto) => EventDto) =>
  items.map((item) => (item.id === eventId ? patch(item) : item));

export function patchEventEverywhere(
  queryClient: QueryClient,
  eventId: string,
  patch: (event: EventDto) => EventDto,
) {
  for (const queryKey of [eventKeys.detail(eventId), eventKeys.lists(), eventKeys.upcomingAll()]) {
    queryClient.setQueriesData<Cached>({ queryKey }, (data) => {
      if (!data) return data;
      if ('pages' in data) {
        return {
          ...data,
          pages: data.pages.map((page) => ({ ...page, items: mapItems(page.items, eventId, patch) })),
        };
      }
      if ('items' in data) return { ...data, items: mapItems(data.items, eventId, patch) };
      return data.id === eventId ? patch(data) : data;
    });
  }
}

export function removeEventEverywhere(queryClient: QueryClient, eventId: string) {
  queryClient.removeQueries({ queryKey: eventKeys.detail(eventId) });
  queryClient.removeQueries({ queryKey: eventKeys.interested(eventId) });
  queryClient.setQueriesData<InfiniteData<Page<EventDto>>>({ queryKey: eventKeys.lists() }, (data) =>
    data?.pages
      ? {
          ...data,
          pages: data.pages.map((p) => ({ ...p, items: p.items.filter((item) => item.id !== eventId) })),
        }
      : data,
  );
  // The panel shows a fixed number: the next event moves up, so it is fetched again.
  void queryClient.invalidateQueries({ queryKey: eventKeys.upcomingAll() });
}
