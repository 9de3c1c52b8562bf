import { messages } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { UserCheck, UserPlus } from 'lucide-react';
import { Button } from '@/components/button.tsx';
import { useFollow } from './api/follow.ts';

/**
 * Follow / Unfollow; the initial state comes from my own following (SPEC.md §4). Requested while a
 * follow waits for the other side (an account on another server); pressing it takes the request back.
 */
export function FollowButton({
  userId,
  following,
  requested = false,
  disabled = false,
}: {
  userId: string;
  following: boolean;
  requested?: boolean;
  /** An account that moved takes no new follow; an existing one can still be undone. */
  disabled?: boolean;
}) {
  const follow = useFollow(userId, { successMessage: messages.social.followed });
  return (
    <Button
      variant={following || requested ? 'secondary' : 'primary'}
      icon={
        following || requested ? (
          <UserCheck aria-hidden="true" size={18} />
        ) : (
          <UserPlus aria-hidden="true" size={18} />
        )
      }
      disabled={disabled && !following && !requested}
      onClick={() => follow.mutate(!(following || requested))}
    >
      {following ? t`Unfollow` : requested ? t`Requested` : t`Follow`}
    </Button>
  );
}
