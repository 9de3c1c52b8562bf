/** The AppShell with its slots filled by the features that own them, and the live stream open. */
import { lazy, Suspense } from 'react';

import { EmailVerificationBanner } from '@/features/account/email-verification-banner.tsx';
import { TopBarBell } from '@/features/notifications/top-bar-bell.tsx';
import { UnreadBadge } from '@/features/notifications/unread-badge.tsx';
import { UserSearch } from '@/features/search/user-search.tsx';
import { withRestOfCatalog } from '@/lib/i18n.ts';
import { useViewer } from '@/lib/session.ts';
import { useAfterStart } from '@/lib/use-after-start.ts';
import { AppShell } from './app-shell.tsx';
import { useLiveUpdates } from './live-updates.ts';

// Moderators only, and its count waits for the end of start-up anyway: out of the first screen's JS,
// loaded (with the rest of the catalog) once start-up is over.
const ModerationBadge = lazy(
  withRestOfCatalog(async () => ({
    default: (await import('@/features/safety/moderation-badge.tsx')).ModerationBadge,
  })),
);

export function SignedInShell() {
  const me = useViewer();
  const started = useAfterStart();
  useLiveUpdates(me.user.id);
  return (
    <AppShell
      searchSlot={<UserSearch />}
      notificationSlot={<TopBarBell />}
      bannerSlot={<EmailVerificationBanner />}
      badges={{
        Notification: <UnreadBadge />,
        ...(started &&
          (me.user.role === 'moderator' || me.user.role === 'admin') && {
            Moderation: (
              <Suspense fallback={null}>
                <ModerationBadge />
              </Suspense>
            ),
          }),
      }}
    />
  );
}
