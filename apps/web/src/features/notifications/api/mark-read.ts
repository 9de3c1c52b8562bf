import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { notificationKeys } from './keys.ts';

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<{ marked: number }>('/api/notifications/read', { method: 'POST' }),
    onSuccess: () => queryClient.setQueryData(notificationKeys.unreadCount(), 0),
  });
}
