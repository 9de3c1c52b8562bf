import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';

export function useReportAccount(userId: string) {
  return useMutation({
    mutationFn: (reason: string) =>
      apiFetch<{ id: string }>(`/api/users/${encodeURIComponent(userId)}/reports`, {
        method: 'POST',
        json: { reason },
      }),
  });
}
