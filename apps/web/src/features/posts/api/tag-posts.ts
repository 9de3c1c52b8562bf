import { useInfiniteQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client.ts';
import { postKeys } from '@/lib/query-keys.ts';

/** A hashtag's posts, newest first; the first page carries how many there are. */
export const useTagPosts = (tag: string) =>
  useInfiniteQuery({
    queryKey: postKeys.tag(tag),
    queryFn: ({ pageParam }) =>
      request(
        api.tags[':tag'].posts.$get({
          param: { tag: encodeURIComponent(tag) },
          query: { cursor: pageParam ?? undefined },
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
