import { useMutation } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client.ts';

export function useReportAccount(userId: string) {
  return useMutation({
    mutationFn: ({ reason, forward, ruleIds }: { reason: string; forward: boolean; ruleIds: string[] }) =>
      request(
        api.users[':userId'].reports.$post({
          param: { userId: encodeURIComponent(userId) },
          json: { reason, forward, ruleIds },
        }),
      ),
  });
}
