import { messages } from '@glimpse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '@/components/toast.tsx';
import { apiFetch } from '@/lib/api-client.ts';
import { removeEventEverywhere } from './event-cache.ts';

export function useDeleteEvent() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (eventId: string) =>
      apiFetch<void>(`/api/events/${encodeURIComponent(eventId)}`, { method: 'DELETE' }),
    onSuccess: (_, eventId) => {
      removeEventEverywhere(queryClient, eventId);
      toast.success(messages.event.deleted);
    },
    onError: () => toast.error(messages.event.deleteFailed),
  });
}
