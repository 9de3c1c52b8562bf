/**
 * Block / Unblock and Mute / Unmute as the caller. The profile's buttons flip at once and roll
 * back with an error toast; a block or mute changes what every list shows, so they refetch.
 */
import type { PublicProfileDto } from '@glimpse/shared';
import { messages } from '@glimpse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '@/components/toast.tsx';
import { actionableMessage, api, request } from '@/lib/api-client.ts';
import {
  authKeys,
  eventKeys,
  feedKeys,
  notificationKeys,
  postKeys,
  profileKeys,
  safetyKeys,
} from '@/lib/query-keys.ts';

type Relation = 'block' | 'mute';
const flagOf = { block: 'blockedByMe', mute: 'mutedByMe' } as const;
// Read when shown, never when the module loads: the catalog (or its rest) may not be in yet.
const successOf = {
  block: (on: boolean) => (on ? messages.safety.blocked : messages.safety.blockLifted),
  mute: (on: boolean) => (on ? messages.safety.muted : messages.safety.muteLifted),
};

export function useRelation(userId: string, relation: Relation) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const setFlag = (on: boolean) =>
    queryClient.setQueryData<PublicProfileDto>(profileKeys.detail(userId), (p) =>
      p ? { ...p, [flagOf[relation]]: on, ...(relation === 'block' && on && { followedByMe: false }) } : p,
    );
  return useMutation({
    scope: { id: `${relation}-${userId}` },
    mutationFn: async (on: boolean): Promise<unknown> => {
      const target = { param: { userId: encodeURIComponent(userId) } };
      if (relation === 'block') {
        const route = api.users[':userId'].block;
        return request(on ? route.$put(target) : route.$delete(target));
      }
      const route = api.users[':userId'].mute;
      return request(on ? route.$put(target) : route.$delete(target));
    },
    onMutate: (on) => setFlag(on),
    onSuccess: (_, on) => {
      toast.success(successOf[relation](on));
      for (const queryKey of [
        feedKeys.all,
        postKeys.lists(),
        eventKeys.all,
        notificationKeys.all,
        authKeys.me,
      ]) {
        void queryClient.invalidateQueries({ queryKey });
      }
      void queryClient.invalidateQueries({ queryKey: profileKeys.detail(userId) });
      void queryClient.invalidateQueries({ queryKey: safetyKeys.blocked() });
    },
    onError: (error, on) => {
      setFlag(!on);
      toast.error(actionableMessage(error, messages.common.somethingWentWrong));
    },
  });
}
