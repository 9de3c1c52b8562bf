/** /admin: the daily figures the hourly snapshot keeps (admins). */
import { useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client.ts';

export const dashboardKeys = { all: ['dashboard'] as const };

export function useDashboard() {
  return useQuery({ queryKey: dashboardKeys.all, queryFn: () => request(api.admin.dashboard.$get()) });
}
