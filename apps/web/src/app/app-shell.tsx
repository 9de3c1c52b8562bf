/**
 * The signed-in frame: side navigation (desktop) or bottom bar + menu drawer (phone), and the top
 * bar with the search slot, the notification badge slot, the active user's name and avatar (a link to
 * /profile) and the account switcher beside it.
 */

import { paths } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Menu, X } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Avatar } from '@/components/avatar.tsx';
import { Logo } from '@/components/logo.tsx';
import { AccountMenu } from '@/features/auth/account-menu.tsx';
import { fullName } from '@/lib/format.ts';
import { useViewer } from '@/lib/session.ts';
import styles from './app-shell.module.css';
import { PendingOutlet } from './pending-outlet.tsx';
import { BottomNav, type NavBadges, SideNav } from './side-nav.tsx';

interface AppShellProps {
  searchSlot?: ReactNode;
  notificationSlot?: ReactNode;
  /** A notice above every screen (the email confirmation banner), or nothing. */
  bannerSlot?: ReactNode;
  badges?: NavBadges;
}

export function AppShell({ searchSlot, notificationSlot, bannerSlot, badges }: AppShellProps) {
  const me = useViewer();
  const name = fullName(me.profile) || me.user.email;
  const [menuOpen, setMenuOpen] = useState(false);
  const drawer = useRef<HTMLDialogElement>(null);
  const location = useLocation();

  useEffect(() => {
    if (menuOpen) drawer.current?.showModal();
    else drawer.current?.close();
  }, [menuOpen]);

  // Each navigation starts at the top, as a new page would.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on path change by design
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);

  return (
    <div className={styles.shell}>
      <a href="#content" className={styles.skip}>
        <Trans>Skip to content</Trans>
      </a>
      <aside className={styles.sidebar}>
        <Link to={paths.home} className={styles.brand} aria-label={t`Glimpse home`}>
          <Logo />
        </Link>
        <SideNav badges={badges} />
      </aside>

      <header className={styles.topbar}>
        <Link to={paths.home} className={styles.phoneBrand} aria-label={t`Glimpse home`}>
          <Logo compactOnPhone />
        </Link>
        <div className={styles.search}>{searchSlot}</div>
        <div className={styles.end}>
          <span className={styles.bellSlot}>{notificationSlot}</span>
          <Link to={paths.profile} className={styles.me}>
            <Avatar image={me.profile?.profileImage} name={name} seed={me.user.id} size={36} />
            <bdi className={styles.meName}>{name}</bdi>
          </Link>
          <AccountMenu />
          <button
            type="button"
            className={styles.menuButton}
            onClick={() => setMenuOpen(true)}
            aria-label={t`Menu`}
            aria-expanded={menuOpen}
          >
            <Menu aria-hidden="true" />
          </button>
        </div>
      </header>

      <main id="content" className={styles.content} tabIndex={-1}>
        {bannerSlot}
        <PendingOutlet />
      </main>

      <BottomNav badges={badges} />

      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click mirrors Escape, which <dialog> handles natively */}
      <dialog
        ref={drawer}
        className={styles.drawer}
        aria-label={t`Menu`}
        onClose={() => setMenuOpen(false)}
        onClick={(e) => e.target === drawer.current && setMenuOpen(false)}
      >
        {menuOpen && (
          <div className={styles.drawerBody}>
            <div className={styles.drawerHead}>
              <Logo />
              <button
                type="button"
                className={styles.menuButton}
                onClick={() => setMenuOpen(false)}
                aria-label={t`Close menu`}
              >
                <X aria-hidden="true" />
              </button>
            </div>
            <SideNav badges={badges} onNavigate={() => setMenuOpen(false)} />
          </div>
        )}
      </dialog>
    </div>
  );
}
