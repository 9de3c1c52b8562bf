/**
 * /notifications: the people who followed me, newest first, each with Follow back (or
 * "Following" once I do). Opening the page marks everything read; the badge clears everywhere.
 */
import type { NotificationDto } from '@glimpse/shared';
import { messages } from '@glimpse/shared';
import { BellOff } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { AuthorLine } from '@/components/author-line.tsx';
import { Button } from '@/components/button.tsx';
import { LoadMore } from '@/components/load-more.tsx';
import { EmptyState, Page } from '@/components/page.tsx';
import { Skeleton } from '@/components/skeleton.tsx';
import { useNotifications } from './api/get-notifications.ts';
import { useMarkNotificationsRead } from './api/mark-read.ts';
import styles from './notifications-screen.module.css';

interface NotificationsScreenProps {
  /** The Follow back control of one notification; the social feature draws it (app/notifications-route.tsx). */
  followBack: (notification: NotificationDto) => ReactNode;
}

export function NotificationsScreen({ followBack }: NotificationsScreenProps) {
  const notifications = useNotifications();
  const markRead = useMarkNotificationsRead();
  const unreadOnScreen = notifications.data?.pages.some((page) => page.items.some((n) => !n.read)) ?? false;
  const { mutate } = markRead;

  useEffect(() => {
    if (unreadOnScreen) mutate();
  }, [unreadOnScreen, mutate]);

  const items = notifications.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Page title="Notifications" width="narrow">
      {notifications.isPending ? (
        <div className={styles.list}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={64} />
          ))}
        </div>
      ) : notifications.isError ? (
        <EmptyState title={messages.social.notificationsFailed}>
          <Button variant="secondary" onClick={() => void notifications.refetch()}>
            {messages.common.tryAgain}
          </Button>
        </EmptyState>
      ) : items.length === 0 ? (
        <EmptyState icon={<BellOff aria-hidden="true" />} title={messages.social.noFollowers} />
      ) : (
        <ul className={styles.list} aria-label="New followers">
          {items.map((notification) => (
            <li key={notification.id} className={`${styles.item} ${notification.read ? '' : styles.unread}`}>
              <div className={styles.who}>
                <AuthorLine author={notification.actor} at={notification.createdAt} />
                <span className={styles.what}>started following you</span>
              </div>
              {followBack(notification)}
            </li>
          ))}
        </ul>
      )}
      <LoadMore
        hasNextPage={notifications.hasNextPage}
        isFetchingNextPage={notifications.isFetchingNextPage}
        fetchNextPage={notifications.fetchNextPage}
      />
    </Page>
  );
}
