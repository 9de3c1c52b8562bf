/**
 * Announcements: admins publish and delete them on /admin/announcements; every member reads the
 * ones showing now (the home feed's banner) and dismisses them.
 */
import type { AnnouncementDto, AnnouncementInput } from '@glimpse/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client.ts';

export const announcementKeys = {
  all: ['announcements'] as const,
  admin: () => [...announcementKeys.all, 'admin'] as const,
  showing: () => [...announcementKeys.all, 'showing'] as const,
};

export function useAllAnnouncements() {
  return useQuery({
    queryKey: announcementKeys.admin(),
    queryFn: () => request(api.admin.announcements.$get()),
  });
}

export function useShowingAnnouncements() {
  return useQuery({
    queryKey: announcementKeys.showing(),
    queryFn: () => request(api.announcements.$get()),
    // Announcements change seldom: the banner need not ask again on every return to the feed.
    staleTime: 5 * 60 * 1000,
  });
}

function useAnnouncementMutation<T>(mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
  });
}

export const usePublishAnnouncement = () =>
  useAnnouncementMutation((input: AnnouncementInput) =>
    request(api.admin.announcements.$post({ json: input })),
  );

export const useDeleteAnnouncement = () =>
  useAnnouncementMutation((announcementId: string) =>
    request(api.admin.announcements[':announcementId'].$delete({ param: { announcementId } })),
  );

/** Gone from the banner at once; back if the server refuses. */
export function useDismissAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (announcementId: string) =>
      request(api.announcements[':announcementId'].dismiss.$post({ param: { announcementId } })),
    onMutate: async (announcementId) => {
      await queryClient.cancelQueries({ queryKey: announcementKeys.showing() });
      const before = queryClient.getQueryData<AnnouncementDto[]>(announcementKeys.showing());
      if (before) {
        queryClient.setQueryData(
          announcementKeys.showing(),
          before.filter((announcement) => announcement.id !== announcementId),
        );
      }
      return { before };
    },
    onError: (_error, _id, context) => {
      if (context?.before) queryClient.setQueryData(announcementKeys.showing(), context.before);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: announcementKeys.showing() }),
  });
}
