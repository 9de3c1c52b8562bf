/** The count of open reports beside Moderation in the side nav; live through the reports message. */
import { Trans } from '@lingui/react/macro';
import { useAfterStart } from '@/lib/use-after-start.ts';
import { useOpenReportCount } from './api/moderation.ts';
import styles from './moderation.module.css';

export function ModerationBadge() {
  const count = useOpenReportCount(useAfterStart()).data?.count ?? 0;
  if (count === 0) return null;
  return (
    <span className={styles.count} data-testid="open-report-count">
      {count > 99 ? '99+' : count}
      <span className="visually-hidden">
        {' '}
        <Trans>open reports</Trans>
      </span>
    </span>
  );
}
