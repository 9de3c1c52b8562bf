import { useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client.ts';
import { postKeys } from '@/lib/query-keys.ts';

/** Every version of an edited post, the current one first (loaded when the history opens). */
export const usePostVersions = (postId: string, enabled: boolean) =>
  useQuery({
    queryKey: postKeys.versions(postId),
    queryFn: () => request(api.posts[':id'].versions.$get({ param: { id: encodeURIComponent(postId) } })),
    enabled,
  });
