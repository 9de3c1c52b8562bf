/**
 * /admin/reports, for moderators and admins (everyone else gets the app's Not found, as the API
 * answers them 404): reported things grouped by target, Open or Resolved, newest first; then the
 * team, the audit log and, for admins, the background jobs. The list refreshes live when a report
 * arrives (app/live-updates.ts).
 */

import type { ReportGroupPage, ReportListStatus } from '@glimpse/shared';
import { messages, paths } from '@glimpse/shared';
import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { ShieldCheck } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/button.tsx';
import { LoadMore } from '@/components/load-more.tsx';
import { EmptyState, Page } from '@/components/page.tsx';
import { Skeleton } from '@/components/skeleton.tsx';
import { useViewer } from '@/lib/session.ts';
import { useReportGroups } from './api/moderation.ts';
import { AuditLog } from './audit-log.tsx';
import { JobsPanel } from './jobs-panel.tsx';
import styles from './moderation.module.css';
import { ReportGroup } from './report-group.tsx';
import { TeamPanel } from './team-panel.tsx';

function Filter({
  status,
  current,
  children,
}: {
  status: ReportListStatus;
  current: ReportListStatus;
  children: string;
}) {
  return (
    <Link
      to={status === 'open' ? paths.moderation : `${paths.moderation}?status=resolved`}
      className={styles.filter}
      aria-current={status === current ? 'page' : undefined}
    >
      {children}
    </Link>
  );
}

/**
 * Why the list may look short or empty: reports about the viewer or their content are left out
 * (another moderator or admin handles them, and nobody can judge their own case). Says how many,
 * and when nobody else on the team can take them yet.
 */
function LeftOut({
  left: { aboutYou, othersCanHandle },
  status,
}: {
  left: Pick<ReportGroupPage, 'aboutYou' | 'othersCanHandle'>;
  status: ReportListStatus;
}) {
  if (aboutYou === 0) return null;
  const text =
    status === 'resolved'
      ? plural(aboutYou, {
          one: '# resolved report about you or your content is not listed here.',
          other: '# resolved reports about you or your content are not listed here.',
        })
      : othersCanHandle
        ? plural(aboutYou, {
            one: '# open report is about you or your content, so it is not listed here: another moderator or admin handles it.',
            other:
              '# open reports are about you or your content, so they are not listed here: other moderators or admins handle them.',
          })
        : plural(aboutYou, {
            one: '# open report is about you or your content, so it is not listed here. Nobody else on the team can handle it yet: an admin can make a member a moderator under Team.',
            other:
              '# open reports are about you or your content, so they are not listed here. Nobody else on the team can handle them yet: an admin can make a member a moderator under Team.',
          });
  return <p className={styles.leftOut}>{text}</p>;
}

export function ModerationScreen() {
  const [params] = useSearchParams();
  const status: ReportListStatus = params.get('status') === 'resolved' ? 'resolved' : 'open';
  const groups = useReportGroups(status);
  const items = groups.data?.pages.flatMap((page) => page.items) ?? [];
  const first = groups.data?.pages[0];
  const leftOut = first ? <LeftOut left={first} status={status} /> : null;
  const isAdmin = useViewer().user.role === 'admin';

  return (
    <Page title={t`Moderation`}>
      <nav aria-label={t`Report filter`} className={styles.filters}>
        <Filter status="open" current={status}>
          {t`Open`}
        </Filter>
        <Filter status="resolved" current={status}>
          {t`Resolved`}
        </Filter>
      </nav>
      {groups.isPending ? (
        <Skeleton height={240} />
      ) : groups.isError ? (
        <EmptyState title={messages.common.somethingWentWrong}>
          <Button variant="secondary" onClick={() => void groups.refetch()}>
            {messages.common.tryAgain}
          </Button>
        </EmptyState>
      ) : items.length === 0 ? (
        <EmptyState icon={<ShieldCheck />} title={messages.safety.noReports}>
          {leftOut}
        </EmptyState>
      ) : (
        <>
          {leftOut}
          <ul
            className={styles.groups}
            aria-label={status === 'open' ? t`Open reports` : t`Resolved reports`}
          >
            {items.map((group) => (
              <ReportGroup
                key={`${group.targetType}:${group.targetId}`}
                group={group}
                open={status === 'open'}
              />
            ))}
          </ul>
        </>
      )}
      <LoadMore
        hasNextPage={groups.hasNextPage}
        isFetchingNextPage={groups.isFetchingNextPage}
        fetchNextPage={groups.fetchNextPage}
      />
      <section className={styles.section} aria-labelledby="team-heading">
        <h2 id="team-heading">
          <Trans>Team</Trans>
        </h2>
        <TeamPanel />
      </section>
      <section className={styles.section} aria-labelledby="audit-heading">
        <h2 id="audit-heading">
          <Trans>Audit log</Trans>
        </h2>
        <AuditLog />
      </section>
      {isAdmin && (
        <section className={styles.section} aria-labelledby="jobs-heading">
          <h2 id="jobs-heading">
            <Trans>Background jobs</Trans>
          </h2>
          <JobsPanel />
        </section>
      )}
    </Page>
  );
}
