/**
 * Follow hashtag / Unfollow hashtag, shown at once on the tag page and written afterwards; writes
 * for one tag run one after another, so fast double taps end in the state chosen last. Success
 * refreshes the home feed (the tag's posts join or leave it) and the followed-tags list; a failure
 * rolls back to the server's truth with an error toast.
 */
import type { TagPageDto } from '@glimpse/shared';
import { messages } from '@glimpse/shared';
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '@/components/toast.tsx';
import { api, request } from '@/lib/api-client.ts';
import { feedKeys, postKeys } from '@/lib/query-keys.ts';

export function useToggleTagFollow(tag: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const mutationKey = ['follow-tag', tag];
  const setFollowing = (following: boolean) =>
    queryClient.setQueryData<InfiniteData<TagPageDto>>(postKeys.tag(tag), (data) =>
      data ? { ...data, pages: data.pages.map((page) => ({ ...page, following })) } : data,
    );
  const mutation = useMutation({
    mutationKey,
    scope: { id: `follow-tag-${tag}` },
    mutationFn: (following: boolean) => {
      const args = { param: { tag: encodeURIComponent(tag) } };
      const follow = api.tags[':tag'].follow;
      return request(following ? follow.$put(args) : follow.$delete(args));
    },
    onError: () => {
      toast.error(messages.tags.followFailed);
      void queryClient.invalidateQueries({ queryKey: postKeys.tag(tag) });
    },
    onSuccess: (state) => {
      if (queryClient.isMutating({ mutationKey }) <= 1) setFollowing(state.following);
      void queryClient.invalidateQueries({ queryKey: feedKeys.all });
      void queryClient.invalidateQueries({ queryKey: postKeys.followedTags() });
    },
  });
  return {
    toggle(following: boolean) {
      setFollowing(following);
      mutation.mutate(following);
    },
  };
}
