/**
 * Going for one date. Not optimistic, unlike Interested: whether a tap gets a place or a spot on
 * the waitlist only the server knows (capacity is counted under its lock), so the button shows
 * its busy state and then the server's answer.
 */
import type { EventAttendanceDto } from '@glimpse/shared';
import { messages } from '@glimpse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '@/components/toast.tsx';
import { api, request } from '@/lib/api-client.ts';
import { eventKeys } from '@/lib/query-keys.ts';
import { patchEventEverywhere } from './event-cache.ts';

export function useToggleGoing(eventId: string, occurrence: number) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    scope: { id: `going-${eventId}` },
    mutationFn: (going: boolean) => {
      const args = { param: { id: encodeURIComponent(eventId) }, query: { occurrence: String(occurrence) } };
      const route = api.events[':id'].going;
      return request(going ? route.$put(args) : route.$delete(args));
    },
    onSuccess: (attendance: EventAttendanceDto) => {
      patchEventEverywhere(queryClient, eventId, (event) =>
        event.attendance.occurrence === attendance.occurrence ? { ...event, attendance } : event,
      );
      void queryClient.invalidateQueries({ queryKey: eventKeys.going(eventId, occurrence) });
    },
    onError: (error) => {
      toast.error(error instanceof Error && error.message ? error.message : messages.event.goingFailed);
      void queryClient.invalidateQueries({ queryKey: eventKeys.detail(eventId) });
    },
  });
}
