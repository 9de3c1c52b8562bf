/** The console's Jobs section (admins): the background queue, and Retry on a failed job. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client.ts';
import { safetyKeys } from '@/lib/query-keys.ts';

/** Refreshed every few seconds while shown: the queue moves by itself. */
export function useJobQueue() {
  return useQuery({
    queryKey: safetyKeys.jobs(),
    queryFn: () => request(api.admin.jobs.$get()),
    refetchInterval: 5000,
  });
}

export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jobId: string) => request(api.admin.jobs[':jobId'].retry.$post({ param: { jobId } })),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: safetyKeys.jobs() }),
  });
}
