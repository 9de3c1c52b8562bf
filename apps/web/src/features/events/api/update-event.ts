/** The host's edit and cancel: the answer replaces every cached copy of the event. */
import type { EventDto, UpdateEventInputParsed } from '@glimpse/shared';
import { messages } from '@glimpse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '@/components/toast.tsx';
import { api, request } from '@/lib/api-client.ts';
import { eventKeys } from '@/lib/query-keys.ts';
import { patchEventEverywhere } from './event-cache.ts';

function useRefreshEvent() {
  const queryClient = useQueryClient();
  return (event: EventDto) => {
    patchEventEverywhere(queryClient, event.id, (cached) => ({ ...event, attendance: cached.attendance }));
    void queryClient.invalidateQueries({ queryKey: eventKeys.detail(event.id) });
    void queryClient.invalidateQueries({ queryKey: eventKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: eventKeys.upcomingAll() });
  };
}

export function useUpdateEvent(eventId: string) {
  const refresh = useRefreshEvent();
  return useMutation({
    mutationFn: (fields: UpdateEventInputParsed) =>
      request(api.events[':id'].$put({ param: { id: encodeURIComponent(eventId) }, json: fields })),
    onSuccess: refresh,
  });
}

export function useCancelEvent(eventId: string) {
  const refresh = useRefreshEvent();
  const toast = useToast();
  return useMutation({
    mutationFn: () => request(api.events[':id'].cancel.$post({ param: { id: encodeURIComponent(eventId) } })),
    onSuccess: (event) => {
      refresh(event);
      toast.success(messages.event.cancelledNotice);
    },
    onError: () => toast.error(messages.event.cancelFailed),
  });
}
