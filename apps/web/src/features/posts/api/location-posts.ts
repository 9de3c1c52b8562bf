import { useInfiniteQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client.ts';
import { postKeys } from '@/lib/query-keys.ts';

/** A place's posts that the viewer may see, newest first; the first page carries the map point. */
export const useLocationPosts = (slug: string) =>
  useInfiniteQuery({
    queryKey: postKeys.location(slug),
    queryFn: ({ pageParam }) =>
      request(
        api.locations[':slug'].posts.$get({
          param: { slug: encodeURIComponent(slug) },
          query: { cursor: pageParam ?? undefined },
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
