import { messages } from '@glimpse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '@/components/toast.tsx';
import { actionableMessage, api, request } from '@/lib/api-client.ts';
import { postKeys } from '@/lib/query-keys.ts';
import { patchPostEverywhere } from './post-cache.ts';

/**
 * Pins or unpins one of my posts: every copy shows the mark, and my profile lists anew, since
 * pinned posts come first there. A sixth pin is refused by the server in words, shown as they are.
 */
export function useTogglePin(postId: string, authorId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    scope: { id: `pin-${postId}` },
    mutationFn: (pinned: boolean) => {
      const post = { param: { id: encodeURIComponent(postId) } };
      const pins = api.posts[':id'].pin;
      return request(pinned ? pins.$put(post) : pins.$delete(post));
    },
    onSuccess: (post) => {
      patchPostEverywhere(queryClient, postId, () => post);
      void queryClient.invalidateQueries({ queryKey: postKeys.list({ kind: 'author', userId: authorId }) });
      toast.success(post.pinned ? messages.pins.pinnedDone : messages.pins.unpinnedDone);
    },
    onError: (error) => toast.error(actionableMessage(error, messages.pins.failed)),
  });
}
