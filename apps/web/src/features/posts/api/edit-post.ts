import type { EditPostInput } from '@glimpse/shared';
import { messages } from '@glimpse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client.ts';
import { postKeys } from '@/lib/query-keys.ts';
import { patchPostEverywhere } from './post-cache.ts';

/** Saves the caption, alt texts and sensitive flag; every copy of the post shows the new version. */
export function useEditPost(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EditPostInput) =>
      request(api.posts[':id'].$patch({ param: { id: encodeURIComponent(postId) }, json: input })),
    onSuccess: (post) => {
      patchPostEverywhere(queryClient, postId, () => post);
      void queryClient.invalidateQueries({ queryKey: postKeys.versions(postId) });
      // The caption's tags may have changed: tag pages list anew.
      void queryClient.invalidateQueries({ queryKey: postKeys.tags() });
    },
    meta: { errorMessage: messages.postEdit.failed },
  });
}
