import type { NotificationPreferencesDto, NotificationPreferenceType } from '@glimpse/shared';
import { messages } from '@glimpse/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useToast } from '@/components/toast.tsx';
import { api, request } from '@/lib/api-client.ts';
import { notificationKeys } from '@/lib/query-keys.ts';

export function useNotificationPreferences() {
  return useQuery({
    queryKey: notificationKeys.preferences(),
    queryFn: () => request(api.notifications.preferences.$get()),
  });
}

export type PreferenceChange =
  | { channel: 'inApp' | 'push'; type: NotificationPreferenceType; on: boolean }
  /** Only event reminders are emailed. */
  | { channel: 'email'; type: 'event_reminder'; on: boolean };

/** One checkbox at a time, shown at once (optimistic) and put back if the server refuses. */
export function useSetPreference() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const key = notificationKeys.preferences();
  return useMutation({
    mutationFn: ({ channel, type, on }: PreferenceChange) =>
      request(api.notifications.preferences.$put({ json: { [channel]: { [type]: on } } })),
    onMutate: async ({ channel, type, on }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<NotificationPreferencesDto>(key);
      if (before) {
        queryClient.setQueryData<NotificationPreferencesDto>(key, {
          ...before,
          [channel]: { ...before[channel], [type]: on },
        });
      }
      return { before };
    },
    onError: (_error, _change, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
      toast.error(messages.notifications.preferencesFailed);
    },
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
}
