/**
 * /notifications: every kind of notice, grouped ("Ana and 3 others liked your post"), newest
 * first, filtered All or Mentions (?filter=mentions), each linking to what it is about, with
 * Follow back on new followers. Opening the page marks everything read; the badge clears everywhere.
 */

import type { NotificationDto } from '@glimpse/shared';
import { messages, paths } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { BellOff } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/button.tsx';
import { LoadMore } from '@/components/load-more.tsx';
import { EmptyState, Page } from '@/components/page.tsx';
import { Skeleton } from '@/components/skeleton.tsx';
import { type NotificationFilter, useNotifications } from './api/get-notifications.ts';
import { useMarkNotificationsRead } from './api/mark-read.ts';
import { NotificationItem } from './notification-item.tsx';
import styles from './notifications-screen.module.css';

interface NotificationsScreenProps {
  /** The Follow back control of a new follower; the social feature draws it (app/notifications-route.tsx). */
  followBack: (notification: NotificationDto) => ReactNode;
  /** Above the list: the social feature's "Follow requests" link while any wait. */
  header?: ReactNode;
}

function Filters({ current }: { current: NotificationFilter }) {
  const filters: [NotificationFilter, string, string][] = [
    ['all', 'All', paths.notifications],
    ['mentions', 'Mentions', `${paths.notifications}?filter=mentions`],
  ];
  return (
    <nav aria-label={t`Filter notifications`} className={styles.filters}>
      {filters.map(([filter, label, to]) => (
        <Link
          key={filter}
          to={to}
          className={styles.filter}
          aria-current={filter === current ? 'page' : undefined}
        >
          {label}
        </Link>
      ))}
    </nav>
  );
}

export function NotificationsScreen({ followBack, header }: NotificationsScreenProps) {
  const [params] = useSearchParams();
  const filter: NotificationFilter = params.get('filter') === 'mentions' ? 'mentions' : 'all';
  const notifications = useNotifications(filter);
  const markRead = useMarkNotificationsRead();
  const unreadOnScreen = notifications.data?.pages.some((page) => page.items.some((n) => !n.read)) ?? false;
  const { mutate } = markRead;

  useEffect(() => {
    if (unreadOnScreen) mutate();
  }, [unreadOnScreen, mutate]);

  const items = notifications.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Page title={t`Notifications`} width="narrow">
      {header}
      <Filters current={filter} />
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
        <EmptyState
          icon={<BellOff aria-hidden="true" />}
          title={filter === 'mentions' ? messages.notifications.emptyMentions : messages.notifications.empty}
        />
      ) : (
        <ul className={styles.list} aria-label={filter === 'mentions' ? t`Mentions` : t`All notifications`}>
          {items.map((notification) => (
            <NotificationItem
              key={notification.id}
              notification={notification}
              followBack={followBack(notification)}
            />
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
