import { messages } from '@glimpse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '@/components/toast.tsx';
import { api, request } from '@/lib/api-client.ts';
import { removePostEverywhere } from './post-cache.ts';

export function useDeletePost() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (postId: string) =>
      request(api.posts[':id'].$delete({ param: { id: encodeURIComponent(postId) } })),
    onSuccess: (_, postId) => {
      removePostEverywhere(queryClient, postId);
      toast.success(messages.post.deleted);
    },
    onError: () => toast.error(messages.post.deleteFailed),
  });
}
