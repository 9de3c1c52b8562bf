/**
 * The Jobs section of the moderation console: admins see the background queue (queued, running,
 * failed with their last error) and run a failed job again. Moderators and members are told the
 * console's routes do not exist (404), as for the rest of the admin-only console.
 */
import { type JobQueueDto, messages } from '@glimpse/shared';
import { requireAdmin } from '../../core/roles.ts';
import type { ServiceArgs } from '../../core/service.ts';
import { jobQueueSummary, retryJob } from '../../jobs/admin.ts';
import { notFound } from '../../lib/errors.ts';

export async function getJobQueue({ ctx: { db, actor } }: ServiceArgs<'db' | 'actor'>): Promise<JobQueueDto> {
  await requireAdmin(db, actor.id);
  return jobQueueSummary(db);
}

/** Runs a failed job again now with a fresh set of tries; 404 when it is no longer waiting as failed. */
export async function retryFailedJob({
  ctx: { db, actor },
  input: { jobId },
}: ServiceArgs<'db' | 'actor', { jobId: string }>): Promise<{ id: string }> {
  await requireAdmin(db, actor.id);
  if (!(await retryJob(db, jobId))) throw notFound(messages.jobs.notFound);
  return { id: jobId };
}
