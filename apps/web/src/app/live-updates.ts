/**
 * One Server-Sent Events stream per signed-in tab. Each message names what changed; this maps it
 * to the cached queries to refresh. EventSource retries dropped connections itself; when it gives
 * up (e.g. the server answered 503 while restarting) we open a new one with backoff. After any
 * reconnect we refresh everything live, since messages may have been missed meanwhile.
 */
import type { LiveMessage } from '@glimpse/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { feedSignal } from '@/features/feed/feed-signal.ts';
import { removePostEverywhere } from '@/features/posts/api/post-cache.ts';
import { eventKeys, feedKeys, notificationKeys, postKeys, safetyKeys } from '@/lib/query-keys.ts';

export function useLiveUpdates(userId: string) {
  const queryClient = useQueryClient();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new account needs a new stream
  useEffect(() => {
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let attempts = 0;
    let connectedBefore = false;
    let stopped = false;

    const refreshAll = () => {
      void queryClient.invalidateQueries({ queryKey: feedKeys.all });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      void queryClient.invalidateQueries({ queryKey: eventKeys.all });
      void queryClient.invalidateQueries({ queryKey: safetyKeys.moderation() });
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
        case 'notifications':
          void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
          break;
        case 'events':
          void queryClient.invalidateQueries({ queryKey: eventKeys.all });
          break;
        case 'reports':
          void queryClient.invalidateQueries({ queryKey: safetyKeys.moderation() });
          break;
      }
    };

    const connect = () => {
      source = new EventSource('/api/live');
      source.addEventListener('ready', () => {
        attempts = 0;
        if (connectedBefore) refreshAll();
        connectedBefore = true;
      });
      source.addEventListener('change', (event) => {
        try {
          handle(JSON.parse((event as MessageEvent<string>).data) as LiveMessage);
        } catch {
          // A malformed message only means one missed refresh.
        }
      });
      source.addEventListener('error', () => {
        if (source?.readyState !== EventSource.CLOSED || stopped) return;
        attempts += 1;
        retryTimer = setTimeout(connect, Math.min(30_000, 1000 * 2 ** attempts));
      });
    };

    connect();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      source?.close();
    };
  }, [queryClient, userId]);
}
