import { messages } from '@glimpse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '@/components/toast.tsx';
import { api, request } from '@/lib/api-client.ts';
import { removeEventEverywhere } from './event-cache.ts';

export function useDeleteEvent() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (eventId: string) =>
      request(api.events[':id'].$delete({ param: { id: encodeURIComponent(eventId) } })),
    onSuccess: (_, eventId) => {
      removeEventEverywhere(queryClient, eventId);
      toast.success(messages.event.deleted);
    },
    onError: () => toast.error(messages.event.deleteFailed),
  });
}
