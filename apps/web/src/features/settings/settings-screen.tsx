/**
 * /settings: the accounts on this device (switch, Add Account), links to the saved and liked posts,
 * the legal pages and help, About, and Log out (of the active account only).
 */
import { paths } from '@glimpse/shared';
import {
  Ban,
  Bell,
  Bookmark,
  ChevronRight,
  EyeOff,
  FileText,
  Heart,
  Info,
  KeyRound,
  LifeBuoy,
  LogOut,
  type LucideIcon,
  ShieldAlert,
  ShieldCheck,
  Users,
} from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { Page } from '@/components/page.tsx';
import { useViewer } from '@/lib/session.ts';
import { AboutDialog } from './about-dialog.tsx';
import { MediaSettings } from './media-settings.tsx';
import styles from './settings-screen.module.css';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function Row({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <>
      <Icon aria-hidden="true" size={20} className={styles.icon} />
      <span className={styles.label}>{children}</span>
      <ChevronRight aria-hidden="true" size={18} className={styles.chevron} />
    </>
  );
}

function LinkRow({ to, icon, children }: { to: string; icon: LucideIcon; children: string }) {
  return (
    <li>
      <Link to={to} className={styles.row}>
        <Row icon={icon}>{children}</Row>
      </Link>
    </li>
  );
}

interface SettingsScreenProps {
  /** The accounts on this device, from the auth feature (app/settings-route.tsx composes them). */
  accounts: ReactNode;
  logOut: { run: () => void; pending: boolean };
}

export function SettingsScreen({ accounts, logOut }: SettingsScreenProps) {
  const [aboutOpen, setAboutOpen] = useState(false);
  const { role } = useViewer().user;

  return (
    <Page title="Settings" width="narrow">
      <Section title="Accounts">
        <div className={styles.card}>{accounts}</div>
      </Section>

      <Section title="Preferences">
        <ul className={styles.card}>
          <LinkRow to={paths.settingsAccount} icon={KeyRound}>
            Account
          </LinkRow>
          <LinkRow to={paths.settingsNotifications} icon={Bell}>
            Notifications
          </LinkRow>
        </ul>
      </Section>

      <Section title="Your posts">
        <ul className={styles.card}>
          <LinkRow to={paths.savedPosts} icon={Bookmark}>
            Saved
          </LinkRow>
          <LinkRow to={paths.likedPosts} icon={Heart}>
            Liked
          </LinkRow>
        </ul>
      </Section>

      <Section title="Safety">
        <ul className={styles.card}>
          <LinkRow to={paths.blockedAccounts} icon={Ban}>
            Blocked accounts
          </LinkRow>
          <LinkRow to={paths.mutedWords} icon={EyeOff}>
            Muted words
          </LinkRow>
          {(role === 'moderator' || role === 'admin') && (
            <LinkRow to={paths.moderation} icon={ShieldAlert}>
              Moderation
            </LinkRow>
          )}
        </ul>
      </Section>

      <Section title="Media">
        <MediaSettings />
      </Section>

      <Section title="Help and policies">
        <ul className={styles.card}>
          <LinkRow to={paths.terms} icon={FileText}>
            Terms
          </LinkRow>
          <LinkRow to={paths.privacy} icon={ShieldCheck}>
            Privacy
          </LinkRow>
          <LinkRow to={paths.guidelines} icon={Users}>
            Community Guidelines
          </LinkRow>
          <LinkRow to={paths.help} icon={LifeBuoy}>
            Help
          </LinkRow>
          <li>
            <button
              type="button"
              className={styles.row}
              onClick={() => setAboutOpen(true)}
              aria-haspopup="dialog"
            >
              <Row icon={Info}>About</Row>
            </button>
          </li>
        </ul>
      </Section>

      <button
        type="button"
        className={styles.logOut}
        onClick={logOut.run}
        disabled={logOut.pending}
        aria-busy={logOut.pending}
      >
        <LogOut aria-hidden="true" size={20} />
        <span>Log out</span>
      </button>

      <AboutDialog open={aboutOpen} onClose={() => setAboutOpen(false)} />
    </Page>
  );
}
