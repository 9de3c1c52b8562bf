/**
 * One reported thing in /admin/reports: what was reported (the snapshot) beside what it is now,
 * every report with its reason, the earlier handled ones, and the actions: Dismiss, Remove content,
 * Suspend account (or lift a suspension).
 */

import type { ReportDto, ReportedContentDto, ReportGroupDto } from '@glimpse/shared';
import { paths, remoteHostOf } from '@glimpse/shared';
import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'react-router';
import { AuthorLine } from '@/components/author-line.tsx';
import { Button } from '@/components/button.tsx';
import { TimeAgo } from '@/components/time-ago.tsx';
import { fullName } from '@/lib/format.ts';
import { ActionDialog } from './action-dialog.tsx';
import { type ReportAction, useModerate } from './api/moderation.ts';
import styles from './moderation.module.css';

const kindLabel = {
  get account() {
    return t`Account`;
  },
  get post() {
    return t`Post`;
  },
  get comment() {
    return t`Comment`;
  },
  get event() {
    return t`Event`;
  },
};

function linkOf(group: ReportGroupDto): string | null {
  if (!group.current) return null;
  if (group.targetType === 'post') return paths.postDetail(group.targetId);
  if (group.targetType === 'comment') return group.postId ? paths.postDetail(group.postId) : null;
  if (group.targetType === 'event') return paths.eventDetail(group.targetId);
  return paths.userPublicFeed(group.targetId);
}

function Content({ label, content }: { label: string; content: ReportedContentDto | null }) {
  return (
    <figure className={styles.content}>
      <figcaption>{label}</figcaption>
      {content ? (
        <>
          <p>{content.text || '—'}</p>
          {content.imageUrl && (
            <img className={styles.contentImage} src={content.imageUrl} alt="" loading="lazy" />
          )}
        </>
      ) : (
        <p>
          <Trans>Removed</Trans>
        </p>
      )}
    </figure>
  );
}

const resolutionLabel: Record<string, string> = {
  get dismissed() {
    return t`Dismissed`;
  },
  get content_removed() {
    return t`Content removed`;
  },
  get account_suspended() {
    return t`Account suspended`;
  },
  get duplicate() {
    return t`Duplicate`;
  },
};

/** "25 reports from social.example": the Flags one server sent about the thing, counted on one report. */
function fromServer(report: ReportDto): string | null {
  const host = report.reporter ? remoteHostOf(report.reporter.username) : null;
  const { count } = report;
  if (count < 2 || !host) return null;
  return plural(count, { one: `# report from ${host}`, other: `# reports from ${host}` });
}

/** The server rules the reporter ticked, as one line. */
function RulesBroken({ rules }: { rules: string }) {
  return (
    <p className={styles.meta}>
      <Trans>
        Rules broken: <bdi>{rules}</bdi>
      </Trans>
    </p>
  );
}

function ReportItem({ report, server }: { report: ReportDto; server: string | null }) {
  const counted = fromServer(report);
  return (
    <li className={styles.report}>
      <p className={styles.reason}>
        “<bdi>{report.reason}</bdi>”
      </p>
      {report.rules.length > 0 && <RulesBroken rules={report.rules.map((rule) => rule.text).join(' · ')} />}
      <span className={styles.meta}>
        {report.reporter ? (
          <Trans>
            Reported by <bdi>{fullName(report.reporter)}</bdi>
          </Trans>
        ) : (
          t`Reported`
        )}{' '}
        · <TimeAgo iso={report.createdAt} />
        {counted && (
          <>
            {' · '}
            <strong>{counted}</strong>
          </>
        )}
        {report.forwarded && server && ` · ${t`Forwarded to ${server}`}`}
        {report.resolution && ` · ${resolutionLabel[report.resolution] ?? report.resolution}`}
      </span>
    </li>
  );
}

/** "Post reported 3 times": the kind, then how often, by the language's plural rules. */
const reportedTimes = (kind: string, count: number) =>
  plural(count, { one: `${kind} reported # time`, other: `${kind} reported # times` });

type Pending = { kind: ReportAction | 'lift'; title: string; description: string; confirm: string };

