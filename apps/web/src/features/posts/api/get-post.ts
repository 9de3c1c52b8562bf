import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client.ts';
import { postKeys } from '@/lib/query-keys.ts';

export const postQueryOptions = (id: string) =>
  queryOptions({
    queryKey: postKeys.detail(id),
    queryFn: () => request(api.posts[':id'].$get({ param: { id: encodeURIComponent(id) } })),
  });

export const usePost = (id: string) => useQuery(postQueryOptions(id));
