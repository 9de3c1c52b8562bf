import styles from './past-badge.module.css';

/** Marks an event whose start time has gone by. */
export function PastBadge() {
  return <span className={styles.badge}>Past</span>;
}
