/** /notifications composes two features: the notifications, each with the social feature's Follow back. */
import { NotificationsScreen } from '@/features/notifications/notifications-screen.tsx';
import { FollowBackButton } from '@/features/social/follow-back-button.tsx';

export function NotificationsRoute() {
  return (
    <NotificationsScreen
      followBack={(notification) => (
        <FollowBackButton userId={notification.actor.userId} following={notification.followingActor} />
      )}
    />
  );
}