export function ReportGroup({ group, open }: { group: ReportGroupDto; open: boolean }) {
  const moderate = useModerate();
  const [pending, setPending] = useState<Pending | null>(null);
  const owner = group.account ? fullName(group.account) : 'this account';
  const server = group.account ? remoteHostOf(group.account.username) : null;
  const canSuspend = !group.accountSuspended && !group.accountDeleted;
  const latest = group.reports[0];
  const link = linkOf(group);
  const headingId = `report-${group.targetType}-${group.targetId}`;

  function confirm(note: string) {
    if (!pending) return Promise.resolve();
    if (pending.kind === 'lift')
      return moderate.mutateAsync({ kind: 'lift', userId: group.account!.userId, note });
    return moderate.mutateAsync({ kind: pending.kind, reportId: latest!.id, note });
  }

  return (
    <li className={styles.group} aria-labelledby={headingId}>
      <div className={styles.groupHead}>
        <h2 id={headingId} className={styles.kind}>
          {reportedTimes(
            kindLabel[group.targetType],
            group.reports.reduce((sum, report) => sum + report.count, 0),
          )}
          {group.accountSuspended && (
            <span className={`${styles.badge} ${styles.suspended}`}>
              <Trans>Suspended</Trans>
            </span>
          )}
          {group.accountDeleted && (
            <span className={styles.badge}>
              <Trans>Account deleted</Trans>
            </span>
          )}
        </h2>
        {link && (
          <Link to={link}>
            <Trans>Open</Trans>
          </Link>
        )}
      </div>
      {group.account && <AuthorLine author={group.account} />}
      {group.invitedBy && (
        <p className={styles.meta}>
          <Trans>
            Invited by <bdi>{fullName(group.invitedBy)}</bdi>
          </Trans>
        </p>
      )}
      <div className={styles.contents}>
        <Content label={t`When reported`} content={latest?.snapshot ?? null} />
        <Content label={t`Now`} content={group.current} />
      </div>
      <ul className={styles.reports} aria-label={t`Reports`}>
        {group.reports.map((report) => (
          <ReportItem key={report.id} report={report} server={server} />
        ))}
      </ul>
      {group.earlier.length > 0 && (
        <details>
          <summary>
            <Trans>Earlier reports ({group.earlier.length})</Trans>
          </summary>
          <ul className={styles.reports}>
            {group.earlier.map((report) => (
              <ReportItem key={report.id} report={report} server={server} />
            ))}
          </ul>
        </details>
      )}
      <div className={styles.actions}>
        {open && latest && (
          <>
            <Button
              variant="secondary"
              onClick={() =>
                setPending({
                  kind: 'dismiss',
                  title: t`Dismiss these reports?`,
                  description: t`Nothing is removed. The reporters are told their report was reviewed.`,
                  confirm: t`Dismiss`,
                })
              }
            >
              <Trans>Dismiss</Trans>
            </Button>
            {group.targetType !== 'account' && group.current && (
              <Button
                variant="secondary"
                onClick={() =>
                  setPending({
                    kind: 'remove-content',
                    title: `Remove this ${group.targetType}?`,
                    description: `It is deleted for everyone, as if ${owner} had deleted it. The report keeps its snapshot.`,
                    confirm: t`Remove content`,
                  })
                }
              >
                <Trans>Remove content</Trans>
              </Button>
            )}
            {canSuspend && (
              <Button
                variant="danger"
                onClick={() =>
                  setPending({
                    kind: 'suspend',
                    title: `Suspend ${owner}?`,
                    description: `${owner} is signed out everywhere and cannot sign in; everything they made is hidden until the suspension is lifted.`,
                    confirm: t`Suspend account`,
                  })
                }
              >
                <Trans>Suspend account</Trans>
              </Button>
            )}
          </>
        )}
        {group.accountSuspended && group.account && (
          <Button
            variant="secondary"
            onClick={() =>
              setPending({
                kind: 'lift',
                title: `Lift the suspension of ${owner}?`,
                description: `${owner} can sign in again, and everything they made comes back.`,
                confirm: t`Lift suspension`,
              })
            }
          >
            <Trans>Lift suspension</Trans>
          </Button>
        )}
      </div>
      <ActionDialog
        open={pending !== null}
        title={pending?.title ?? ''}
        description={pending?.description ?? ''}
        confirmLabel={pending?.confirm ?? ''}
        onConfirm={confirm}
        onClose={() => setPending(null)}
      />
    </li>
  );
}
