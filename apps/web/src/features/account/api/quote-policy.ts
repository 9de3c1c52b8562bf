import type { MeDto, QuotePolicy } from '@glimpse/shared';
import { messages } from '@glimpse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client.ts';
import { authKeys } from '@/lib/query-keys.ts';

/** Saves "Who can quote your posts"; new posts start with it (/addpost reads the session's copy). */
export function useSetQuotePolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (quotePolicy: QuotePolicy) => request(api.me.preferences.$put({ json: { quotePolicy } })),
    onSuccess: (preferences) => {
      queryClient.setQueryData<MeDto | null>(authKeys.me, (me) => (me ? { ...me, preferences } : me));
    },
    meta: { errorMessage: messages.photos.sensitiveSettingFailed },
  });
}
