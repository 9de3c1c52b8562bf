/**
 * The console's Jobs section, for admins: how many background jobs wait, run and have failed, and
 * each failed one with its task, tries, last error and when it runs next (or that it gave up),
 * with Retry to run it again now.
 */

import type { FailedJobDto } from '@glimpse/shared';
import { messages } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Button } from '@/components/button.tsx';
import { useToast } from '@/components/toast.tsx';
import { useJobQueue, useRetryJob } from './api/jobs.ts';
import { triesLine } from './job-tries.ts';
import styles from './moderation.module.css';

/** What each task does, in words; the identifier stays beside it for the logs. */
const taskLabel: Record<string, string> = {
  get mail_send() {
    return t`Email`;
  },
  get push_group() {
    return t`Push notification`;
  },
  get avif_encode() {
    return t`AVIF photo encoding`;
  },
  get data_export_build() {
    return t`Data export`;
  },
  get event_reminders() {
    return t`Event reminders`;
  },
  get orphan_images_sweep() {
    return t`Unattached uploads sweep`;
  },
  get rate_limits_sweep() {
    return t`Rate limit sweep`;
  },
  get data_exports_sweep() {
    return t`Expired exports sweep`;
  },
  get avif_sweep() {
    return t`Missing AVIF sweep`;
  },
  get mail_deliveries_sweep() {
    return t`Sent mail record sweep`;
  },
};

function FailedJob({ job }: { job: FailedJobDto }) {
  const retry = useRetryJob();
  const toast = useToast();
  return (
    <li className={styles.group}>
      <div className={styles.groupHead}>
        <h3 className={styles.kind}>
          {taskLabel[job.task] ?? job.task} <code className={styles.badge}>{job.task}</code>
        </h3>
        <Button
          size="sm"
          variant="secondary"
          busy={retry.isPending}
          busyLabel={t`Retrying...`}
          onClick={() =>
            retry.mutate(job.id, {
              onSuccess: () => toast.success(messages.jobs.retried),
              onError: () => toast.error(messages.jobs.retryFailed),
            })
          }
        >
          <Trans>Retry</Trans>
        </Button>
      </div>
      <p className={styles.reason}>{job.lastError}</p>
      <p className={styles.meta}>{triesLine(job)}</p>
    </li>
  );
}

export function JobsPanel() {
  const queue = useJobQueue();
  if (queue.isPending) return null;
  if (queue.isError) return <p className={styles.meta}>{messages.jobs.loadFailed}</p>;
  const { queued, running, failed, failedJobs } = queue.data;
  return (
    <>
      <dl className={styles.jobCounts} aria-label={t`Job counts`}>
        <div>
          <dt>
            <Trans>Queued</Trans>
          </dt>
          <dd>{queued}</dd>
        </div>
        <div>
          <dt>
            <Trans>Running</Trans>
          </dt>
          <dd>{running}</dd>
        </div>
        <div>
          <dt>
            <Trans>Failed</Trans>
          </dt>
          <dd>{failed}</dd>
        </div>
      </dl>
      {failedJobs.length === 0 ? (
        <p className={styles.meta}>{messages.jobs.noFailed}</p>
      ) : (
        <ul className={styles.groups} aria-label={t`Failed jobs`}>
          {failedJobs.map((job) => (
            <FailedJob key={job.id} job={job} />
          ))}
        </ul>
      )}
    </>
  );
}
