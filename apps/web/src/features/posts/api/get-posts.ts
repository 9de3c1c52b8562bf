import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client.ts';
import { type PostList, postKeys } from '@/lib/query-keys.ts';

function fetchPage(list: PostList, cursor: string | undefined) {
  const query = { cursor };
  switch (list.kind) {
    case 'explore':
      return request(api.posts.$get({ query }));
    case 'author':
      return request(
        api.users[':userId'].posts.$get({ param: { userId: encodeURIComponent(list.userId) }, query }),
      );
    case 'saved':
      return request(api.me['saved-posts'].$get({ query }));
    case 'liked':
      return request(api.me['liked-posts'].$get({ query }));
  }
}

export const postsQueryOptions = (list: PostList) =>
  infiniteQueryOptions({
    queryKey: postKeys.list(list),
    queryFn: ({ pageParam }) => fetchPage(list, pageParam ?? undefined),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const usePosts = (list: PostList) => useInfiniteQuery(postsQueryOptions(list));
