import type { PostDto } from '@glimpse/shared';
import { messages } from '@glimpse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '@/components/toast.tsx';
import { api, request } from '@/lib/api-client.ts';
import { postKeys } from '@/lib/query-keys.ts';
import { patchPostEverywhere } from './post-cache.ts';

export function useToggleSave(postId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    scope: { id: `save-${postId}` },
    mutationFn: (saved: boolean) => {
      const post = { param: { id: encodeURIComponent(postId) } };
      const saves = api.posts[':id'].save;
      return request(saved ? saves.$put(post) : saves.$delete(post));
    },
    onSuccess: ({ saved }) => {
      patchPostEverywhere(queryClient, postId, (p: PostDto) => ({ ...p, savedByMe: saved }));
      void queryClient.invalidateQueries({ queryKey: postKeys.list({ kind: 'saved' }) });
      toast.success(messages.post.savedToggled);
    },
    onError: () => toast.error(messages.post.saveFailed),
  });
}
