/**
 * Every background task of the server and when the periodic ones run: the list a job runner runs
 * (runtime/worker.ts, and the test driver). Each task lives beside the work it does; this is the
 * one place that names them all. A task added here needs nothing else: jobs queued for it wait in
 * the database until a runner knows it.
 */

import { dataExportsSweepTask, dataExportTask } from '../composers/account/data-export.ts';
import { backfillTask } from '../composers/federation/mirror/backfill.ts';
import { remoteMediaEvictTask } from '../composers/federation/mirror/media-cache.ts';
import { federateEventPromotionTask, federateEventTask } from '../composers/federation/outbox/events.ts';
import { farewellTask } from '../composers/federation/outbox/farewell.ts';
import {
  federateBlockTask,
  federateCommentTask,
  federateLikeTask,
  federateShareTask,
} from '../composers/federation/outbox/interactions.ts';
import { federateEventJoinTask } from '../composers/federation/outbox/joins.ts';
import { accountMoveTask } from '../composers/federation/outbox/move-task.ts';
import { federatePostTask } from '../composers/federation/outbox/posts.ts';
import { federateQuoteTask } from '../composers/federation/outbox/quotes.ts';
import { forwardReportTask } from '../composers/federation/outbox/reports.ts';
import {
  federationDeliveryTask,
  federationKvSweepTask,
  federationMessageTask,
} from '../composers/federation/transport/jobs.ts';
import { archiveImportTask } from '../composers/import/service.ts';
import { pushGroupTask } from '../composers/mastodon-api/push-delivery.ts';
import { idempotencyKeysSweepTask } from '../composers/mastodon-api/statuses.ts';
import { sweepRateLimitWindows } from '../core/rate-limit.ts';
import type { AppDeps } from '../deps.ts';
import type { Env } from '../env.ts';
import { announcementStartTask } from '../features/community/announcements.ts';
import { dailyStatsSnapshotTask } from '../features/community/dashboard.ts';
import { eventNextDatesTask } from '../features/events/next-dates.ts';
import { eventRemindersTask } from '../features/events/reminders.ts';
import { avifEncodeTask, avifSweepTask } from '../features/images/avif.ts';
import { orphanImagesSweepTask } from '../features/images/service.ts';
import { videoAbandonedSweepTask, videoTranscodeTask } from '../features/images/video.ts';
import { moveLegacyReportSnapshots } from '../features/safety/reports.ts';
import type { CronEntry, JobLane } from '../jobs/runner.ts';
import { defineTask, type Task } from '../jobs/task.ts';
import { mailDeliveriesSweepTask, mailSendTask } from '../mail/mailer.ts';

/** What a task may use: the app's dependencies (a job has no actor). */
export type JobDeps = AppDeps;

const rateLimitsSweepTask = defineTask<Record<string, never>, JobDeps>({
  name: 'rate_limits_sweep',
  queueName: 'maintenance',
  async run(_, { db }) {
    await sweepRateLimitWindows(db);
  },
});

/** Report pictures older versions kept in the public `images/` folder move to the private one. */
const reportPicturesMoveTask = defineTask<Record<string, never>, JobDeps>({
  name: 'report_pictures_move',
  queueName: 'maintenance',
  async run(_, deps) {
    const moved = await moveLegacyReportSnapshots({ ctx: deps, input: {} });
    if (moved) deps.logger.info({ moved }, 'moved report pictures to the private folder');
  },
});

export const tasks: readonly Task<never, JobDeps>[] = [
  mailSendTask,
  pushGroupTask,
  avifEncodeTask,
  dataExportTask,
  eventRemindersTask,
  eventNextDatesTask,
  orphanImagesSweepTask,
  rateLimitsSweepTask,
  dataExportsSweepTask,
  avifSweepTask,
  mailDeliveriesSweepTask,
  reportPicturesMoveTask,
  federationMessageTask,
  federationDeliveryTask,
  forwardReportTask,
  federatePostTask,
  backfillTask,
  federateEventTask,
  federateEventJoinTask,
  federateEventPromotionTask,
  federateLikeTask,
  federateShareTask,
  federateQuoteTask,
  federateCommentTask,
  farewellTask,
  accountMoveTask,
  federateBlockTask,
  federationKvSweepTask,
  archiveImportTask,
  remoteMediaEvictTask,
  idempotencyKeysSweepTask,
  dailyStatsSnapshotTask,
  announcementStartTask,
  videoTranscodeTask,
  videoAbandonedSweepTask,
];

