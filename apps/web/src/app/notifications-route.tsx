/**
 * /notifications composes two features: the notifications, with the social feature's Follow back on
 * new followers and its "Follow requests" link while any wait.
 */
import { NotificationsScreen } from '@/features/notifications/notifications-screen.tsx';
import { FollowBackButton } from '@/features/social/follow-back-button.tsx';
import { FollowRequestsLink } from '@/features/social/follow-requests-screen.tsx';

export function NotificationsRoute() {
  return (
    <NotificationsScreen
      header={<FollowRequestsLink />}
      followBack={(notification) =>
        notification.actors[0] && (
          <FollowBackButton userId={notification.actors[0].userId} following={notification.followingActor} />
        )
      }
    />
  );
}
