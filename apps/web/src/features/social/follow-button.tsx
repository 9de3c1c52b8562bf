import { messages } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { UserCheck, UserPlus } from 'lucide-react';
import { Button } from '@/components/button.tsx';
import { useFollow } from './api/follow.ts';

/** Follow / Unfollow; the initial state comes from my own following (SPEC.md §4). */
export function FollowButton({ userId, following }: { userId: string; following: boolean }) {
  const follow = useFollow(userId, { successMessage: messages.social.followed });
  return (
    <Button
      variant={following ? 'secondary' : 'primary'}
      icon={
        following ? <UserCheck aria-hidden="true" size={18} /> : <UserPlus aria-hidden="true" size={18} />
      }
      onClick={() => follow.mutate(!following)}
    >
      {following ? t`Unfollow` : t`Follow`}
    </Button>
  );
}
