/**
 * Feedback rules: only a signed-in member sends feedback, and it is always authored as the caller
 * (the input has no author field to forge). The text arrives trimmed and within limits (FeedbackInput).
 */
import type { FeedbackDto, FeedbackInput } from '@glimpse/shared';
import type { ServiceArgs } from '../../core/service.ts';
import { feedback } from '../../db/schema.ts';

export async function sendFeedback({
  ctx: { db, actor },
  input,
}: ServiceArgs<'db' | 'actor', FeedbackInput>): Promise<FeedbackDto> {
  const [row] = await db
    .insert(feedback)
    .values({ authorId: actor.id, body: input.body })
    .returning({ id: feedback.id, createdAt: feedback.createdAt });
  return { id: row!.id, createdAt: row!.createdAt.toISOString() };
}
