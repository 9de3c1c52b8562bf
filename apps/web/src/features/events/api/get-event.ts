import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client.ts';
import { eventKeys } from '@/lib/query-keys.ts';

export const eventQueryOptions = (id: string) =>
  queryOptions({
    queryKey: eventKeys.detail(id),
    queryFn: () => request(api.events[':id'].$get({ param: { id: encodeURIComponent(id) } })),
  });

export const useEvent = (id: string) => useQuery(eventQueryOptions(id));

/** The .ics download of "Add to calendar"; a plain link, so the browser saves the file itself. */
export const calendarUrl = (id: string) => `/api/events/${encodeURIComponent(id)}/calendar.ics`;
