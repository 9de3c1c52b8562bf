import { Trans } from '@lingui/react/macro';
import { useUnreadCount } from './api/get-unread-count.ts';
import styles from './unread-badge.module.css';

/** The unread count beside Notification; hidden at zero. */
export function UnreadBadge() {
  const { data: count = 0 } = useUnreadCount();
  if (count === 0) return null;
  return (
    <span className={styles.badge}>
      {count > 99 ? '99+' : count}
      <span className="visually-hidden">
        {' '}
        <Trans>unread</Trans>
      </span>
    </span>
  );
}
