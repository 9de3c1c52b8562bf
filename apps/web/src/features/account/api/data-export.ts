/** Download your data: the account's archive (polled while it builds) and the request to build one. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client.ts';
import { accountKeys } from '@/lib/query-keys.ts';

/** The address of the archive; a plain link, so the browser downloads it as a file. */
export const dataExportDownloadUrl = '/api/account/export/download';

export function useDataExport() {
  return useQuery({
    queryKey: accountKeys.dataExport,
    queryFn: async () => (await request(api.account.export.$get())).export,
    refetchInterval: (query) => (query.state.data?.status === 'building' ? 2000 : false),
  });
}

export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await request(api.account.export.$post())).export,
    onSuccess: (dto) => queryClient.setQueryData(accountKeys.dataExport, dto),
  });
}
