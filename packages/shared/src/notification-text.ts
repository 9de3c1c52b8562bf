/**
 * The one sentence a notification group reads as, on /notifications and in a push: "Ana Lee and
 * 3 others liked your post". Names are the latest people first; `actorCount` counts them all.
 * Nothing private (a comment's text, a caption) goes in: a push shows this on a lock screen.
 */
import type { NotificationType } from './dto.ts';
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

const member = (text: string): SentencePart => ({ text, byMember: true });
const words = (text: string): SentencePart => ({ text });

function who(names: readonly string[], count: number): SentencePart[] {
  const [first, second] = names;
  const lead = first === undefined ? words('Someone') : member(first);
  if (count <= 1) return [lead];
  if (count === 2 && second) return [lead, words(' and '), member(second)];
  return [lead, words(` and ${count - 1} ${count - 1 === 1 ? 'other' : 'others'}`)];
}

/** The sentence in runs, for a screen that isolates what members wrote. */
export function notificationParts({
  type,
  actorNames,
  actorCount,
  eventTitle,
}: NotificationTextInput): SentencePart[] {
  const people = who(actorNames, actorCount);
  const event = eventTitle ? [words('your event “'), member(eventTitle), words('”')] : [words('your event')];
  switch (type) {
    case 'new_follower':
      return [...people, words(' started following you')];
    case 'post_like':
      return [...people, words(' liked your post')];
    case 'post_comment':
      return [...people, words(' commented on your post')];
    case 'mention':
      return [...people, words(' mentioned you')];
    case 'event_interest':
      return [...people, words(` ${actorCount > 1 ? 'are' : 'is'} interested in `), ...event];
    case 'report_reviewed':
      return [words('Your report was reviewed')];
    case 'event_reminder':
      return eventTitle
        ? [words('Reminder: “'), member(eventTitle), words('” is coming up')]
        : [words('Reminder: an event you are going to is coming up')];
    case 'event_changed':
      return eventTitle
        ? [words('The time or place of “'), member(eventTitle), words('” changed')]
        : [words('The time or place of an event you joined changed')];
    case 'event_cancelled':
      return eventTitle
        ? [words('“'), member(eventTitle), words('” was cancelled')]
        : [words('An event you joined was cancelled')];
    case 'follow_request':
      return [...people, words(` ${actorCount > 1 ? 'ask' : 'asks'} to follow you`)];
    case 'follow_accepted':
      return [...people, words(' accepted your follow request')];
    case 'event_promoted':
      return eventTitle
        ? [words('A place opened up: you are going to “'), member(eventTitle), words('”')]
        : [words('A place opened up: you are going')];
  }
}

export function notificationText(input: NotificationTextInput): string {
  return notificationParts(input)
    .map((part) => part.text)
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
  if (group.type === 'follow_accepted' && group.actorId) return paths.userPublicFeed(group.actorId);
  return paths.notifications;
}
