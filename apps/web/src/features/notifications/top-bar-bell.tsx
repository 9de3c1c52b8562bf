import { paths } from '@glimpse/shared';
import { plural, t } from '@lingui/core/macro';
import { Bell } from 'lucide-react';
import { Link } from 'react-router';
import { useUnreadCount } from './api/get-unread-count.ts';
import styles from './top-bar-bell.module.css';

/**
 * The top bar's badge (SPEC.md §2). Its name avoids the word "Notification" so the side
 * navigation's link keeps that name to itself.
 */
export function TopBarBell() {
  const { data: count = 0 } = useUnreadCount();
  return (
    <Link
      to={paths.notifications}
      className={styles.bell}
      aria-label={count ? plural(count, { one: '# unread alert', other: '# unread alerts' }) : t`Alerts`}
    >
      <Bell aria-hidden="true" size={22} />
      {count > 0 && (
        <span className={styles.count} aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
