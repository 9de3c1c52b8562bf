import type { MeDto } from '@glimpse/shared';
import { messages } from '@glimpse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client.ts';
import { authKeys } from '@/lib/query-keys.ts';

/** Saves "Always expand content warnings"; the session's copy changes with it, so every post follows. */
export function useSetExpandContentWarnings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (expandContentWarnings: boolean) =>
      request(api.me.preferences.$put({ json: { expandContentWarnings } })),
    onSuccess: (preferences) => {
      queryClient.setQueryData<MeDto | null>(authKeys.me, (me) => (me ? { ...me, preferences } : me));
    },
    meta: { errorMessage: messages.photos.sensitiveSettingFailed },
  });
}
