import type { EventDto } from '@glimpse/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { eventKeys } from './keys.ts';

export const eventQueryOptions = (id: string) =>
  queryOptions({
    queryKey: eventKeys.detail(id),
    queryFn: () => apiFetch<EventDto>(`/api/events/${encodeURIComponent(id)}`),
  });

export const useEvent = (id: string) => useQuery(eventQueryOptions(id));

/** The .ics download of "Add to calendar"; a plain link, so the browser saves the file itself. */
export const calendarUrl = (id: string) => `/api/events/${encodeURIComponent(id)}/calendar.ics`;
