/**
 * Follow / Unfollow / Follow back: the same write everywhere (SPEC.md §4). The button flips at once
 * and rolls back with an error toast if the write fails.
 */
import type { PublicProfileDto } from '@glimpse/shared';
import { messages } from '@glimpse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '@/components/toast.tsx';
import { actionableMessage, api, request } from '@/lib/api-client.ts';
import { authKeys, eventKeys, feedKeys, notificationKeys, postKeys, profileKeys } from '@/lib/query-keys.ts';

export function useFollow(userId: string, { successMessage = messages.social.followed as string } = {}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    scope: { id: `follow-${userId}` },
    mutationFn: (follow: boolean) => {
      const target = { param: { userId: encodeURIComponent(userId) } };
      const follows = api.users[':userId'].follow;
      return request(follow ? follows.$put(target) : follows.$delete(target));
    },
    onMutate: (follow) => {
      queryClient.setQueryData<PublicProfileDto>(profileKeys.detail(userId), (p) =>
        // A private account's follow waits: Requested at once, as the server will answer.
        p
          ? {
              ...p,
              followedByMe: follow && !p.isPrivate,
              followRequested: follow ? p.isPrivate || p.followRequested : false,
            }
          : p,
      );
    },
    onSuccess: (state) => {
      queryClient.setQueryData<PublicProfileDto>(profileKeys.detail(userId), (p) =>
        p
          ? {
              ...p,
              followedByMe: state.following,
              followRequested: state.requested ?? false,
              followerCount: state.followerCount,
            }
          : p,
      );
      toast.success(
        state.following
          ? successMessage
          : state.requested
            ? messages.social.followRequested
            : messages.social.unfollowed,
      );
      // My following count, the feed and the follow-back buttons all depend on this.
      void queryClient.invalidateQueries({ queryKey: authKeys.me });
      void queryClient.invalidateQueries({ queryKey: feedKeys.all });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
      void queryClient.invalidateQueries({ queryKey: eventKeys.all });
      // Unfollowing a private account hides its posts from me again.
      void queryClient.invalidateQueries({ queryKey: postKeys.lists() });
    },
    onError: (error, follow) => {
      queryClient.setQueryData<PublicProfileDto>(profileKeys.detail(userId), (p) =>
        p ? { ...p, followedByMe: !follow } : p,
      );
      toast.error(actionableMessage(error, messages.social.followFailed));
    },
  });
}
