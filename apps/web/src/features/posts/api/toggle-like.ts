/**
 * Like / Unlike shows at once and is written afterwards (SPEC.md §4). Writes for one post run one
 * after another (a mutation scope), so fast double taps end in the state the person chose last;
 * a failed write rolls back to the server's truth with an error toast.
 */
import type { PostDto } from '@glimpse/shared';
import { messages } from '@glimpse/shared';
import { useIsMutating, useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '@/components/toast.tsx';
import { api, request } from '@/lib/api-client.ts';
import { feedKeys, postKeys } from '@/lib/query-keys.ts';
import { patchPostEverywhere } from './post-cache.ts';

export function useToggleLike(postId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const mutationKey = ['like', postId];
  const pending = useIsMutating({ mutationKey });
  const mutation = useMutation({
    mutationKey,
    scope: { id: `like-${postId}` },
    mutationFn: (liked: boolean) => {
      const post = { param: { id: encodeURIComponent(postId) } };
      const likes = api.posts[':id'].like;
      return request(liked ? likes.$put(post) : likes.$delete(post));
    },
    onError: () => {
      toast.error(messages.post.likeFailed);
      void queryClient.invalidateQueries({ queryKey: postKeys.detail(postId) });
      void queryClient.invalidateQueries({ queryKey: postKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: feedKeys.all });
    },
    onSuccess: (state) => {
      // Only the last write of a burst carries the final count; earlier ones would flicker.
      if (queryClient.isMutating({ mutationKey }) <= 1) {
        patchPostEverywhere(queryClient, postId, (p) => ({
          ...p,
          likedByMe: state.liked,
          likeCount: state.likeCount,
        }));
      }
      void queryClient.invalidateQueries({ queryKey: postKeys.list({ kind: 'liked' }) });
    },
  });

  return {
    pending: pending > 0,
    toggle(post: PostDto) {
      const liked = !post.likedByMe;
      patchPostEverywhere(queryClient, postId, (p) =>
        p.likedByMe === liked
          ? p
          : { ...p, likedByMe: liked, likeCount: Math.max(0, p.likeCount + (liked ? 1 : -1)) },
      );
      mutation.mutate(liked);
    },
  };
}
