import { useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client.ts';
import { socialKeys } from './keys.ts';

export function usePublicProfile(userId: string) {
  return useQuery({
    queryKey: socialKeys.profile(userId),
    queryFn: () => request(api.profiles[':userId'].$get({ param: { userId: encodeURIComponent(userId) } })),
  });
}
