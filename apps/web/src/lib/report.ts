/**
 * Filing a report on a post, a comment or an event (trust and safety): every feature that shows
 * one offers "Report …" through this and components/report-button.tsx, so the call lives once.
 * A new report refreshes the moderators' console, which listens on the live stream.
 */
import { api, request } from '@/lib/api-client.ts';

export type ReportableContent = 'post' | 'comment' | 'event';

export function reportContent(
  kind: ReportableContent,
  id: string,
  reason: string,
  forward = false,
  ruleIds: string[] = [],
) {
  const target = { param: { id: encodeURIComponent(id) }, json: { reason, forward, ruleIds } };
  if (kind === 'post') return request(api.posts[':id'].reports.$post(target));
  if (kind === 'comment') return request(api.comments[':id'].reports.$post(target));
  return request(api.events[':id'].reports.$post(target));
}
