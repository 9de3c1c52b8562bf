import type { PostDto } from '@glimpse/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { postKeys } from './keys.ts';

export const postQueryOptions = (id: string) =>
  queryOptions({
    queryKey: postKeys.detail(id),
    queryFn: () => apiFetch<PostDto>(`/api/posts/${encodeURIComponent(id)}`),
  });

export const usePost = (id: string) => useQuery(postQueryOptions(id));
