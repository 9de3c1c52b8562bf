import type { CommentDto, Page } from '@glimpse/shared';
import { messages } from '@glimpse/shared';
import { type InfiniteData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client.ts';
import { postKeys } from '@/lib/query-keys.ts';
import { patchPostEverywhere } from './post-cache.ts';

export function useComments(postId: string) {
  return useInfiniteQuery({
    queryKey: postKeys.comments(postId),
    queryFn: ({ pageParam }) =>
      request(
        api.posts[':id'].comments.$get({
          param: { id: encodeURIComponent(postId) },
          query: { cursor: pageParam ?? undefined },
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useAddComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      request(api.posts[':id'].comments.$post({ param: { id: encodeURIComponent(postId) }, json: { body } })),
    onSuccess: (comment) => {
      // Appear at once, at the end of the (oldest-first) list, without a refetch.
      queryClient.setQueryData<InfiniteData<Page<CommentDto>>>(postKeys.comments(postId), (data) => {
        if (!data) return data;
        const pages = [...data.pages];
        const last = pages[pages.length - 1];
        if (last && !last.nextCursor) pages[pages.length - 1] = { ...last, items: [...last.items, comment] };
        return { ...data, pages };
      });
      patchPostEverywhere(queryClient, postId, (p) => ({ ...p, commentCount: p.commentCount + 1 }));
    },
    meta: { errorMessage: messages.post.commentFailed },
  });
}
