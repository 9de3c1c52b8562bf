/** /notifications composes two features: the notifications, with the social feature's Follow back on new followers. */
import { NotificationsScreen } from '@/features/notifications/notifications-screen.tsx';
import { FollowBackButton } from '@/features/social/follow-back-button.tsx';

export function NotificationsRoute() {
  return (
    <NotificationsScreen
      followBack={(notification) =>
        notification.actors[0] && (
          <FollowBackButton userId={notification.actors[0].userId} following={notification.followingActor} />
        )
      }
    />
  );
}
