import { Trans } from '@lingui/react/macro';
import styles from './past-badge.module.css';

/** Marks an event whose start time has gone by. */
export function PastBadge() {
  return (
    <span className={styles.badge}>
      <Trans>Past</Trans>
    </span>
  );
}
