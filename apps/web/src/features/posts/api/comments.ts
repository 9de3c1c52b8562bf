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
      // Appear at once, at the end of the (oldest-first) list, without a refetch. The live update
      // of this very comment may have refetched the list before this answer came: then it is there.
      queryClient.setQueryData<InfiniteData<Page<CommentDto>>>(postKeys.comments(postId), (data) => {
        if (!data || data.pages.some((page) => page.items.some((c) => c.id === comment.id))) return data;
        const pages = [...data.pages];
        const last = pages[pages.length - 1];
        if (last && !last.nextCursor) pages[pages.length - 1] = { ...last, items: [...last.items, comment] };
        return { ...data, pages };
      });
      // Lists elsewhere count it now; the post itself is read again, since that same live update
      // may already have brought the new count, which one more would overstate.
      patchPostEverywhere(queryClient, postId, (p) => ({ ...p, commentCount: p.commentCount + 1 }));
      void queryClient.invalidateQueries({ queryKey: postKeys.detail(postId) });
    },
    meta: { errorMessage: messages.post.commentFailed },
  });
}

/** Deletes a comment (its author's, or any on the caller's own post) and lowers the count everywhere. */
export function useDeleteComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) =>
      request(
        api.posts[':id'].comments[':commentId'].$delete({
          param: { id: encodeURIComponent(postId), commentId: encodeURIComponent(commentId) },
        }),
      ),
    onSuccess: (_, commentId) => {
      queryClient.setQueryData<InfiniteData<Page<CommentDto>>>(postKeys.comments(postId), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                items: page.items.filter((c) => c.id !== commentId),
              })),
            }
          : data,
      );
      patchPostEverywhere(queryClient, postId, (p) => ({
        ...p,
        commentCount: Math.max(0, p.commentCount - 1),
      }));
    },
    meta: { errorMessage: messages.comments.deleteFailed },
  });
}
