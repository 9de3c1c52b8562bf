import type { CreatePostInput } from '@glimpse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client.ts';
import { feedKeys, postKeys } from '@/lib/query-keys.ts';

/** Creates the post from photos already uploaded (use-photo-uploads.ts), in their order. */
export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreatePostInput) => request(api.posts.$post({ json: input })),
    onSuccess: (post) => {
      queryClient.setQueryData(postKeys.detail(post.id), post);
      void queryClient.invalidateQueries({ queryKey: postKeys.lists() });
      // One's own posts are in one's home feed: the kept pages lack this one.
      void queryClient.invalidateQueries({ queryKey: feedKeys.all });
    },
  });
}
