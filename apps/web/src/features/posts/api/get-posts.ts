import type { Page, PostDto } from '@glimpse/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { type PostList, postKeys } from './keys.ts';

const pathOf = (list: PostList) => {
  switch (list.kind) {
    case 'explore':
      return '/api/posts';
    case 'author':
      return `/api/users/${encodeURIComponent(list.userId)}/posts`;
    case 'saved':
      return '/api/me/saved-posts';
    case 'liked':
      return '/api/me/liked-posts';
  }
};

export const postsQueryOptions = (list: PostList) =>
  infiniteQueryOptions({
    queryKey: postKeys.list(list),
    queryFn: ({ pageParam }) =>
      apiFetch<Page<PostDto>>(
        pageParam ? `${pathOf(list)}?cursor=${encodeURIComponent(pageParam)}` : pathOf(list),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const usePosts = (list: PostList) => useInfiniteQuery(postsQueryOptions(list));