/**
 * The hourly housekeeping, at different minutes and on one named queue, so the sweeps run one
 * after another rather than holding several connections at once. Event reminders look every five
 * minutes for dates within the next day or hour that still owe one, so a tick missed across a
 * restart is made up by the next, and repeating events move on to their next dates as often; the
 * sweeps simply run at the next hour.
 */
export const cron: readonly CronEntry<JobDeps>[] = [
  { task: eventRemindersTask, match: '*/5 * * * *' },
  { task: eventNextDatesTask, match: '*/5 * * * *' },
  { task: orphanImagesSweepTask, match: '15 * * * *' },
  { task: rateLimitsSweepTask, match: '25 * * * *' },
  { task: dataExportsSweepTask, match: '35 * * * *' },
  { task: avifSweepTask, match: '45 * * * *' },
  { task: mailDeliveriesSweepTask, match: '55 * * * *' },
  { task: reportPicturesMoveTask, match: '50 * * * *' },
  { task: federationKvSweepTask, match: '40 * * * *' },
  { task: remoteMediaEvictTask, match: '05 * * * *' },
  { task: idempotencyKeysSweepTask, match: '30 * * * *' },
  { task: dailyStatsSnapshotTask, match: '20 * * * *' },
  { task: videoAbandonedSweepTask, match: '25 * * * *' },
];

/**
 * The work a person is waiting for as it runs: a confirmation or reset mail, a push. Their lane is
 * theirs alone, so an import, its AVIF encodes or an export filling every other slot never delays them.
 */
export const waitedForTasks: readonly Task<never, JobDeps>[] = [mailSendTask, pushGroupTask];

/**
 * How a job-running process splits its slots (jobs/runner.ts `startJobRunners`): mail and pushes on
 * MAIL_JOB_CONCURRENCY slots of their own (`waitedForTasks`), Fedify's incoming
 * activities and fan-outs on FEDERATION_JOB_CONCURRENCY slots of their own, deliveries on
 * FEDERATION_DELIVERY_CONCURRENCY's, every other task on JOB_CONCURRENCY's. A post's 100 deliveries
 * then wait behind neither an import nor incoming activities, and, few at a time, they leave the
 * process's web answers their CPU (the fan-out still ends in seconds: docs/performance.md).
 */
export function jobLanes(
  env: Pick<
    Env,
    | 'JOB_CONCURRENCY'
    | 'FEDERATION_JOB_CONCURRENCY'
    | 'FEDERATION_DELIVERY_CONCURRENCY'
    | 'FEDERATION_DELIVERY_RATE'
    | 'MAIL_JOB_CONCURRENCY'
  >,
): readonly JobLane<JobDeps>[] {
  const ownLanes: readonly unknown[] = [
    ...waitedForTasks,
    federationMessageTask,
    federationDeliveryTask,
    videoTranscodeTask,
  ];
  return [
    {
      tasks: waitedForTasks,
      concurrency: env.MAIL_JOB_CONCURRENCY,
    },
    {
      tasks: tasks.filter((task) => !ownLanes.includes(task)),
      cron,
      concurrency: env.JOB_CONCURRENCY,
      // Batched so that each job added elsewhere (every incoming activity's) costs this lane one
      // fetch, not one per idle slot.
      batchSize: env.JOB_CONCURRENCY,
    },
    {
      tasks: [federationMessageTask],
      concurrency: env.FEDERATION_JOB_CONCURRENCY,
      // A burst of incoming activities: one query takes a slot-full of them.
      batchSize: env.FEDERATION_JOB_CONCURRENCY,
    },
    {
      tasks: [federationDeliveryTask],
      concurrency: env.FEDERATION_DELIVERY_CONCURRENCY,
      batchSize: env.FEDERATION_DELIVERY_CONCURRENCY,
      startsPerSecond: env.FEDERATION_DELIVERY_RATE,
    },
    // One transcode at a time per process: ffmpeg takes every core it is given, at a low priority
    // (lib/ffmpeg.ts), and a second beside it would only halve both and double the memory.
    { tasks: [videoTranscodeTask], concurrency: 1 },
  ];
}
