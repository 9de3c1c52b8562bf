/** POST /api/feedback: stores the text as the signed-in member and answers its id and time. */
import type { FeedbackDto, FeedbackInput } from '@glimpse/shared';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';

export function sendFeedback(input: FeedbackInput): Promise<FeedbackDto> {
  return apiFetch<FeedbackDto>('/api/feedback', { method: 'POST', json: input });
}

export function useSendFeedback() {
  return useMutation({ mutationFn: sendFeedback });
}
