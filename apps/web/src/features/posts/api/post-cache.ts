/**
 * A post can sit in several caches at once (its detail, explore, a profile grid, the feed).
 * Optimistic changes patch every copy so the screens never disagree.
 */
import type { Page, PostDto } from '@glimpse/shared';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { feedKeys, postKeys } from '@/lib/query-keys.ts';

type PostPages = InfiniteData<Page<PostDto>>;

/** Every cache whose pages hold PostDto items: the post lists and the home feed. Keys say the shape. */
const postPageRoots = [postKeys.lists(), feedKeys.all] as const;

const mapPostPages = (data: PostPages | undefined, map: (items: PostDto[]) => PostDto[]) =>
  data?.pages ? { ...data, pages: data.pages.map((page) => ({ ...page, items: map(page.items) })) } : data;

export function patchPostEverywhere(
  queryClient: QueryClient,
  postId: string,
  patch: (post: PostDto) => PostDto,
) {
  // A refetch already under way (a live update asked for it) was answered before this change and
  // would land after it, undoing it on screen: it is dropped (synchronously, before the patch).
  void queryClient.cancelQueries({ queryKey: postKeys.detail(postId), exact: true });
  queryClient.setQueryData<PostDto>(postKeys.detail(postId), (post) => (post ? patch(post) : post));
  for (const queryKey of postPageRoots) {
    queryClient.setQueriesData<PostPages>({ queryKey }, (data) =>
      mapPostPages(data, (items) => items.map((item) => (item.id === postId ? patch(item) : item))),
    );
  }
}

export function removePostEverywhere(queryClient: QueryClient, postId: string) {
  queryClient.removeQueries({ queryKey: postKeys.detail(postId) });
  queryClient.removeQueries({ queryKey: postKeys.comments(postId) });
  for (const queryKey of postPageRoots) {
    queryClient.setQueriesData<PostPages>({ queryKey }, (data) =>
      mapPostPages(data, (items) => items.filter((item) => item.id !== postId)),
    );
  }
}
