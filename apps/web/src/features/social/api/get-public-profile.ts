import { useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client.ts';
import { profileKeys } from '@/lib/query-keys.ts';

export function usePublicProfile(userId: string) {
  return useQuery({
    queryKey: profileKeys.detail(userId),
    queryFn: () => request(api.profiles[':userId'].$get({ param: { userId: encodeURIComponent(userId) } })),
  });
}
