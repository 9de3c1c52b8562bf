/**
 * The one sentence a notification group reads as, on /notifications and in a push: "Ana Lee and
 * 3 others liked your post". Names are the latest people first; `actorCount` counts them all.
 * Nothing private (a comment's text, a caption) goes in: a push shows this on a lock screen.
 */

import { isolated } from './display-text.ts';
import type { NotificationType } from './dto.ts';
import { messages } from './messages.ts';
import { paths } from './routes.ts';

export interface NotificationTextInput {
  type: NotificationType;
  actorNames: readonly string[];
  actorCount: number;
  eventTitle: string | null;
}

/**
 * A run of the sentence: the app's words, or text a member wrote (a name, an event title), which
 * the web app shows isolated so that it cannot reorder the words after it (display-text.ts).
 */
export interface SentencePart {
  text: string;
  byMember?: true;
}

/**
 * Names and titles go into a translated sentence as markers the translation cannot contain (Unicode
 * private use), so that the sentence can be cut back into the app's words and the member's text
 * wherever the language puts them.
 */
const marker = (index: number) => `\uE000${index}\uE001`;
const markers = /\uE000(\d+)\uE001/;

function toParts(sentence: string, memberTexts: readonly string[]): SentencePart[] {
  const parts: SentencePart[] = [];
  const pieces = sentence.split(markers);
  pieces.forEach((piece, i) => {
    if (i % 2 === 1) parts.push({ text: memberTexts[Number(piece)] ?? '', byMember: true });
    else if (piece) parts.push({ text: piece });
  });
  return parts;
}

/** "Ana", "Ana and Bo", "Ana and 3 others", with the names as markers 0 and 1. */
function who(names: readonly string[], count: number): string {
  const [first, second] = names;
  const lead = first === undefined ? messages.notificationText.someone : marker(0);
  if (count <= 1) return lead;
  if (count === 2 && second) return messages.notificationText.two(lead, marker(1));
  return messages.notificationText.many(lead, count - 1);
}

/** The sentence in runs, for a screen that isolates what members wrote. */
export function notificationParts({
  type,
  actorNames,
  actorCount,
  eventTitle,
}: NotificationTextInput): SentencePart[] {
  const text = messages.notificationText;
  const people = who(actorNames, actorCount);
  const count = Math.max(actorCount, 1);
  // Marker 2 is the event's title (0 and 1 are names).
  const title = marker(2);
  const sentence = (() => {
    switch (type) {
      case 'new_follower':
        return text.followed(people, count);
      case 'post_like':
        return text.liked(people, count);
      case 'post_comment':
        return text.commented(people, count);
      case 'mention':
        return text.mentioned(people, count);
      case 'post_boost':
        return text.boosted(people, count);
      case 'post_quote':
        return text.quoted(people, count);
      case 'follow_request':
        return text.askedToFollow(people, count);
      case 'follow_accepted':
        return text.acceptedFollow(people, count);
      case 'account_moved':
        return text.moved(people, count);
      case 'event_interest':
        return eventTitle ? text.interested(people, count, title) : text.interestedNoTitle(people, count);
      case 'report_reviewed':
        return text.reviewed;
      case 'sign_ups_waiting':
        return text.signUpsWaiting;
      case 'event_reminder':
        return eventTitle ? text.reminder(title) : text.reminderNoTitle;
      case 'event_changed':
        return eventTitle ? text.changed(title) : text.changedNoTitle;
      case 'event_cancelled':
        return eventTitle ? text.cancelled(title) : text.cancelledNoTitle;
      case 'event_promoted':
        return eventTitle ? text.promoted(title) : text.promotedNoTitle;
    }
  })();
  return toParts(sentence, [actorNames[0] ?? '', actorNames[1] ?? '', eventTitle ?? '']);
}

export function notificationText(input: NotificationTextInput): string {
  return notificationParts(input)
    .map((part) => part.text)
    .join('');
}

/**
 * The sentence as plain text for a place that has no `<bdi>`, a push on a lock screen: what members
 * wrote goes between first-strong isolates (U+2068 … U+2069), so that a Latin name in an Arabic
 * sentence, or an Arabic name in an English one, keeps the words around it in their order.
 * Names cannot smuggle in their own isolates: display names refuse bidi controls (display-text.ts).
 */
export function notificationPlainText(input: NotificationTextInput): string {
  return notificationParts(input)
    .map((part) => (part.byMember ? isolated(part.text) : part.text))
    .join('');
}

/** Where a group leads: its post, its event, the new follower's profile. */
export function notificationLink(group: {
  type: NotificationType;
  postId: string | null;
  eventId: string | null;
  actorId: string | null;
}): string {
  if (group.postId) return paths.postDetail(group.postId);
  if (group.eventId) return paths.eventDetail(group.eventId);
  if (group.type === 'new_follower' && group.actorId) return paths.userPublicFeed(group.actorId);
  if (group.type === 'follow_request') return paths.followRequests;
  if (group.type === 'sign_ups_waiting') return paths.adminRegistrations;
  if ((group.type === 'follow_accepted' || group.type === 'account_moved') && group.actorId)
    return paths.userPublicFeed(group.actorId);
  return paths.notifications;
}
