import type { MeDto } from '@glimpse/shared';
import { messages } from '@glimpse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '@/components/toast.tsx';
import { actionableMessage, api, request } from '@/lib/api-client.ts';
import { authKeys } from '@/lib/query-keys.ts';

/** Saves "Private account"; the session's copy of my profile changes with it. */
export function useSetPrivateAccount() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (isPrivate: boolean) => request(api.me.privacy.$put({ json: { isPrivate } })),
    onSuccess: ({ isPrivate }) => {
      queryClient.setQueryData<MeDto | null>(authKeys.me, (me) =>
        me?.profile ? { ...me, profile: { ...me.profile, isPrivate } } : me,
      );
      toast.success(messages.social.privacySaved);
    },
    onError: (error) => toast.error(actionableMessage(error, messages.common.somethingWentWrong)),
  });
}
