import { Trans } from '@lingui/react/macro';
import styles from './past-badge.module.css';

/** Marks an event whose (last) start time has gone by, or, with its label, one that was cancelled. */
export function PastBadge({ label }: { label?: string }) {
  return <span className={styles.badge}>{label ?? <Trans>Past</Trans>}</span>;
}
