/**
 * A post can sit in several caches at once (its detail, explore, a profile grid, the feed).
 * Optimistic changes patch every copy so the screens never disagree.
 */
import type { Page, PostDto } from '@glimpse/shared';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { postKeys } from '@/lib/query-keys.ts';

type Cached = PostDto | InfiniteData<Page<PostDto>> | undefined;

export function patchPostEverywhere(
  queryClient: QueryClient,
  postId: string,
  patch: (post: PostDto) => PostDto,
  /** Other query roots whose pages hold PostDto items (the feed). */
  extraRoots: readonly (readonly unknown[])[] = [['feed']],
) {
  for (const root of [postKeys.all, ...extraRoots]) {
    queryClient.setQueriesData<Cached>({ queryKey: root }, (data) => {
      if (!data) return data;
      if ('pages' in data) {
        return {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((item) => ('id' in item && item.id === postId ? patch(item) : item)),
          })),
        };
      }
      return 'caption' in data && data.id === postId ? patch(data) : data;
    });
  }
}

export function removePostEverywhere(queryClient: QueryClient, postId: string) {
  queryClient.removeQueries({ queryKey: postKeys.detail(postId) });
  queryClient.removeQueries({ queryKey: postKeys.comments(postId) });
  for (const root of [postKeys.lists(), ['feed']]) {
    queryClient.setQueriesData<InfiniteData<Page<PostDto>>>({ queryKey: root }, (data) =>
      data?.pages
        ? {
            ...data,
            pages: data.pages.map((p) => ({ ...p, items: p.items.filter((item) => item.id !== postId) })),
          }
        : data,
    );
  }
}
