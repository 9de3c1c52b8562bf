/** The AppShell with its slots filled by the features that own them, and the live stream open. */

import { EmailVerificationBanner } from '@/features/account/email-verification-banner.tsx';
import { TopBarBell } from '@/features/notifications/top-bar-bell.tsx';
import { UnreadBadge } from '@/features/notifications/unread-badge.tsx';
import { ModerationBadge } from '@/features/safety/moderation-badge.tsx';
import { UserSearch } from '@/features/search/user-search.tsx';
import { useViewer } from '@/lib/session.ts';
import { AppShell } from './app-shell.tsx';
import { useLiveUpdates } from './live-updates.ts';

export function SignedInShell() {
  const me = useViewer();
  useLiveUpdates(me.user.id);
  return (
    <AppShell
      searchSlot={<UserSearch />}
      notificationSlot={<TopBarBell />}
      bannerSlot={<EmailVerificationBanner />}
      badges={{
        Notification: <UnreadBadge />,
        ...((me.user.role === 'moderator' || me.user.role === 'admin') && {
          Moderation: <ModerationBadge />,
        }),
      }}
    />
  );
}
