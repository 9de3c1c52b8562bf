import { messages } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { UserCheck } from 'lucide-react';
import { Button } from '@/components/button.tsx';
import { useFollow } from './api/follow.ts';
import styles from './follow-back-button.module.css';

/** Follow back on a new-follower notification, or "Following" once I do. */
export function FollowBackButton({ userId, following }: { userId: string; following: boolean }) {
  const follow = useFollow(userId, { successMessage: messages.social.followedBack });
  if (following || follow.data?.following) {
    return (
      <span className={styles.following}>
        <UserCheck aria-hidden="true" size={16} /> <Trans>Following</Trans>
      </span>
    );
  }
  return (
    <Button size="sm" onClick={() => follow.mutate(true)} busy={follow.isPending} busyLabel={t`Following...`}>
      <Trans>Follow back</Trans>
    </Button>
  );
}
