import type { Page, PostDto } from '@glimpse/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';

export const feedKeys = { all: ['feed'] as const };

export function useFeed() {
  return useInfiniteQuery({
    queryKey: feedKeys.all,
    queryFn: ({ pageParam }) =>
      apiFetch<Page<PostDto>>(`/api/feed${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
