/** The AppShell with its slots filled by the features that own them, and the live stream open. */
import { useViewer } from '@/features/auth/api/get-me.ts';
import { useLiveUpdates } from '@/features/live/use-live-updates.ts';
import { TopBarBell } from '@/features/notifications/top-bar-bell.tsx';
import { UnreadBadge } from '@/features/notifications/unread-badge.tsx';
import { UserSearch } from '@/features/search/user-search.tsx';
import { AppShell } from './app-shell.tsx';

export function SignedInShell() {
  const me = useViewer();
  useLiveUpdates(me.user.id);
  return (
    <AppShell
      searchSlot={<UserSearch />}
      notificationSlot={<TopBarBell />}
      badges={{ Notification: <UnreadBadge /> }}
    />
  );
}
