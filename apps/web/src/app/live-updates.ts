/**
 * One Server-Sent Events stream per signed-in tab (app/live-connection.ts). Each message names what
 * changed; this maps it to the cached queries to refresh. After any reconnect we refresh
 * everything live, since messages may have been missed meanwhile. When the server refuses the
 * stream, /api/me is asked again: a session that ended sends the app to sign-in.
 */
import type { LiveMessage } from '@glimpse/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { announcementKeys } from '@/features/community/api/announcements.ts';
import { feedSignal } from '@/features/feed/feed-signal.ts';
import { removePostEverywhere } from '@/features/posts/api/post-cache.ts';
import {
  eventKeys,
  feedKeys,
  notificationKeys,
  postKeys,
  profileKeys,
  safetyKeys,
} from '@/lib/query-keys.ts';
import { meQueryOptions } from '@/lib/session.ts';
import { useAfterStart } from '@/lib/use-after-start.ts';

export function useLiveUpdates(userId: string) {
  const queryClient = useQueryClient();
  // The stream opens once start-up is over (lib/use-after-start.ts), a moment after the first answers.
  const started = useAfterStart();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new account needs a new stream
  useEffect(() => {
    if (!started) return;
    const refreshAll = () => {
      void queryClient.invalidateQueries({ queryKey: feedKeys.all });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      void queryClient.invalidateQueries({ queryKey: eventKeys.all });
      void queryClient.invalidateQueries({ queryKey: safetyKeys.moderation() });
      void queryClient.invalidateQueries({ queryKey: announcementKeys.all });
    };

    const handle = (message: LiveMessage) => {
      switch (message.type) {
        case 'feed':
          feedSignal.emit();
          break;
        case 'post':
          if (message.deleted) removePostEverywhere(queryClient, message.postId);
          else {
            void queryClient.invalidateQueries({ queryKey: postKeys.detail(message.postId) });
            void queryClient.invalidateQueries({ queryKey: postKeys.comments(message.postId) });
          }
          break;
        case 'author_posts':
          // A remote profile's photos, read from its server just after it was looked up or opened.
          void queryClient.invalidateQueries({
            queryKey: postKeys.list({ kind: 'author', userId: message.authorId }),
          });
          break;
        case 'notifications':
          void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
          break;
        case 'events':
          void queryClient.invalidateQueries({ queryKey: eventKeys.all });
          break;
        case 'reports':
          void queryClient.invalidateQueries({ queryKey: safetyKeys.moderation() });
          break;
        case 'announcements':
          void queryClient.invalidateQueries({ queryKey: announcementKeys.all });
          break;
        case 'follows':
          // A private account approved my request: its profile, posts and events open up.
          void queryClient.invalidateQueries({ queryKey: profileKeys.all });
          void queryClient.invalidateQueries({ queryKey: postKeys.all });
          void queryClient.invalidateQueries({ queryKey: eventKeys.all });
          feedSignal.emit();
          break;
      }
    };

    // The connection's code loads only now, out of the first screen's JS.
    let stop: (() => void) | undefined;
    let left = false;
    void import('./live-connection.ts').then(({ connectLive }) => {
      if (left) return;
      stop = connectLive({
        open: () => new EventSource('/api/live'),
        onReady: (again) => {
          if (again) refreshAll();
        },
        onMessage: handle,
        // Fetched anew and put in the cache: null (signed out) takes the app to sign-in.
        stillSignedIn: async () =>
          (await queryClient.fetchQuery({ ...meQueryOptions, staleTime: 0 })) !== null,
      });
    });
    return () => {
      left = true;
      stop?.();
    };
  }, [queryClient, userId, started]);
}
