import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client.ts';
import { feedKeys, postKeys } from '@/lib/query-keys.ts';

/** The hashtags I follow, the latest followed first (all of them: at most `limits.followedTagsMax`). */
export const useFollowedTags = () =>
  useQuery({
    queryKey: postKeys.followedTags(),
    queryFn: () => request(api['followed-tags'].$get()),
  });

/** Unfollow hashtag from the list: the list and the home feed refresh once it is written. */
export function useUnfollowTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tag: string) =>
      request(api.tags[':tag'].follow.$delete({ param: { tag: encodeURIComponent(tag) } })),
    onSuccess: (state) => {
      void queryClient.invalidateQueries({ queryKey: postKeys.followedTags() });
      void queryClient.invalidateQueries({ queryKey: postKeys.tag(state.tag) });
      void queryClient.invalidateQueries({ queryKey: feedKeys.all });
    },
  });
}
