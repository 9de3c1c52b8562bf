/** /settings/invites: the caller's invite links, create and revoke. */
import type { InviteInput } from '@glimpse/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client.ts';
import { registrationKeys } from '@/lib/registrations.ts';

export function useInvites() {
  return useQuery({ queryKey: registrationKeys.invites(), queryFn: () => request(api.invites.$get()) });
}

export function useCreateInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteInput) => request(api.invites.$post({ json: input })),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: registrationKeys.invites() }),
  });
}

export function useRevokeInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (inviteId: string) => request(api.invites[':inviteId'].$delete({ param: { inviteId } })),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: registrationKeys.invites() }),
  });
}
