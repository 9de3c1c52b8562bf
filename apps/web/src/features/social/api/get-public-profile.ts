import type { PublicProfileDto } from '@glimpse/shared';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { socialKeys } from './keys.ts';

export function usePublicProfile(userId: string) {
  return useQuery({
    queryKey: socialKeys.profile(userId),
    queryFn: () => apiFetch<PublicProfileDto>(`/api/profiles/${encodeURIComponent(userId)}`),
  });
}
