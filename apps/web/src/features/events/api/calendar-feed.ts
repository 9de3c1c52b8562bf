/** The member's private calendar feed: whether it exists, making a new address, turning it off. */
import { messages } from '@glimpse/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useToast } from '@/components/toast.tsx';
import { api, request } from '@/lib/api-client.ts';
import { eventKeys } from '@/lib/query-keys.ts';

export const useCalendarFeed = () =>
  useQuery({
    queryKey: eventKeys.calendarFeed(),
    queryFn: () => request(api.events['calendar-feed'].$get()),
  });

export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: () => request(api.events['calendar-feed'].$post()),
    onSuccess: (feed) =>
      queryClient.setQueryData(eventKeys.calendarFeed(), { ...feed, url: null, webcalUrl: null }),
    onError: () => toast.error(messages.event.calendarFeedFailed),
  });
}

export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: () => request(api.events['calendar-feed'].$delete()),
    onSuccess: () => {
      queryClient.setQueryData(eventKeys.calendarFeed(), { active: false, url: null, webcalUrl: null });
      toast.success(messages.event.calendarFeedRevoked);
    },
    onError: () => toast.error(messages.event.calendarFeedFailed),
  });
}
