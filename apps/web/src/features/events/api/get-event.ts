import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client.ts';
import { eventKeys } from '@/lib/query-keys.ts';

/** The event as it is on one date (`occurrence`), or on its next date when none is given. */
export const eventQueryOptions = (id: string, occurrence?: number) =>
  queryOptions({
    queryKey: eventKeys.detailAt(id, occurrence),
    queryFn: () =>
      request(
        api.events[':id'].$get({
          param: { id: encodeURIComponent(id) },
          query: { occurrence: occurrence === undefined ? undefined : String(occurrence) },
        }),
      ),
  });

export const useEvent = (id: string, occurrence?: number) => useQuery(eventQueryOptions(id, occurrence));

/** The .ics download of "Add to calendar"; a plain link, so the browser saves the file itself. */
export const calendarUrl = (id: string) => `/api/events/${encodeURIComponent(id)}/calendar.ics`;
