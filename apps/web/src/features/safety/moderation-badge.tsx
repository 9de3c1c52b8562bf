/** The count of open reports beside Moderation in the side nav; live through the reports message. */
import { plural } from '@lingui/core/macro';
import { useAfterStart } from '@/lib/use-after-start.ts';
import { useOpenReportCount } from './api/moderation.ts';
import styles from './moderation.module.css';

export function ModerationBadge() {
  const count = useOpenReportCount(useAfterStart()).data?.count ?? 0;
  if (count === 0) return null;
  return (
    <span className={styles.count} data-testid="open-report-count">
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="visually-hidden">
        {plural(count, { one: '# open report', other: '# open reports' })}
      </span>
    </span>
  );
}
