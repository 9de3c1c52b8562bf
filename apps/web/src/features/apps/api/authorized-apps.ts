/** The apps I authorized (/settings/apps), and Revoke. */
import { messages } from '@glimpse/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useToast } from '@/components/toast.tsx';
import { actionableMessage, api, request } from '@/lib/api-client.ts';
import { oauthKeys } from '@/lib/query-keys.ts';

export const useAuthorizedApps = () =>
  useQuery({
    queryKey: oauthKeys.authorizedApps,
    queryFn: () => request(api.oauth.authorizations.$get()),
  });

export function useRevokeApp() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (appId: string) => request(api.oauth.authorizations[':appId'].$delete({ param: { appId } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: oauthKeys.authorizedApps }),
    onError: (error) => toast.error(actionableMessage(error, messages.common.somethingWentWrong)),
  });
}
