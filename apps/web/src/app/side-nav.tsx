import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useLogOut } from '@/features/auth/use-log-out.ts';
import { useViewer } from '@/lib/session.ts';
import { navItems } from './nav-items.ts';
import styles from './side-nav.module.css';

/** Slots later features fill: e.g. the unread badge beside Notification. */
export type NavBadges = Partial<Record<string, ReactNode>>;

export function SideNav({ badges = {}, onNavigate }: { badges?: NavBadges; onNavigate?: () => void }) {
  const { logOut, pending } = useLogOut();
  const { role } = useViewer().user;
  const staff = role === 'moderator' || role === 'admin';
  return (
    <nav aria-label={t`Main`} className={styles.nav}>
      <ul className={styles.list}>
        {navItems
          .filter((item) => staff || !item.staffOnly)
          .map(({ name, label, to, icon: Icon }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={to === '/'}
                className={({ isActive }) => `${styles.link} ${isActive ? styles.active : ''}`}
                onClick={onNavigate}
              >
                <Icon aria-hidden="true" size={22} />
                <span>{label}</span>
                {badges[name]}
              </NavLink>
            </li>
          ))}
      </ul>
      <button type="button" className={`${styles.link} ${styles.logOut}`} onClick={logOut} disabled={pending}>
        <LogOut aria-hidden="true" size={22} className="flip-in-rtl" />
        <span>
          <Trans>Log Out</Trans>
        </span>
      </button>
    </nav>
  );
}

export function BottomNav({ badges = {} }: { badges?: NavBadges }) {
  return (
    <nav aria-label={t`Quick`} className={styles.bottom}>
      {navItems
        .filter((item) => item.primary)
        .map(({ name, label, to, icon: Icon }) => (
          <NavLink
            key={to}
            to={to}
            end={to === '/'}
            className={({ isActive }) => `${styles.tab} ${isActive ? styles.active : ''}`}
          >
            <span className={styles.tabIcon}>
              <Icon aria-hidden="true" size={24} />
              {badges[name]}
            </span>
            <span className={styles.tabLabel}>{label}</span>
          </NavLink>
        ))}
    </nav>
  );
}
