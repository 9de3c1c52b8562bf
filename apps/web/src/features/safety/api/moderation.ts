/**
 * The moderation console's calls. Every query sits under `safetyKeys.moderation()`, which the
 * live stream invalidates when a report arrives or is handled (app/live-updates.ts).
 */
import type { ReportListStatus } from '@glimpse/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client.ts';
import { safetyKeys } from '@/lib/query-keys.ts';

export function useReportGroups(status: ReportListStatus) {
  return useInfiniteQuery({
    queryKey: safetyKeys.reports(status),
    queryFn: ({ pageParam }) =>
      request(api.admin.reports.$get({ query: { status, ...(pageParam && { cursor: pageParam }) } })),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The badge beside Moderation: open reports (staff only; `enabled` is false for members). */
export function useOpenReportCount(enabled: boolean) {
  return useQuery({
    queryKey: safetyKeys.openCount(),
    queryFn: () => request(api.admin.reports.count.$get()),
    enabled,
  });
}

export function useAuditLog() {
  return useInfiniteQuery({
    queryKey: safetyKeys.audit(),
    queryFn: ({ pageParam }) =>
      request(api.admin.audit.$get({ query: pageParam ? { cursor: pageParam } : {} })),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useTeam() {
  return useQuery({ queryKey: safetyKeys.team(), queryFn: () => request(api.admin.team.$get()) });
}

export type ReportAction = 'dismiss' | 'remove-content' | 'suspend';

/** One mutation for every console action, so each refreshes the whole console. */
export function useModerate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (
      action:
        | { kind: ReportAction; reportId: string; note: string }
        | { kind: 'lift'; userId: string; note: string }
        | { kind: 'moderator'; userId: string; moderator: boolean },
    ): Promise<unknown> => {
      if (action.kind === 'lift') {
        return request(
          api.admin.users[':userId']['lift-suspension'].$post({
            param: { userId: encodeURIComponent(action.userId) },
            json: { note: action.note },
          }),
        );
      }
      if (action.kind === 'moderator') {
        const target = { param: { userId: encodeURIComponent(action.userId) } };
        const route = api.admin.moderators[':userId'];
        return request(action.moderator ? route.$put(target) : route.$delete(target));
      }
      const target = {
        param: { reportId: encodeURIComponent(action.reportId) },
        json: { note: action.note },
      };
      const report = api.admin.reports[':reportId'];
      if (action.kind === 'dismiss') return request(report.dismiss.$post(target));
      if (action.kind === 'suspend') return request(report.suspend.$post(target));
      return request(report['remove-content'].$post(target));
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: safetyKeys.moderation() }),
  });
}
