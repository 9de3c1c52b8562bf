/** The audit log in the console: who did what to whom, when and why. */

import type { AuditEntryDto } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { LoadMore } from '@/components/load-more.tsx';
import { TimeAgo } from '@/components/time-ago.tsx';
import { fullName } from '@/lib/format.ts';
import { useAuditLog } from './api/moderation.ts';
import styles from './moderation.module.css';

const actionLabel: Record<string, string> = {
  dismiss: 'dismissed the reports on',
  remove_content: 'removed',
  suspend: 'suspended',
  lift_suspension: 'lifted the suspension of',
  set_role: 'changed the role of',
};

/** One entry as a sentence; the names are isolated, so none can reorder the words around it. */
function describe(entry: AuditEntryDto): ReactNode {
  const actor = entry.actor ? <bdi>{fullName(entry.actor)}</bdi> : 'Someone';
  const subject = entry.subject ? <bdi>{fullName(entry.subject)}</bdi> : 'a deleted account';
  const what =
    entry.action === 'suspend' || entry.action === 'lift_suspension' || entry.action === 'set_role' ? (
      subject
    ) : (
      <>
        {subject}’s {entry.targetType}
      </>
    );
  const role = entry.action === 'set_role' && entry.note ? ` to ${entry.note}` : '';
  return (
    <>
      {actor} {actionLabel[entry.action] ?? entry.action} {what}
      {role}
    </>
  );
}

export function AuditLog() {
  const audit = useAuditLog();
  const entries = audit.data?.pages.flatMap((page) => page.items) ?? [];
  if (audit.isPending) return null;
  if (entries.length === 0)
    return (
      <p className={styles.meta}>
        <Trans>Nothing has been done yet.</Trans>
      </p>
    );
  return (
    <>
      <ol className={styles.audit} aria-label={t`Audit log`}>
        {entries.map((entry) => (
          <li key={entry.id}>
            {describe(entry)} · <TimeAgo iso={entry.createdAt} />
            {entry.note && entry.action !== 'set_role' && (
              <div className={styles.meta}>
                <Trans>Why: {entry.note}</Trans>
              </div>
            )}
          </li>
        ))}
      </ol>
      <LoadMore
        auto={false}
        hasNextPage={audit.hasNextPage}
        isFetchingNextPage={audit.isFetchingNextPage}
        fetchNextPage={audit.fetchNextPage}
      />
    </>
  );
}
