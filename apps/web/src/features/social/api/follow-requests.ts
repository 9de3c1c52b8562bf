/** Requests to follow me: the list, and Approve / Decline. */
import { messages } from '@glimpse/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useToast } from '@/components/toast.tsx';
import { actionableMessage, api, request } from '@/lib/api-client.ts';
import { authKeys, followRequestKeys, notificationKeys } from '@/lib/query-keys.ts';

export function useFollowRequests() {
  return useQuery({
    queryKey: followRequestKeys.all,
    queryFn: () => request(api['follow-requests'].$get()),
  });
}

export function useAnswerFollowRequest(requesterId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (approve: boolean) => {
      const target = { param: { userId: encodeURIComponent(requesterId) } };
      const request_ = api['follow-requests'][':userId'];
      return request(approve ? request_.approve.$post(target) : request_.decline.$post(target));
    },
    onSuccess: (_, approve) => {
      toast.success(approve ? messages.social.requestApproved : messages.social.requestDeclined);
      void queryClient.invalidateQueries({ queryKey: followRequestKeys.all });
      // My follower count changes with an approval.
      void queryClient.invalidateQueries({ queryKey: authKeys.me });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
    onError: (error) => {
      toast.error(actionableMessage(error, messages.social.followFailed));
      void queryClient.invalidateQueries({ queryKey: followRequestKeys.all });
    },
  });
}
