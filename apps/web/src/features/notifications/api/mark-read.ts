import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client.ts';
import { notificationKeys } from '@/lib/query-keys.ts';

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request(api.notifications.read.$post()),
    onSuccess: () => queryClient.setQueryData(notificationKeys.unreadCount(), 0),
  });
}
