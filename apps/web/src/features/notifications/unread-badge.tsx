import { plural } from '@lingui/core/macro';
import { useUnreadCount } from './api/get-unread-count.ts';
import styles from './unread-badge.module.css';

/** The unread count beside Notification; hidden at zero. */
export function UnreadBadge() {
  const { data: count = 0 } = useUnreadCount();
  if (count === 0) return null;
  return (
    <span className={styles.badge}>
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="visually-hidden">{plural(count, { one: '# unread', other: '# unread' })}</span>
    </span>
  );
}
