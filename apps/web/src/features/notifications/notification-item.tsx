/**
 * One group on /notifications: the latest three avatars, the sentence ("Ana Lima and 3 others
 * liked your post") linking to what it is about, when, and Follow back for a new follower.
 */
import type { NotificationDto } from '@glimpse/shared';
import { notificationLink, notificationParts } from '@glimpse/shared';
import { BellRing, Flag } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Avatar } from '@/components/avatar.tsx';
import { TimeAgo } from '@/components/time-ago.tsx';
import { fullName } from '@/lib/format.ts';
import styles from './notifications-screen.module.css';

function Faces({ notification }: { notification: NotificationDto }) {
  if (notification.actors.length === 0) {
    const Icon = notification.type === 'report_reviewed' ? Flag : BellRing;
    return (
      <span className={styles.systemIcon} aria-hidden="true">
        <Icon size={20} />
      </span>
    );
  }
  return (
    <span className={styles.faces} aria-hidden="true">
      {notification.actors.map((person) => (
        <span key={person.userId} className={styles.face}>
          <Avatar image={person.profileImage} name={fullName(person)} seed={person.userId} size={36} />
        </span>
      ))}
    </span>
  );
}

export function NotificationItem({
  notification,
  followBack,
}: {
  notification: NotificationDto;
  followBack: ReactNode;
}) {
  const sentence = notificationParts({
    type: notification.type,
    actorNames: notification.actors.map(fullName),
    actorCount: notification.actorCount,
    eventTitle: notification.eventTitle,
  });
  const to = notificationLink({ ...notification, actorId: notification.actors[0]?.userId ?? null });
  return (
    <li className={`${styles.item} ${notification.read ? '' : styles.unread}`}>
      <Faces notification={notification} />
      <div className={styles.who}>
        <Link to={to} className={styles.what}>
          {sentence.map((part, i) =>
            // biome-ignore lint/suspicious/noArrayIndexKey: the runs of one sentence never move
            part.byMember ? <bdi key={i}>{part.text}</bdi> : part.text,
          )}
        </Link>
        <TimeAgo iso={notification.createdAt} className={styles.when} />
      </div>
      {notification.type === 'new_follower' && notification.actors.length > 0 && followBack}
    </li>
  );
}
