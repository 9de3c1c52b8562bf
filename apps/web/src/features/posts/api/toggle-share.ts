/**
 * Share / Unshare shows at once and is written afterwards, as a like is (toggle-like.ts): writes for
 * one post run one after another, so fast double taps end in the state chosen last; a failed write
 * rolls back to the server's truth with an error toast.
 */
import type { PostDto } from '@glimpse/shared';
import { messages } from '@glimpse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '@/components/toast.tsx';
import { api, request } from '@/lib/api-client.ts';
import { feedKeys, postKeys } from '@/lib/query-keys.ts';
import { patchPostEverywhere } from './post-cache.ts';

export function useToggleShare(postId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const mutationKey = ['share', postId];
  const mutation = useMutation({
    mutationKey,
    scope: { id: `share-${postId}` },
    mutationFn: (shared: boolean) => {
      const post = { param: { id: encodeURIComponent(postId) } };
      const shares = api.posts[':id'].share;
      return request(shared ? shares.$put(post) : shares.$delete(post));
    },
    onError: () => {
      toast.error(messages.shares.failed);
      void queryClient.invalidateQueries({ queryKey: postKeys.detail(postId) });
      void queryClient.invalidateQueries({ queryKey: postKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: feedKeys.all });
    },
    onSuccess: (state) => {
      if (queryClient.isMutating({ mutationKey }) <= 1) {
        patchPostEverywhere(queryClient, postId, (p) => ({
          ...p,
          sharedByMe: state.shared,
          shareCount: state.shareCount,
        }));
      }
    },
  });

  return {
    toggle(post: PostDto) {
      const shared = !post.sharedByMe;
      patchPostEverywhere(queryClient, postId, (p) =>
        p.sharedByMe === shared
          ? p
          : { ...p, sharedByMe: shared, shareCount: Math.max(0, p.shareCount + (shared ? 1 : -1)) },
      );
      mutation.mutate(shared);
    },
  };
}
