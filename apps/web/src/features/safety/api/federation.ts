/** /admin/federation (admins): domain blocks, known servers, failed deliveries. */
import type { DomainBlockInput } from '@glimpse/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client.ts';
import { safetyKeys } from '@/lib/query-keys.ts';

export function useFederationAdmin() {
  return useQuery({
    queryKey: safetyKeys.federation(),
    queryFn: () => request(api.admin.federation.$get()),
  });
}

export function useBlockDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DomainBlockInput) =>
      request(api.admin.federation['domain-blocks'].$post({ json: input })),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: safetyKeys.federation() }),
  });
}

export function useUnblockDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (domain: string) =>
      request(
        api.admin.federation['domain-blocks'][':domain'].$delete({
          param: { domain: encodeURIComponent(domain) },
        }),
      ),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: safetyKeys.federation() }),
  });
}
