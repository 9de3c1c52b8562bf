/**
 * Interested shows at once and is written afterwards, like Like. Writes for one event run one
 * after another (a mutation scope), so fast double taps end in the state the person chose last;
 * a failed write rolls back to the server's truth with an error toast. The avatar stack and the
 * list of people who joined change with the button.
 */
import type { AuthorDto, EventDto, EventInterestDto, MeDto, Page } from '@glimpse/shared';
import { limits, messages } from '@glimpse/shared';
import {
  type InfiniteData,
  type QueryClient,
  useIsMutating,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { useToast } from '@/components/toast.tsx';
import { api, request } from '@/lib/api-client.ts';
import { eventKeys } from '@/lib/query-keys.ts';
import { useViewer } from '@/lib/session.ts';
import { patchEventEverywhere } from './event-cache.ts';

function authorOf(me: MeDto): AuthorDto | null {
  const profile = me.profile;
  if (!profile) return null;
  return {
    userId: profile.userId,
    firstName: profile.firstName,
    lastName: profile.lastName,
    username: profile.username,
    profileImage: profile.profileImage,
    isAdminUser: profile.isAdminUser,
    isVerified: profile.isVerified,
    followerCount: profile.followerCount,
  };
}

/** Adds me at the end of the (oldest-first) list once it is fully loaded, or takes me out. */
function patchJoinedList(queryClient: QueryClient, eventId: string, me: AuthorDto, interested: boolean) {
  queryClient.setQueryData<InfiniteData<Page<EventInterestDto>>>(eventKeys.interested(eventId), (data) => {
    if (!data) return data;
    const pages = data.pages.map((page) => ({
      ...page,
      items: page.items.filter((item) => item.person.userId !== me.userId),
    }));
    const last = pages[pages.length - 1];
    if (interested && last && !last.nextCursor) {
      pages[pages.length - 1] = {
        ...last,
        items: [...last.items, { person: me, joinedAt: new Date().toISOString() }],
      };
    }
    return { ...data, pages };
  });
}

export function useToggleInterest(eventId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const me = authorOf(useViewer());
  const mutationKey = ['interest', eventId];
  const pending = useIsMutating({ mutationKey });
  const mutation = useMutation({
    mutationKey,
    scope: { id: `interest-${eventId}` },
    mutationFn: (interested: boolean) => {
      const event = { param: { id: encodeURIComponent(eventId) } };
      const interests = api.events[':id'].interest;
      return request(interested ? interests.$put(event) : interests.$delete(event));
    },
    onError: () => {
      toast.error(messages.event.interestFailed);
      void queryClient.invalidateQueries({ queryKey: eventKeys.all });
    },
    onSuccess: (state) => {
      // Only the last write of a burst carries the final state; earlier ones would flicker.
      if (queryClient.isMutating({ mutationKey }) > 1) return;
      patchEventEverywhere(queryClient, eventId, (event) => ({
        ...event,
        interestedByMe: state.interested,
        interestedCount: state.interestedCount,
      }));
      // Who else joined meanwhile, and in which order, only the server knows.
      void queryClient.invalidateQueries({ queryKey: eventKeys.detail(eventId) });
      void queryClient.invalidateQueries({ queryKey: eventKeys.interested(eventId) });
    },
  });

  return {
    pending: pending > 0,
    toggle(event: EventDto) {
      const interested = !event.interestedByMe;
      patchEventEverywhere(queryClient, eventId, (e) => {
        if (e.interestedByMe === interested) return e;
        const others = e.joinedPreview.filter((p) => p.userId !== me?.userId);
        const joinedPreview =
          interested && me && others.length < limits.avatarStackSize ? [...others, me] : others;
        return {
          ...e,
          interestedByMe: interested,
          interestedCount: Math.max(0, e.interestedCount + (interested ? 1 : -1)),
          joinedPreview,
        };
      });
      if (me) patchJoinedList(queryClient, eventId, me, interested);
      mutation.mutate(interested);
    },
  };
}
