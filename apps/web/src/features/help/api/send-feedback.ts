/** POST /api/feedback: stores the text as the signed-in member and answers its id and time. */
import type { FeedbackDto, FeedbackInput } from '@glimpse/shared';
import { useMutation } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client.ts';

export function sendFeedback(input: FeedbackInput): Promise<FeedbackDto> {
  return request(api.feedback.$post({ json: input }));
}

export function useSendFeedback() {
  return useMutation({ mutationFn: sendFeedback });
}
