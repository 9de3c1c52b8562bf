import { messages } from '@glimpse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '@/components/toast.tsx';
import { actionableMessage, api, request } from '@/lib/api-client.ts';
import { patchPostEverywhere } from './post-cache.ts';

/**
 * The quoted post's author removes a quote of it: every copy of the quoting post shows the quote
 * as removed. A refusal (the quoting post deleted or hidden meanwhile) says it did not happen.
 */
export function useRemoveQuote(quotingPostId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: () =>
      request(api.posts[':id'].quote.$delete({ param: { id: encodeURIComponent(quotingPostId) } })),
    onSuccess: (post) => {
      patchPostEverywhere(queryClient, quotingPostId, () => post);
      toast.success(messages.quotes.removed);
    },
    onError: (error) => toast.error(actionableMessage(error, messages.quotes.removeFailed)),
  });
}
