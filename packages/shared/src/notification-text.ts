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

function who(names: readonly string[], count: number): string {
  const [first = 'Someone', second] = names;
  if (count <= 1) return first;
  if (count === 2 && second) return `${first} and ${second}`;
  return `${first} and ${count - 1} ${count - 1 === 1 ? 'other' : 'others'}`;
}

export function notificationText({
  type,
  actorNames,
  actorCount,
  eventTitle,
}: NotificationTextInput): string {
  const people = who(actorNames, actorCount);
  const event = eventTitle ? `your event “${eventTitle}”` : 'your event';
  switch (type) {
    case 'new_follower':
      return `${people} started following you`;
    case 'post_like':
      return `${people} liked your post`;
    case 'post_comment':
      return `${people} commented on your post`;
    case 'mention':
      return `${people} mentioned you`;
    case 'event_interest':
      return `${people} ${actorCount > 1 ? 'are' : 'is'} interested in ${event}`;
    case 'report_reviewed':
      return 'Your report was reviewed';
    case 'event_reminder':
      return eventTitle
        ? `Reminder: “${eventTitle}” is tomorrow`
        : 'Reminder: an event you are interested in is tomorrow';
  }
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
  return paths.notifications;
}
